import { getJson, type VideoRef } from '../../api/index.ts';

/** The render stages a status can be asked for (CONVENTIONS, "Generation status"). */
export type Stage = 'hd' | 'web' | 'dvd' | 'preview';

/** `complete` is a percent; 100 or more is done. A failed render says so, its message saying why. */
export interface GenerationStatus {
  complete: number;
  message: string;
  failed?: boolean;
}

/** Stage -> video id -> status, as the batch call answers (camelize keeps the numeric keys). */
export type GenerationStatuses = Partial<Record<Stage, Record<string, GenerationStatus>>>;

/** `admin` (super users) answers every stage with its detail in the message. */
export type StatusStage = Stage | 'admin';

/** Polling calls show no error dialog: a failed poll is simply tried again. */
export const fetchGenerationStatus = (video: VideoRef, stage: StatusStage | undefined, signal: AbortSignal) =>
  getJson<GenerationStatus>(`/r/videos/${encodeURIComponent(String(video))}/check_generation_status`, stage ? { stage } : undefined, { alertErrors: false, signal });

export const fetchGenerationStatuses = (progressBars: Partial<Record<Stage, number[]>>, signal: AbortSignal) =>
  getJson<GenerationStatuses>('/r/videos/check_generation_statuses', { progress_bars: JSON.stringify(progressBars) }, { alertErrors: false, signal });
