import assert from 'node:assert/strict';
import { formatBytes, loadingLabel, summarize, uploadingLabel } from './labels.ts';
import type { UploadItem } from './types.ts';

const item = (over: Partial<UploadItem>): UploadItem => ({ uploadId: 'u', fileName: 'a.jpg', size: 1000, progress: 0, state: 'uploading', ...over });

describe('upload labels', () => {
  it('writes sizes as bytes up to 1024, then KB, MB or GB with one decimal', () => {
    assert.equal(formatBytes(0), '0 bytes');
    assert.equal(formatBytes(1023), '1023 bytes');
    assert.equal(formatBytes(1024), '1.0 KB');
    assert.equal(formatBytes(1536 * 1024), '1.5 MB');
    assert.equal(formatBytes(3 * 1024 ** 3), '3.0 GB');
  });

  it("reads 'Uploading at X mbps, N MB left' with megabits and one decimal", () => {
    assert.equal(uploadingLabel(48.25 * 1024 * 1024, 1_550_000), 'Uploading at 12.4 mbps, 48.3 MB left');
  });

  it('names only what is left before the first speed sample', () => {
    assert.equal(uploadingLabel(2048, null), 'Uploading, 2.0 KB left');
  });

  it("says 'Loading' for one file being prepared and 'Loading N files' for more", () => {
    assert.equal(loadingLabel(0), null);
    assert.equal(loadingLabel(1), 'Loading');
    assert.equal(loadingLabel(4), 'Loading 4 files');
  });
});

describe('upload summary', () => {
  it('is empty without files', () => {
    assert.deepEqual(summarize([], null), { label: null, progress: 0, loadingLabel: null, analysis: null });
  });

  it('counts the bytes still to send of uploading and queued files', () => {
    const summary = summarize([item({ size: 2048, progress: 0.5 }), item({ size: 1024 }), item({ size: 5000, state: 'processing', progress: 1 })], 1_000_000);
    assert.equal(summary.label, 'Uploading at 8.0 mbps, 2.0 KB left');
  });

  it("shows 'Processing N files' once every byte is sent", () => {
    const summary = summarize([item({ state: 'processing', progress: 1 }), item({ state: 'processing', progress: 1 }), item({ state: 'done', progress: 1 })], 5);
    assert.equal(summary.label, 'Processing 2 files');
    assert.equal(summarize([item({ state: 'processing', progress: 1 })], null).label, 'Processing 1 file');
  });

  it("shows 'Upload Complete' when every file is done, leaving out failed and cancelled ones", () => {
    const summary = summarize([item({ state: 'done', progress: 1 }), item({ state: 'error', progress: 0.2 }), item({ state: 'cancelled' })], 5);
    assert.equal(summary.label, 'Upload Complete');
    assert.equal(summary.progress, 1);
  });

  it('fills the bar with the bytes sent and the last tenth with processed files', () => {
    const half = summarize([item({ size: 1000, progress: 0.5 }), item({ size: 1000, progress: 0.5 })], null);
    assert.equal(half.progress, 0.45);
    const sentNotReady = summarize([item({ state: 'processing', progress: 1 })], null);
    assert.equal(sentNotReady.progress, 0.9);
  });

  it('keeps the loading label beside the upload label', () => {
    const summary = summarize([item({ state: 'loading' }), item({ state: 'loading' }), item({ progress: 0.1 })], null);
    assert.equal(summary.loadingLabel, 'Loading 2 files');
    assert.match(summary.label ?? '', /^Uploading/);
  });
});
