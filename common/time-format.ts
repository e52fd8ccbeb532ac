/**
 * The music dialog's duration fields (spec 1, section 5): times are written MM:SS.00, minutes first, then
 * seconds under 60 with up to two decimals. Pure, so the web page and the server read times the same way.
 */

export const TIME_FORM_ERROR = 'Time should be of form MM:SS.00';
export const TIME_POSITIVE_ERROR = 'Time should be positive';

export type ParsedTime = { ok: true; seconds: number } | { ok: false; error: string };

const TIME = /^(-)?\s*(\d{1,4}):([0-5]?\d)(?:\.(\d{0,2}))?$/;

/** Reads '01:23.45' (or '1:23', '1:23.4') as seconds; a leading minus sign is refused as not positive. */
export function parseTime(text: string): ParsedTime {
  const match = TIME.exec(text.trim());
  if (!match) return { ok: false, error: TIME_FORM_ERROR };
  if (match[1]) return { ok: false, error: TIME_POSITIVE_ERROR };
  const hundredths = Number((match[4] ?? '').padEnd(2, '0'));
  return { ok: true, seconds: Number(match[2]) * 60 + Number(match[3]) + hundredths / 100 };
}

/** Seconds as MM:SS.00, rounded to the hundredth; minutes grow past two digits when they must. */
export function formatTime(seconds: number): string {
  const total = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 100);
  const minutes = Math.floor(total / 6000);
  const rest = total - minutes * 6000;
  const whole = Math.floor(rest / 100);
  const hundredths = rest % 100;
  return `${String(minutes).padStart(2, '0')}:${String(whole).padStart(2, '0')}.${String(hundredths).padStart(2, '0')}`;
}

/** Spec 2 section 9's duration wording: units in seconds, a month being 4.3 weeks. */
const DURATION_UNITS: readonly [string, number][] = [
  ['year', 365 * 86_400],
  ['month', 4.3 * 7 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * A length of time in words, '45 seconds', '3 minutes', '2 days': the unit switches to the next one only when the
 * time is more than 2 of it (spec 2 section 9), so 119 seconds still reads '119 seconds' and 2.5 hours '150 minutes'.
 */
export function durationText(seconds: number): string {
  const s = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const [unit, size] = DURATION_UNITS.find(([, size]) => s / size > 2) ?? ['second', 1];
  const n = Math.round(s / size);
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
