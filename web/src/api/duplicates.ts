import { sendJson } from './http.ts';
import type { VideoRef } from './slides.ts';

/** The server's verdict on one candidate pair of duplicate photos. */
export interface PairVerdict {
  ids: [number, number];
  duplicate: boolean;
  structure: number;
  colour: number;
}

/** Our addition to spec 2: the server's stronger check of the pairs the browser's fingerprints call near. */
export const checkDuplicatePairs = (videoId: VideoRef, pairs: [number, number][]) =>
  sendJson<{ pairs: PairVerdict[] }>('POST', '/r/slides/duplicate_check', { videoId, pairs }, { alertErrors: false });

/** Spec 2 section 7: removals and keepers; the caller reloads the slides afterwards. */
export const markDuplicates = (videoId: VideoRef, remove: number[], keep: number[]) =>
  sendJson<{ removed: number[]; kept: number[] }>('POST', '/r/slides/mark_duplicate', { remove, keep, videoId });

/** Our addition too: the pairs the server found itself (light crops) and confirmed with the same check. */
export const proposedDuplicatePairs = (videoId: VideoRef) =>
  sendJson<{ pairs: PairVerdict[]; more: boolean }>('POST', '/r/slides/duplicate_pairs', { videoId }, { alertErrors: false });
