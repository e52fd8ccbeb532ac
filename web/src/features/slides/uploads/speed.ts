/** Spec 2, upload session: the speed is sampled about once per second and smoothed with factor 0.3. */
export const SPEED_SAMPLE_MS = 1000;
export const SPEED_SMOOTHING = 0.3;

/**
 * Upload speed in bytes per second. `moved` counts every byte the uploads report as sent; each sample turns the
 * bytes since the last sample into a speed and blends it in: speed = 0.3 * current + 0.7 * previous. The first
 * sample is taken as it is, so the label does not start from zero and creep up.
 */
export class SpeedMeter {
  private moved = 0;
  private lastMoved = 0;
  private lastAt: number | null = null;
  private smoothed: number | null = null;

  /** Bytes reported as sent since the last call for any upload (never negative: a retry resending bytes is not speed). */
  add(bytes: number): void {
    if (bytes > 0) this.moved += bytes;
  }

  /** Starts timing from `now` without a sample: called when uploading begins after an idle spell. */
  start(now: number): void {
    this.lastAt = now;
    this.lastMoved = this.moved;
  }

  sample(now: number): void {
    if (this.lastAt === null) {
      this.start(now);
      return;
    }
    const seconds = (now - this.lastAt) / 1000;
    if (seconds <= 0) return;
    const current = (this.moved - this.lastMoved) / seconds;
    this.smoothed = this.smoothed === null ? current : SPEED_SMOOTHING * current + (1 - SPEED_SMOOTHING) * this.smoothed;
    this.lastAt = now;
    this.lastMoved = this.moved;
  }

  /** Bytes per second, or null before the first sample. */
  get bytesPerSecond(): number | null {
    return this.smoothed;
  }

  reset(): void {
    this.moved = 0;
    this.lastMoved = 0;
    this.lastAt = null;
    this.smoothed = null;
  }
}
