import { createHash } from 'node:crypto';
import { itemSegments, type Timeline } from '../render/plan/types.ts';

/**
 * Bump when the same HD plan should give a different disc: every cached ISO (and every disc piece) is then made
 * anew. dvd-2: the pieces' colour matrix changed by the colorspace filter (dvd-pieces.ts). dvd-3: the disc encoded
 * from the HD file (PAL, and NTSC where the pieces are missing) changes it too (sdColour).
 */
export const DVD_VERSION = 'dvd-3';

export type DvdStandard = 'ntsc' | 'pal';
export const DVD_STANDARDS: readonly DvdStandard[] = ['ntsc', 'pal'];

/** A single-layer DVD-R holds 2,298,496 sectors of 2048 bytes; the plan aims under the 4.7 GB on the box. */
export const DISC_BYTES = 4_700_000_000;
/** The MPEG program stream's packs, navigation packs and the file system take a few percent of the disc. */
export const MUX_OVERHEAD = 0.04;
/** Stereo AC-3 at 192 kbit/s: the usual rate for a stereo DVD track. */
export const AUDIO_KBPS = 192;
/**
 * The highest average video rate: ffmpeg's DVD target caps the rate at 9000 kbit/s (the format allows 9800 for the
 * video, 10080 for the whole stream); an average under it leaves the encoder room for busy scenes.
 */
export const MAX_VIDEO_KBPS = 8000;
/** The admin override's longest video (spec 1 length limits): everything up to it fits one single-layer disc. */
export const MAX_DISC_MINUTES = 120;
/** A chapter starts about every this many slides. */
export const SLIDES_PER_CHAPTER = 10;

/** Frames per second of each standard (NTSC's is 30000/1001) and its picture. */
export const STANDARD = {
  ntsc: { fps: 30000 / 1001, width: 720, height: 480, target: 'ntsc-dvd', sar: '32/27', format: 'NTSC', matrix: 'bt601-6-525' },
  pal: { fps: 25, width: 720, height: 576, target: 'pal-dvd', sar: '64/45', format: 'PAL', matrix: 'bt601-6-625' },
} as const;

/**
 * The filter that brings the HD picture's colours (BT.709) to the standard-definition matrix a DVD player decodes
 * with (BT.601, 525 or 625 lines), after the scale to the disc's frame: without it, players show the HD numbers
 * through the wrong matrix (reds and greens off). `fast`: only the matrix changes; the primaries and transfer are
 * taken as equal. Written once for the disc pieces (render/compile/dvd-pieces.ts) and the disc encoded from the HD
 * file (encode.ts).
 */
export const sdColour = (standard: DvdStandard): string => `colorspace=all=${STANDARD[standard].matrix}:iall=bt709:range=tv:fast=1`;

export interface DvdPlan {
  engine: string;
  standard: DvdStandard;
  /** Seconds, from the HD plan. */
  duration: number;
  videoKbps: number;
  audioKbps: number;
  /** Chapter starts in seconds, the first at 0, each on a slide boundary of the plan. */
  chapters: number[];
}

/**
 * The average video rate for a video of `seconds`: what fills the disc, less the sound and the overhead, capped at
 * the DVD's maximum (a short video gets the best picture the format allows).
 */
export function videoKbps(seconds: number): number {
  const fits = (DISC_BYTES * (1 - MUX_OVERHEAD) * 8) / 1000 / Math.max(1, seconds) - AUDIO_KBPS;
  return Math.floor(Math.min(MAX_VIDEO_KBPS, fits));
}

/**
 * Chapter starts: the video's start, then the first frame of slide 11, 21, 31... (where its incoming transition
 * has ended and the slide stands alone), taken from the plan's segments. The intro and outro are not slides.
 */
export function chapterStarts(timeline: Pick<Timeline, 'segments' | 'fps'>): number[] {
  const slides = itemSegments(timeline).filter((s) => s.visual.kind === 'photo' || s.visual.kind === 'text' || s.visual.kind === 'clip');
  const starts = [0];
  for (let i = SLIDES_PER_CHAPTER; i < slides.length; i += SLIDES_PER_CHAPTER) starts.push(round3(slides[i].start / timeline.fps));
  return starts;
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * Where the encoder must start a new group of pictures: at each chapter, and half a second and a second before it.
 * dvdauthor can start a chapter only where a navigation unit starts, and joins a unit under 0.4 s to the one before
 * it; without the two keyframes before, the encoder's own 0.6 s rhythm often left one that short just ahead of the
 * chapter, and the chapter then began up to half a second early.
 */
export function keyframeTimes(chapters: number[]): number[] {
  const times = new Set<number>();
  for (const start of chapters) {
    if (start <= 0) continue;
    for (const before of [1, 0.5, 0]) if (start - before > 0) times.add(round3(start - before));
  }
  return [...times].sort((a, b) => a - b);
}

export function dvdPlan(timeline: Pick<Timeline, 'segments' | 'fps' | 'duration'>, standard: DvdStandard): DvdPlan {
  return { engine: DVD_VERSION, standard, duration: timeline.duration, videoKbps: videoKbps(timeline.duration), audioKbps: AUDIO_KBPS, chapters: chapterStarts(timeline) };
}

/** Names a disc: equal hashes make the same ISO (the same HD plan, the same standard, the same disc engine). */
export function dvdHash(hdPlanHash: string, standard: DvdStandard): string {
  return createHash('sha256').update(JSON.stringify([DVD_VERSION, hdPlanHash, standard])).digest('hex');
}

export const isDvdStandard = (value: unknown): value is DvdStandard => value === 'ntsc' || value === 'pal';
