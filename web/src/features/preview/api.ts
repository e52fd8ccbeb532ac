import { sendJson, type VideoRef } from '../../api/index.ts';
import type { PlaybackType } from './playback.ts';

export interface PartialPreview {
  /** Bytes of the video's largest slide file. */
  maxSlideSize: number;
  playback: { type: PlaybackType; url: string };
}

/** Failures are shown in red inside the dialog, so no error dialog here. */
export const requestPartialPreview = (video: VideoRef, type: PlaybackType, signal: AbortSignal) =>
  sendJson<PartialPreview>('POST', `/r/videos/${encodeURIComponent(String(video))}/partial_preview`, { type }, { alertErrors: false, signal });
