import assert from 'node:assert/strict';
import { jobText, webVideoText } from './job-text.ts';

const at = '2026-11-25T10:00:00.000Z';

describe('admin job texts', () => {
  it('reads the web video as not made, in progress, complete or failed', () => {
    assert.equal(webVideoText([]), 'Not made yet');
    assert.equal(webVideoText([{ job: 'web', status: 'rendering', progress: 42.4, message: 'Making the web video', updatedAt: at }]), '42% Making the web video');
    assert.equal(webVideoText([{ job: 'web', status: 'done', progress: 100, message: '', updatedAt: at }]), 'Complete');
    assert.equal(webVideoText([{ job: 'web', status: 'failed', progress: 0, message: 'ffmpeg exited', updatedAt: at }]), 'Failed: ffmpeg exited');
  });
  it('names each job', () => {
    assert.equal(jobText({ job: 'postback', status: 'done', progress: 100, message: 'HTTP 204', updatedAt: at }), 'Postback: delivered (HTTP 204)');
    assert.equal(jobText({ job: 'hd', status: 'done', progress: 100, message: 'Done', updatedAt: at }), 'HD video: complete');
  });
});
