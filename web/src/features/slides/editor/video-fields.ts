/** Video slide fields (spec 2 "Video slide drawer", section 4): sent only while no field has an error. */

/** A volume as typed, in percent 0..200 (CONVENTIONS); null when it is not one. */
export function parseVolume(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 200 ? Math.round(n) : null;
}

export interface TrimErrors {
  start: string | null;
  end: string | null;
}

/** Start and end in seconds inside the clip, the end after the start. */
export function trimErrors(start: number, end: number, duration: number | null): TrimErrors {
  const max = duration ?? Number.POSITIVE_INFINITY;
  const errors: TrimErrors = { start: null, end: null };
  if (!Number.isFinite(start) || start < 0 || start >= max) errors.start = 'Start must be within the clip.';
  if (!Number.isFinite(end) || end > max) errors.end = 'End must be within the clip.';
  else if (end <= start) errors.end = 'End must be after the start.';
  return errors;
}

/** m:ss.s for the trim fields' helper text. */
export function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}
