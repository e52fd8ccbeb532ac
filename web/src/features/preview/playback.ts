/** Pure choices of the preview dialog (spec 3 sections 2.9, 4.11 and 9); the browser facts come from capabilities.ts. */

export type PlaybackType = 'hls' | 'mp4';

export interface Capabilities {
  /** Media Source Extensions that take H.264 in MP4: hls.js can play HLS. */
  mse: boolean;
  /** The browser plays an HLS playlist in a video element by itself (Safari, iOS). */
  nativeHls: boolean;
  /** Progressive MP4 (H.264) in a video element. */
  mp4: boolean;
}

export type PlaybackChoice = { type: 'hls'; engine: 'hls.js' | 'native' } | { type: 'mp4'; engine: 'native' } | { unsupported: string };

/**
 * Media Source first: hls.js starts at the beginning and never jumps to the end of a playlist that is still growing;
 * then the browser's own HLS; then a progressive MP4, which plays once the server has made it.
 */
export function choosePlayback(can: Capabilities): PlaybackChoice {
  if (can.mse) return { type: 'hls', engine: 'hls.js' };
  if (can.nativeHls) return { type: 'hls', engine: 'native' };
  if (can.mp4) return { type: 'mp4', engine: 'native' };
  return { unsupported: PREVIEW_UNSUPPORTED };
}

/** Spec 2 section 8's words for a browser that plays neither video streams nor MP4. */
export const PREVIEW_UNSUPPORTED = "Your browser doesn't appear to support previews. Contact support for help.";

export const unsupportedText = (reason: string): string => `ERROR: ${reason}`;

/** Spec 3 sections 5 and 9: the preview warns when the largest slide is 2 GB or more. */
export const SLOW_SLIDE_BYTES = 2 * 1024 ** 3;

/** Spec 3 section 2.9: the wait is estimated as bytes * 8 / 250,000,000 seconds. */
export const slowEstimateSeconds = (bytes: number): number => Math.ceil((bytes * 8) / 250_000_000);

/** 1024 steps with 2 decimals (spec 3 section 9). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} bytes` : `${value.toFixed(2)} ${units[unit]}`;
}

/**
 * Spec 3 sections 5 and 9: the card's slow-generation warning, for a video in the queue and unfinished whose largest
 * slide file exceeds 2 GB (the preview's warning starts at 2 GB exactly).
 */
export function slowGenerationWarning(video: { dateInQueue: string | null; finished: boolean; deleted: boolean; maxSlideSize: number | null }): string | null {
  if (video.dateInQueue === null || video.finished || video.deleted || !video.maxSlideSize || video.maxSlideSize <= SLOW_SLIDE_BYTES) return null;
  return `This video has a very large slide (${formatBytes(video.maxSlideSize)}), so it is slow to make. It may take about ${slowEstimateSeconds(video.maxSlideSize).toLocaleString('en-US')} seconds longer than usual.`;
}

/** The slow-generation warning, or null when the largest slide is small enough. */
export function slowWarning(maxSlideSize: number | null | undefined): string | null {
  if (!maxSlideSize || maxSlideSize < SLOW_SLIDE_BYTES) return null;
  const seconds = slowEstimateSeconds(maxSlideSize);
  return `This video has a very large slide (${formatBytes(maxSlideSize)}), so the preview is slow to make. It may take about ${seconds.toLocaleString('en-US')} seconds before it starts.`;
}
