import assert from 'node:assert/strict';
import { BURN_BAR } from '../../../../common/burn-protocol.ts';
import { burnBarValue, finalizeEstimateMs, MIN_FINALIZE_MS } from './burn-bar.ts';

const bar = (stage: Parameters<typeof burnBarValue>[0]['stage'], percent: number, elapsed = 0, estimate = 10_000) =>
  burnBarValue({ stage, percent, finalizeStartedAt: 1000, finalizeEstimateMs: estimate, now: 1000 + elapsed });

describe('the burn bar', () => {
  it('is empty while the burner initializes and loads the disc', () => {
    assert.equal(bar(null, 0), 0);
    assert.equal(bar('initializing', 0), 0);
    assert.equal(bar('loading', 0), 0);
  });

  it('gives the first 70 % to the write', () => {
    assert.equal(BURN_BAR.writeShare, 0.7);
    assert.equal(bar('writing', 0), 0);
    assert.equal(bar('writing', 50), 35);
    assert.equal(bar('writing', 100), 70);
  });

  it('advances the last 30 % on the finalize estimate and holds below 95 %', () => {
    assert.equal(bar('finalizing', 100, 0), 70);
    assert.equal(bar('finalizing', 100, 2500), 77.5);
    assert.ok(Math.abs(bar('finalizing', 100, 5000) - 85) < 1e-9);
    // The estimate ran out before the drive finished: the bar waits just below 95 %.
    assert.ok(bar('finalizing', 100, 10_000) < 95);
    assert.ok(bar('finalizing', 100, 10_000) > 94.9);
    assert.equal(bar('finalizing', 100, 60 * 60_000), bar('finalizing', 100, 10_000));
  });

  it('is full once the disc is verified', () => {
    assert.equal(bar('verifying', 10), 100);
  });

  it('estimates the finalize from the write time, never below its minimum', () => {
    assert.equal(Math.round(finalizeEstimateMs(70_000)), 30_000);
    assert.equal(finalizeEstimateMs(1000), MIN_FINALIZE_MS);
  });
});
