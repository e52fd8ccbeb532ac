import assert from 'node:assert/strict';
import { choosePlayback, formatBytes, slowEstimateSeconds, slowGenerationWarning, slowWarning, SLOW_SLIDE_BYTES, unsupportedText } from './playback.ts';

describe('the preview playback choice', () => {
  it('uses hls.js where Media Source exists, even when the browser also plays HLS itself', () => {
    assert.deepEqual(choosePlayback({ mse: true, nativeHls: true, mp4: true }), { type: 'hls', engine: 'hls.js' });
  });

  it("uses the browser's own HLS without Media Source, then a progressive MP4", () => {
    assert.deepEqual(choosePlayback({ mse: false, nativeHls: true, mp4: true }), { type: 'hls', engine: 'native' });
    assert.deepEqual(choosePlayback({ mse: false, nativeHls: false, mp4: true }), { type: 'mp4', engine: 'native' });
  });

  it('gives a reason when nothing can play, shown as ERROR: {reason}', () => {
    const choice = choosePlayback({ mse: false, nativeHls: false, mp4: false });
    assert.ok('unsupported' in choice);
    // Spec 3 prefixes the reason with ERROR:, and spec 2 gives the reason's words.
    assert.equal(unsupportedText(choice.unsupported), "ERROR: Your browser doesn't appear to support previews. Contact support for help.");
  });
});

describe('the slow preview warning', () => {
  it('appears from 2 GB, not below', () => {
    assert.equal(slowWarning(SLOW_SLIDE_BYTES - 1), null);
    assert.equal(slowWarning(0), null);
    assert.equal(slowWarning(null), null);
    assert.ok(slowWarning(SLOW_SLIDE_BYTES));
  });

  it('estimates bytes * 8 / 250,000,000 seconds', () => {
    assert.equal(slowEstimateSeconds(2_500_000_000), 80);
    assert.equal(slowEstimateSeconds(SLOW_SLIDE_BYTES), 69);
    assert.equal(
      slowWarning(5 * 1024 ** 3),
      'This video has a very large slide (5.00 GB), so the preview is slow to make. It may take about 172 seconds before it starts.',
    );
  });

  it('shows sizes in 1024 steps with 2 decimals', () => {
    assert.equal(formatBytes(512), '512 bytes');
    assert.equal(formatBytes(1536), '1.50 KB');
    assert.equal(formatBytes(2 * 1024 ** 3), '2.00 GB');
  });
});

describe("the card's slow-generation warning", () => {
  const queued = { dateInQueue: '2026-11-28T10:00:00Z', finished: false, deleted: false, maxSlideSize: SLOW_SLIDE_BYTES + 1 };
  it('shows for a queued, unfinished video whose largest slide is over 2 GB, with its size and the estimate', () => {
    assert.equal(
      slowGenerationWarning({ ...queued, maxSlideSize: 3 * 1024 ** 3 }),
      'This video has a very large slide (3.00 GB), so it is slow to make. It may take about 104 seconds longer than usual.',
    );
  });
  it('does not show at 2 GB exactly, nor for a video not in the queue, finished or deleted', () => {
    assert.equal(slowGenerationWarning({ ...queued, maxSlideSize: SLOW_SLIDE_BYTES }), null);
    assert.equal(slowGenerationWarning({ ...queued, dateInQueue: null }), null);
    assert.equal(slowGenerationWarning({ ...queued, finished: true }), null);
    assert.equal(slowGenerationWarning({ ...queued, deleted: true }), null);
    assert.equal(slowGenerationWarning({ ...queued, maxSlideSize: null }), null);
  });
});
