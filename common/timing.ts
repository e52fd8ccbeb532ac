/**
 * The one timing rule of a video (CONVENTIONS.md, spec 1 sections 5, 8 and 9), shared by the server's song
 * calls, the music page and the render engine so that all three agree on every second:
 *
 * - A song plays from trimStart to (length - trimEnd): both trims are seconds cut off its ends.
 * - The music is the songs' played parts one after another; a song with crossfade that is not first starts
 *   CROSSFADE_SECONDS before the one before it ends, so it removes that much from the music's length.
 * - The video is intro + the slides' times + outro (a transition's time belongs to the slides it joins).
 *   A slide with its own time (user_set_slide_time) keeps it; a video clip lasts its trimmed length; every
 *   other slide (photos, text) lasts the video's seconds per slide.
 * - Automatic timing chooses the seconds per slide so the video ends with the music: those slides share what
 *   the music leaves after the intro, the outro, the clips and the slides with their own time.
 */

export const DEFAULT_SLIDE_TIME = 9;
export const CROSSFADE_SECONDS = 4;
/** Float leeway when comparing the music with the video. */
export const TIMING_LEEWAY = 0.1;
export const FAST_SLIDE_TIME = 6;
export const SLOW_SLIDE_TIME = 12;
/** Automatic timing never goes below this, however little music there is; the warnings then say so. */
export const MIN_AUTOMATIC_SLIDE_TIME = 1;

export const NOT_ENOUGH_MUSIC = 'Not enough music. The music is going to end before the video has finished';
export const VERY_FAST_SLIDES = 'Very fast slides';
export const VERY_SLOW_SLIDES = 'Very slow slides';
export const SLIDE_TIME_ERROR = 'Invalid input. Enter the number of seconds per slide.';

export interface TimingSlide {
  /** Seconds the user gave this slide (user_set_slide_time); null or absent when it follows the video. */
  customTime?: number | null;
  /** A video clip's trimmed length in seconds (see clipLength); null or absent for photos and text slides. */
  clipLength?: number | null;
}

export interface TimingSong {
  /** The whole file, seconds. */
  length: number;
  /** Seconds cut from the start. */
  trimStart: number;
  /** Seconds cut from the end. */
  trimEnd: number;
  /** Overlaps the song before it by CROSSFADE_SECONDS; has no effect on the first song. */
  crossfade: boolean;
}

export interface TimingInput {
  slides: TimingSlide[];
  automatic: boolean;
  /** The video's own seconds per slide, used when timing is not automatic. */
  slideTime: number;
  songs: TimingSong[];
  repeatMusic: boolean;
  /** The theme's intro and outro, seconds. */
  introLength: number;
  outroLength: number;
}

export interface Timing {
  /** Seconds per slide for slides without their own time: the fit to the music when automatic. */
  slide: number;
  /** The planned video length, seconds. */
  video: number;
  /** The music length, seconds. */
  music: number;
  /** Every slide's seconds, in slide order. */
  slideTimes: number[];
  /** Where each song starts within the music, seconds (crossfades pull a song earlier). */
  songStarts: number[];
  /** The spec's warning texts that apply, in the order the page shows them. */
  warnings: string[];
}

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** A clip's trimmed length from its slide fields: clip_end - clip_start, else its whole duration; null if unknown. */
export function clipLength(clip: { clipStart?: number | null; clipEnd?: number | null; clipDuration?: number | null }): number | null {
  const start = positive(clip.clipStart) ? clip.clipStart : 0;
  const end = positive(clip.clipEnd) ? clip.clipEnd : positive(clip.clipDuration) ? clip.clipDuration : null;
  return end !== null && end > start ? end - start : null;
}

/** Seconds of the song that play: its length less both trims, never below zero. */
export const songPlayLength = (song: TimingSong): number => Math.max(0, song.length - song.trimStart - song.trimEnd);

/** Seconds a song adds to the music: its played part, less the overlap when it crossfades (not the first). */
const songContribution = (song: TimingSong, index: number): number =>
  songPlayLength(song) - (song.crossfade && index > 0 ? CROSSFADE_SECONDS : 0);

export function musicLength(songs: TimingSong[]): number {
  return Math.max(0, songs.reduce((sum, song, i) => sum + songContribution(song, i), 0));
}

/** Where each song begins within the music. */
export function songStarts(songs: TimingSong[]): number[] {
  const starts: number[] = [];
  let at = 0;
  songs.forEach((song, i) => {
    if (song.crossfade && i > 0) at = Math.max(0, at - CROSSFADE_SECONDS);
    starts.push(at);
    at += songPlayLength(song);
  });
  return starts;
}

/**
 * Spec 1, section 5: a song's preview is disabled when the songs before it already exceed the video length
 * (trims subtracted, a crossfade on a song that is not first removing CROSSFADE_SECONDS): it would never be heard.
 */
export function previewDisabled(songs: TimingSong[], songIndex: number, videoLength: number): boolean {
  const before = songs.slice(0, songIndex).reduce((sum, song, i) => sum + songContribution(song, i), 0);
  return before > videoLength;
}

/** The warnings for a timing, also usable on the wire's {slide, video, music}. */
export function timingWarnings(
  timing: { slide: number; video: number; music: number },
  options: { repeatMusic: boolean; slideTimeInUse: boolean },
): string[] {
  const warnings: string[] = [];
  if (!options.repeatMusic && timing.video - timing.music > TIMING_LEEWAY) warnings.push(NOT_ENOUGH_MUSIC);
  if (options.slideTimeInUse && timing.slide < FAST_SLIDE_TIME) warnings.push(VERY_FAST_SLIDES);
  if (options.slideTimeInUse && timing.slide > SLOW_SLIDE_TIME) warnings.push(VERY_SLOW_SLIDES);
  return warnings;
}

/** Seconds a slide lasts when it does not follow the video's seconds per slide; null when it does. */
function fixedTime(slide: TimingSlide): number | null {
  if (positive(slide.customTime)) return slide.customTime;
  return positive(slide.clipLength) ? slide.clipLength : null;
}

export function computeTiming(input: TimingInput): Timing {
  const music = musicLength(input.songs);
  const fixed = input.slides.map(fixedTime);
  const sharing = fixed.filter((t) => t === null).length;
  const fixedTotal = fixed.reduce<number>((sum, t) => sum + (t ?? 0), 0);
  const frame = Math.max(0, input.introLength) + Math.max(0, input.outroLength);

  let slide: number;
  if (!input.automatic) slide = positive(input.slideTime) ? input.slideTime : DEFAULT_SLIDE_TIME;
  else if (sharing > 0 && music > 0) slide = Math.max(MIN_AUTOMATIC_SLIDE_TIME, (music - frame - fixedTotal) / sharing);
  else slide = DEFAULT_SLIDE_TIME;

  const slideTimes = fixed.map((t) => t ?? slide);
  const video = frame + slideTimes.reduce((sum, t) => sum + t, 0);
  const slideTimeInUse = !input.automatic || sharing > 0;
  return {
    slide,
    video,
    music,
    slideTimes,
    songStarts: songStarts(input.songs),
    warnings: timingWarnings({ slide, video, music }, { repeatMusic: input.repeatMusic, slideTimeInUse }),
  };
}

/** The seconds-per-slide field (spec 1, section 5): a number greater than 0. */
export function parseSlideTime(text: string): { ok: true; seconds: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  const seconds = /^\d*\.?\d+$|^\d+\.$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? { ok: true, seconds } : { ok: false, error: SLIDE_TIME_ERROR };
}
