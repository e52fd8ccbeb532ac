import assert from 'node:assert/strict';
import { clockText, parseVolume, trimErrors } from './video-fields.ts';

describe('video slide fields', () => {
  it('takes volumes from 0 to 200 percent', () => {
    assert.equal(parseVolume('150'), 150);
    assert.equal(parseVolume('201'), null);
    assert.equal(parseVolume(''), null);
  });

  it('keeps the trim inside the clip with the end after the start', () => {
    assert.deepEqual(trimErrors(1, 5, 10), { start: null, end: null });
    assert.equal(trimErrors(5, 5, 10).end, 'End must be after the start.');
    assert.equal(trimErrors(0, 11, 10).end, 'End must be within the clip.');
    assert.equal(trimErrors(-1, 3, 10).start, 'Start must be within the clip.');
  });

  it('writes times as m:ss.s', () => {
    assert.equal(clockText(65.25), '1:05.3');
  });
});
