import { sendJson, type VideoRef } from '../../api/index.ts';
import type { PlaybackType } from './playback.ts';

export interface PartialPreview {
  /** Bytes of the video's largest slide file. */
  maxSlideSize: number;
  /** startAt: seconds where the asked-for slide first shows (0 from the opening). */
  playback: { type: PlaybackType; url: string; startAt: number };
}

/** Where the preview starts: the opening ('intro', which the cover photo asks for) or a slide by id (spec 3 node_id). */
export type PreviewNode = 'intro' | number;

/** Failures are shown in red inside the dialog, so no error dialog here. */
export const requestPartialPreview = (video: VideoRef, type: PlaybackType, signal: AbortSignal, node: PreviewNode = 'intro') =>
  sendJson<PartialPreview>('POST', `/r/videos/${encodeURIComponent(String(video))}/partial_preview`, { type, node_id: node }, { alertErrors: false, signal });
