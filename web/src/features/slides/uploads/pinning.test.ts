import assert from 'node:assert/strict';
import { pinnedAt } from './pinning.ts';

const crossing = (isIntersecting: boolean, top: number) => ({ isIntersecting, boundingClientRect: { top } });

describe('pinning the upload progress', () => {
  it('pins the copy below the top bar once the inline bar has scrolled up out of view', () => {
    assert.equal(pinnedAt([crossing(false, -40)], 56), 56);
  });

  it('leaves it unpinned while the inline bar is in view, or out of view below', () => {
    assert.equal(pinnedAt([crossing(true, 120)], 56), null);
    assert.equal(pinnedAt([crossing(false, 900)], 56), null);
    assert.equal(pinnedAt([], 56), null);
  });

  it('follows the last of several crossings in one call: scrolled away and back again is unpinned', () => {
    assert.equal(pinnedAt([crossing(false, -40), crossing(true, 120)], 56), null);
    assert.equal(pinnedAt([crossing(true, 120), crossing(false, -40)], 56), 56);
  });
});
