import type { GenerationStatus } from './api.ts';

/** Spec 3 section 9: the card polls about every 0.9 s, lists every 3 s and retry 15 s after a failure. */
export const CARD_POLL_MS = 900;
export const BATCH_POLL_MS = 3000;
export const BATCH_RETRY_MS = 15000;

export const DELETED_TEXT = 'Video has been deleted.';
export const COMPLETE_TEXT = 'Complete';
export const UNFINISHED_TEXT = 'Video is unfinished';
export const WAITING_TEXT = 'Waiting for the render to start...';

export const isDone = (status: GenerationStatus | undefined): boolean => status !== undefined && status.complete >= 100;

/** The video facts the card's status line depends on. */
export interface StatusFacts {
  /** Absent where only live videos are listed. */
  deleted?: boolean;
  finished: boolean;
  dateInQueue: string | null;
}

/** Whether the card has a render to watch: finalized (in the queue), not finished and not deleted. */
export const isRendering = (video: StatusFacts): boolean => !video.deleted && !video.finished && video.dateInQueue !== null;

export type CardStatus = { kind: 'text'; text: string } | { kind: 'progress'; percent: number; message: string; failed: boolean };

/** Spec 3 section 4.8, in its order: deleted, complete, unfinished, else the polled percent and message. */
export function cardStatus(video: StatusFacts, polled: GenerationStatus | undefined): CardStatus {
  if (video.deleted) return { kind: 'text', text: DELETED_TEXT };
  if (video.finished || isDone(polled)) return { kind: 'text', text: COMPLETE_TEXT };
  if (video.dateInQueue === null) return { kind: 'text', text: UNFINISHED_TEXT };
  return { kind: 'progress', percent: clampPercent(polled?.complete ?? 0), message: polled?.message || WAITING_TEXT, failed: polled?.failed === true };
}

/** A bar never shows 100% before the server says the video is done, nor less than nothing. */
export function clampPercent(complete: number): number {
  if (!Number.isFinite(complete)) return 0;
  return Math.min(99, Math.max(0, Math.floor(complete)));
}

export const completionNotice = (title: string): string => `The video for ${title.trim() || 'Untitled video'} is complete!`;
