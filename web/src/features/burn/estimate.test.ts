import assert from 'node:assert/strict';
import { ESTIMATE_WINDOW_SAMPLES } from '../../../../common/burn-protocol.ts';
import { addSample, estimateText, rateOf, remainingText, type Sample } from './estimate.ts';

/** Readings every 250 ms at a steady rate (bytes per second). */
function steady(count: number, rate: number, from = 0): Sample[] {
  let window: Sample[] = [];
  for (let i = 0; i < count; i += 1) window = addSample(window, { at: from + i * 250, done: (rate * i * 250) / 1000 });
  return window;
}

describe('the burn window estimate', () => {
  it('says Estimating... until the window holds enough readings', () => {
    assert.equal(estimateText([], 1000), 'Estimating...');
    assert.equal(estimateText(steady(2, 1024 * 1024), 100 * 1024 * 1024), 'Estimating...');
    // Four readings 250 ms apart span 750 ms: still too short to trust.
    assert.equal(estimateText(steady(4, 1024 * 1024), 100 * 1024 * 1024), 'Estimating...');
    assert.notEqual(estimateText(steady(5, 1024 * 1024), 100 * 1024 * 1024), 'Estimating...');
  });

  it('gives the time remaining plus KB/s: seconds below 60, else minutes', () => {
    const mb = 1024 * 1024;
    // 1 MB/s, 1 MB done after 1 s: 29 MB left of 30 is 29 seconds.
    assert.equal(estimateText(steady(5, mb), 30 * mb), '29 seconds remaining (1,024 KB/s)');
    // 61 MB left at 1 MB/s: 61 s is shown as 2 minutes (rounded up, never promising too soon).
    assert.equal(estimateText(steady(5, mb), 62 * mb), '2 minutes remaining (1,024 KB/s)');
    assert.equal(remainingText(1), '1 second remaining');
    assert.equal(remainingText(59), '59 seconds remaining');
    assert.equal(remainingText(60), '1 minute remaining');
    assert.equal(remainingText(600), '10 minutes remaining');
  });

  it('keeps at most ESTIMATE_WINDOW_SAMPLES readings, so the rate follows the transfer as it is now', () => {
    const window = steady(200, 1000);
    assert.equal(window.length, ESTIMATE_WINDOW_SAMPLES);
    assert.equal(window[0].at, (200 - ESTIMATE_WINDOW_SAMPLES) * 250);
    // Slow for 200 readings, then fast for a whole window: the rate is the fast one alone.
    let changing = steady(200, 1000);
    const last = changing[changing.length - 1];
    for (let i = 1; i <= ESTIMATE_WINDOW_SAMPLES; i += 1) changing = addSample(changing, { at: last.at + i * 250, done: last.done + i * 250 * 100 });
    assert.equal(Math.round(rateOf(changing)!), 100_000);
  });

  it('starts a new window when the transfer starts again', () => {
    const window = addSample(steady(10, 1000), { at: 5000, done: 0 });
    assert.equal(window.length, 1);
    assert.equal(estimateText(window, 10_000), 'Estimating...');
  });
});
