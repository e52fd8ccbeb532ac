/** The rules a video must meet before it can be previewed or finalized (spec 2 section 5), as plain messages. */

export const NO_SLIDES_PREVIEW = 'Please upload at least one image before previewing.';
export const NO_SLIDES_FINALIZE = 'Please upload at least one image before finalizing.';
export const MOVE_COVER = ' Move it after the cover photo and try again.';
export const STILL_PROCESSING = 'Some photos are still being processed. Please wait a moment and try again.';
export const MUSIC_PREPARING = 'Some music is still being prepared. Please wait a moment and try again.';

export interface SlideKindOnly {
  kind: 'photo' | 'text' | 'clip';
}

/**
 * Null when the slides can make a video; else what to tell the user: there must be a slide, and the first
 * must be a photo (the cover), with advice that depends on whether any photo exists.
 */
export function slidesProblem(slides: SlideKindOnly[], action: 'preview' | 'finalize'): string | null {
  const noSlides = action === 'preview' ? NO_SLIDES_PREVIEW : NO_SLIDES_FINALIZE;
  if (!slides.length) return noSlides;
  const first = slides[0].kind;
  if (first === 'photo') return null;
  const what = first === 'text' ? 'Text slide' : 'Video clip';
  const advice = slides.some((s) => s.kind === 'photo') ? MOVE_COVER : ` ${noSlides}`;
  return `${what} cannot be the first slide.${advice}`;
}

export interface LengthRules {
  /** Minutes (organizations.video_length_limit). */
  limitMinutes: number;
  /** Minutes (organizations.max_override_length). */
  maxOverrideMinutes: number;
  /** The admin's override for this video. */
  override: boolean;
}

const minutesText = (seconds: number): string => {
  const minutes = seconds / 60;
  return `${Number(minutes.toFixed(1))} minute${minutes === 1 ? '' : 's'}`;
};

/** Null when the length is allowed: within the organization's limit, or within the maximum with the override. */
export function lengthProblem(seconds: number, rules: LengthRules): string | null {
  const limit = rules.limitMinutes * 60;
  if (seconds <= limit) return null;
  const max = rules.maxOverrideMinutes * 60;
  if (rules.override && seconds <= max) return null;
  if (rules.override) {
    return `This video is ${minutesText(seconds)} long, over the longest we can make (${rules.maxOverrideMinutes} minutes). Please remove some slides or shorten the slide times.`;
  }
  return `This video is ${minutesText(seconds)} long, over your limit of ${rules.limitMinutes} minutes. Please remove some slides or shorten the slide times, or ask an administrator to allow a longer video.`;
}
