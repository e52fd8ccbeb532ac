import assert from 'node:assert/strict';
import { SpeedMeter } from './speed.ts';

describe('upload speed meter', () => {
  it('has no speed before its first sample', () => {
    const meter = new SpeedMeter();
    meter.start(0);
    meter.add(500_000);
    assert.equal(meter.bytesPerSecond, null);
  });

  it('takes the first sample as it is, then blends 0.3 of each new sample with 0.7 of the previous speed', () => {
    const meter = new SpeedMeter();
    meter.start(0);
    meter.add(1_000_000);
    meter.sample(1000);
    assert.equal(meter.bytesPerSecond, 1_000_000);
    meter.add(2_000_000);
    meter.sample(2000);
    assert.equal(meter.bytesPerSecond, 0.3 * 2_000_000 + 0.7 * 1_000_000);
  });

  it('measures over the real time between samples', () => {
    const meter = new SpeedMeter();
    meter.start(0);
    meter.add(3_000_000);
    meter.sample(1500);
    assert.equal(meter.bytesPerSecond, 2_000_000);
  });

  it('ignores bytes a retry sends again', () => {
    const meter = new SpeedMeter();
    meter.start(0);
    meter.add(1000);
    meter.add(-1000);
    meter.sample(1000);
    assert.equal(meter.bytesPerSecond, 1000);
  });

  it('does not count an idle spell once restarted', () => {
    const meter = new SpeedMeter();
    meter.start(0);
    meter.add(1000);
    meter.sample(1000);
    meter.start(60_000);
    meter.add(1000);
    meter.sample(61_000);
    assert.equal(meter.bytesPerSecond, 1000);
  });
});
