import assert from 'node:assert/strict';
import { parseRange } from './range.ts';

describe('parseRange', () => {
  it('reads the three single-range forms', () => {
    assert.deepEqual(parseRange('bytes=0-99', 1000), { start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=900-', 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', 1000), { start: 900, end: 999 });
  });

  it('clips an end past the file and a suffix longer than it', () => {
    assert.deepEqual(parseRange('bytes=990-5000', 1000), { start: 990, end: 999 });
    assert.deepEqual(parseRange('bytes=-5000', 1000), { start: 0, end: 999 });
  });

  it('answers unsatisfiable for a start at or past the end', () => {
    assert.equal(parseRange('bytes=1000-', 1000), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', 1000), 'unsatisfiable');
  });

  it('serves the whole file for no, several or malformed ranges', () => {
    assert.equal(parseRange(undefined, 1000), null);
    assert.equal(parseRange('bytes=0-1,5-9', 1000), null);
    assert.equal(parseRange('items=0-9', 1000), null);
    assert.equal(parseRange('bytes=50-10', 1000), null);
  });
});
