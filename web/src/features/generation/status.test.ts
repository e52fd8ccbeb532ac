import assert from 'node:assert/strict';
import { cardStatus, clampPercent, completionNotice, isRendering, WAITING_TEXT } from './status.ts';

const queued = { deleted: false, finished: false, dateInQueue: '2026-11-22T10:00:00.000Z' };

describe('the video card status line', () => {
  it('says a deleted video has been deleted, before anything else', () => {
    assert.deepEqual(cardStatus({ ...queued, deleted: true, finished: true }, { complete: 40, message: 'Rendering' }), { kind: 'text', text: 'Video has been deleted.' });
  });

  it('says Complete for a finished video, and once the server reports 100 or more', () => {
    assert.deepEqual(cardStatus({ ...queued, finished: true }, undefined), { kind: 'text', text: 'Complete' });
    assert.deepEqual(cardStatus(queued, { complete: 100, message: '' }), { kind: 'text', text: 'Complete' });
    assert.deepEqual(cardStatus(queued, { complete: 130, message: '' }), { kind: 'text', text: 'Complete' });
  });

  it('says the video is unfinished when it was never put in the queue', () => {
    assert.deepEqual(cardStatus({ ...queued, dateInQueue: null }, undefined), { kind: 'text', text: 'Video is unfinished' });
  });

  it("shows the percent and the server's message while rendering", () => {
    assert.deepEqual(cardStatus(queued, { complete: 42.7, message: 'Rendering slide 3 of 9' }), { kind: 'progress', percent: 42, message: 'Rendering slide 3 of 9', failed: false });
    assert.deepEqual(cardStatus(queued, undefined), { kind: 'progress', percent: 0, message: WAITING_TEXT, failed: false });
  });

  it('passes on a failed render so its message shows in red', () => {
    assert.deepEqual(cardStatus(queued, { complete: 0, message: 'The video could not be made.', failed: true }), {
      kind: 'progress',
      percent: 0,
      message: 'The video could not be made.',
      failed: true,
    });
  });

  it('polls only queued videos that are neither finished nor deleted', () => {
    assert.equal(isRendering(queued), true);
    assert.equal(isRendering({ ...queued, finished: true }), false);
    assert.equal(isRendering({ ...queued, deleted: true }), false);
    assert.equal(isRendering({ ...queued, dateInQueue: null }), false);
    assert.equal(isRendering({ finished: false, dateInQueue: queued.dateInQueue }), true, 'list rows carry no deleted flag');
  });

  it('never shows 100% before the server says done, nor a negative or broken percent', () => {
    assert.equal(clampPercent(99.9), 99);
    assert.equal(clampPercent(-5), 0);
    assert.equal(clampPercent(Number.NaN), 0);
  });

  it('names the video in the completion notice', () => {
    assert.equal(completionNotice('Margaret Hughes'), 'The video for Margaret Hughes is complete!');
    assert.equal(completionNotice('  '), 'The video for Untitled video is complete!');
  });
});
