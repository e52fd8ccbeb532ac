import { BURN_BAR, type BurnStage } from '../../../../common/burn-protocol.ts';

/**
 * Spec 3 section 4.2: the burn bar. The first 70 % is the write, reported by the burner; the last 30 % is the
 * drive's finalize (lead-out), which reports nothing, so it advances on a timer (every BURN_TIMINGS.burnBarTickMs)
 * against an estimate and holds below 95 % when the estimate runs out before the drive is done.
 */

/** The shortest finalize estimate: even a fast drive spends some seconds closing a DVD-R. */
export const MIN_FINALIZE_MS = 15_000;

/** The finalize estimate from how long the write took: the lead-out is about the time of the last 30 % share. */
export function finalizeEstimateMs(writeMs: number): number {
  return Math.max(MIN_FINALIZE_MS, (writeMs * BURN_BAR.finalizeShare) / BURN_BAR.writeShare);
}

export interface BurnBarInput {
  stage: BurnStage | null;
  /** The write's percent (0..100) while writing. */
  percent: number;
  /** When the finalize stage began (ms), when it has. */
  finalizeStartedAt: number | null;
  finalizeEstimateMs: number;
  now: number;
}

/** The burn bar's value, 0..100. */
export function burnBarValue({ stage, percent, finalizeStartedAt, finalizeEstimateMs: estimate, now }: BurnBarInput): number {
  const write = BURN_BAR.writeShare * 100;
  switch (stage) {
    case null:
    case 'initializing':
    case 'loading':
      return 0;
    case 'writing':
      return (Math.min(100, Math.max(0, percent)) / 100) * write;
    case 'finalizing': {
      const elapsed = finalizeStartedAt === null ? 0 : Math.max(0, now - finalizeStartedAt);
      const value = write + BURN_BAR.finalizeShare * 100 * Math.min(1, elapsed / Math.max(1, estimate));
      // Held below 95 %: the bar never claims to be nearly done while the drive still works.
      return Math.min(value, BURN_BAR.holdBelow * 100 - 0.01);
    }
    case 'verifying':
      return 100;
  }
}
