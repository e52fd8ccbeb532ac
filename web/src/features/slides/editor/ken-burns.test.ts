import assert from 'node:assert/strict';
import { kenBurnsReadout, kenBurnsSave, wholeFrame } from './ken-burns.ts';

const picture = { width: 1600, height: 1200 };

describe('custom zoom', () => {
  it('fills a missing frame with the whole picture at 16:9', () => {
    assert.deepEqual(wholeFrame(picture), { x1: 0, x2: 32000, y1: 4000, y2: 28000 });
    assert.deepEqual(wholeFrame({ width: 3200, height: 900 }), { x1: 8000, x2: 24000, y1: 0, y2: 32000 });
  });

  it('saves when either frame is set, removes when both were cleared, sends nothing unchanged', () => {
    const start = { x1: 0, x2: 16000, y1: 0, y2: 12000 };
    assert.deepEqual(kenBurnsSave(start, null, true, false, picture), { kind: 'save', coords: [start, wholeFrame(picture)] });
    assert.deepEqual(kenBurnsSave(null, null, true, true, picture), { kind: 'clear' });
    assert.deepEqual(kenBurnsSave(null, null, true, false, picture), { kind: 'none' });
    assert.deepEqual(kenBurnsSave(start, start, false, true, picture), { kind: 'none' });
  });

  it('reads a frame out as seven values: corners, then the photo centre in the 1280x720 frame and the zoom', () => {
    // The whole picture (4:3, so a centred 16:9 band) sits centred at 640,360 at scale 1.
    const whole = wholeFrame(picture);
    assert.deepEqual(kenBurnsReadout(whole, picture), ['0', String(whole.y1), '32000', String(whole.y2), '640.0000', '360.0000', '1.0000']);
    // The left half of that band, twice as close: the photo's centre is at the frame's right edge.
    const half = { x1: 0, x2: 16000, y1: whole.y1 + (whole.y2 - whole.y1) / 4, y2: whole.y2 - (whole.y2 - whole.y1) / 4 };
    const [x1, y1, x2, y2, h, v, s] = kenBurnsReadout(half, picture);
    assert.deepEqual([x1, x2], ['0', '16000']);
    assert.equal(Number(y2) - Number(y1), Math.round((whole.y2 - whole.y1) / 2));
    assert.deepEqual([h, v, s], ['1280.0000', '360.0000', '2.0000']);
  });
});

