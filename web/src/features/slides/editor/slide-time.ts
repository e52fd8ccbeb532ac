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

/** A slide's time as the Slide Time dialog edits it: seconds only when the user set them. */
export interface SlideTimeValue {
  slideTime: number | null;
  userSetSlideTime: boolean;
}

interface TimedSlide extends SlideTimeValue {
  id: number;
  isText: boolean;
  isVideo: boolean;
}

export const customTime = (slide: SlideTimeValue): SlideTimeValue => (slide.userSetSlideTime && slide.slideTime !== null ? { slideTime: slide.slideTime, userSetSlideTime: true } : { slideTime: null, userSetSlideTime: false });

export const sameTime = (a: SlideTimeValue, b: SlideTimeValue): boolean => {
  const x = customTime(a);
  const y = customTime(b);
  return x.userSetSlideTime === y.userSetSlideTime && x.slideTime === y.slideTime;
};

/**
 * The slides the grid's Set Custom Slide Time sets: the selected photos and text slides. The cover photo keeps its
 * time (its drawer's Slide Time is disabled too) and a video clip lasts its trimmed length.
 */
export const slideTimeTargets = <S extends TimedSlide>(selected: readonly S[], coverId: number | null): S[] => selected.filter((s) => s.id !== coverId && !s.isVideo);

/** What the dialog opens with for several slides: their shared time, else Automatic. */
export function sharedTime(slides: readonly SlideTimeValue[]): SlideTimeValue {
  const first = slides[0];
  return first && slides.every((s) => sameTime(s, first)) ? customTime(first) : { slideTime: null, userSetSlideTime: false };
}
