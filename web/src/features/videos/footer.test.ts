import assert from 'node:assert/strict';
import { footerText } from './footer.ts';

describe('the videos list footer', () => {
  it('says Loading... before the list arrives', () => assert.equal(footerText(true, 0, 0, false), 'Loading...'));
  it('says No videos found. when nothing is shown', () => assert.equal(footerText(false, 0, 5, true), 'No videos found.'));
  it('counts every video without a filter', () => {
    assert.equal(footerText(false, 5, 5, false), '5 videos');
    assert.equal(footerText(false, 1, 1, false), '1 video');
  });
  it('says N of M whenever a filter is on, even when it matches every video', () => {
    assert.equal(footerText(false, 2, 5, true), '2 of 5 videos');
    assert.equal(footerText(false, 5, 5, true), '5 of 5 videos');
  });
});
