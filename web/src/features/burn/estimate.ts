import { ESTIMATE_WINDOW_SAMPLES } from '../../../../common/burn-protocol.ts';
import { TEXTS } from './texts.ts';

/** One progress reading: when (ms) and how many bytes were done by then. */
export interface Sample {
  at: number;
  done: number;
}

/** Readings needed (and the time they must span) before a rate means anything; until then 'Estimating...'. */
export const MIN_SAMPLES = 4;
export const MIN_SPAN_MS = 1000;

/**
 * Spec 3 section 9: estimates use a sliding window of at most ESTIMATE_WINDOW_SAMPLES readings, so the rate follows
 * the transfer as it is now (a network or drive that speeds up or slows down) rather than its whole history.
 */
export function addSample(window: readonly Sample[], sample: Sample): Sample[] {
  const last = window[window.length - 1];
  // A reading that goes back (a restarted transfer) starts a new window.
  const kept = last && (sample.done < last.done || sample.at < last.at) ? [] : window.slice();
  kept.push(sample);
  return kept.length > ESTIMATE_WINDOW_SAMPLES ? kept.slice(kept.length - ESTIMATE_WINDOW_SAMPLES) : kept;
}

/** Bytes per second over the window, or null while there are too few readings. */
export function rateOf(window: readonly Sample[]): number | null {
  if (window.length < MIN_SAMPLES) return null;
  const first = window[0];
  const last = window[window.length - 1];
  const span = last.at - first.at;
  if (span < MIN_SPAN_MS || last.done <= first.done) return null;
  return ((last.done - first.done) * 1000) / span;
}

/** Spec 3 section 9: remaining time in seconds below 60, else in minutes. */
export function remainingText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'} remaining`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'} remaining`;
}

/** 'Estimating...' until the window holds enough, then the time remaining plus the rate in KB/s. */
export function estimateText(window: readonly Sample[], total: number): string {
  const rate = rateOf(window);
  if (rate === null || total <= 0) return TEXTS.estimating;
  const left = Math.max(0, total - window[window.length - 1].done);
  const kbps = Math.round(rate / 1024).toLocaleString('en-US');
  return `${remainingText(left / rate)} (${kbps} KB/s)`;
}
