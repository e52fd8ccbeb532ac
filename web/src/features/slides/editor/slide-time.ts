/** Spec 2 "Slide Time dialog" and section 4 "Slide time". */

/** One decimal, without a trailing .0. */
export const secondsText = (seconds: number) => String(Math.round(seconds * 10) / 10);

/** 'N seconds' for a custom time, else 'Automatic' (with the automatic length when it is known). */
export function slideTimeLabel(slideTime: number | null, userSet: boolean): string {
  if (userSet && slideTime !== null) return `${secondsText(slideTime)} seconds`;
  return slideTime !== null && slideTime > 0 ? `Automatic, ${secondsText(slideTime)} seconds` : 'Automatic';
}

/** A typed value sets a custom time; a blank one means automatic. Undefined when the text is not a usable time. */
export function parseSlideTime(text: string): { slideTime: number | null; userSetSlideTime: boolean } | undefined {
  if (text.trim() === '') return { slideTime: null, userSetSlideTime: false };
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 600 ? { slideTime: n, userSetSlideTime: true } : undefined;
}
