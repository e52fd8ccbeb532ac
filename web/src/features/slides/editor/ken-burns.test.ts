import assert from 'node:assert/strict';
import { kenBurnsSave, wholeFrame } from './ken-burns.ts';

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
});
