import assert from 'node:assert/strict';
import { choosePlayback, formatBytes, slowEstimateSeconds, slowWarning, SLOW_SLIDE_BYTES, unsupportedText } from './playback.ts';

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
