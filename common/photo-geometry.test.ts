import assert from 'node:assert/strict';
import { editedToOriginal, originalPixelsPer, originalToEdited, photoGeometry } from './photo-geometry.ts';

describe('photo geometry', () => {
  const size = { width: 1200, height: 900 };
  const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} vs ${b}`);

  it('maps a click on the edited photo to the original and back, through turns, straighten and crop', () => {
    for (const edits of [
      { angle: 0, straighten: 0, crop: null },
      { angle: 90, straighten: 0, crop: { x1: 0, x2: 16000, y1: 16000, y2: 32000 } },
      { angle: 270, straighten: -7, crop: { x1: 3000, x2: 29000, y1: 1000, y2: 20000 } },
      { angle: 180, straighten: 12, crop: null },
    ]) {
      for (const [u, v] of [[0.5, 0.5], [0.1, 0.9], [0.8, 0.2]]) {
        const p = editedToOriginal(edits, size, u, v);
        const back = originalToEdited(edits, size, p.x, p.y);
        close(back.u, u, `u ${JSON.stringify(edits)}`);
        close(back.v, v, `v ${JSON.stringify(edits)}`);
      }
    }
  });

  it('puts the edited photo where the turns say', () => {
    // A quarter turn clockwise: the original's top-left corner becomes the top-right corner.
    const p = originalToEdited({ angle: 90, straighten: 0, crop: null }, size, 0, 0);
    close(p.u, 1, 'u');
    close(p.v, 0, 'v');
    const q = editedToOriginal({ angle: 0, straighten: 0, crop: { x1: 16000, x2: 32000, y1: 0, y2: 32000 } }, size, 0, 0.5);
    close(q.x, 600, 'x');
    close(q.y, 450, 'y');
    assert.equal(originalPixelsPer({ angle: 0, straighten: 0, crop: { x1: 0, x2: 16000, y1: 0, y2: 32000 } }, size, 300), 2);
  });

  it('straightening never shows a corner: the window lies inside the turned photo', () => {
    const g = photoGeometry({ angle: 0, straighten: 30, crop: null }, size);
    for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
      const p = editedToOriginal({ angle: 0, straighten: 30, crop: null }, size, x, y);
      assert.ok(p.x >= 0 && p.x <= 1200 && p.y >= 0 && p.y <= 900, `corner ${x},${y} at ${p.x},${p.y}`);
    }
    assert.ok(Math.abs(g.window.width / g.window.height - 4 / 3) < 0.01);
  });
});
