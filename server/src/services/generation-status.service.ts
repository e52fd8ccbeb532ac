import type { RenderKind, RenderRecordRepository, RenderRow } from '../repositories/render-record.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';

export const STAGES = ['hd', 'web', 'dvd', 'preview'] as const;
export type Stage = (typeof STAGES)[number];

export const isStage = (value: unknown): value is Stage => typeof value === 'string' && (STAGES as readonly string[]).includes(value);

/** CONVENTIONS: complete is a percent, 100 or more is done. A failed render also says so. */
export interface WireGenerationStatus {
  complete: number;
  message: string;
  failed?: boolean;
}

export interface WireAdminStatus extends WireGenerationStatus {
  stages: Record<Stage, WireGenerationStatus & { detail: string | null; updated_at: string | null }>;
}

type RenderFacts = Pick<RenderRow, 'status' | 'progress' | 'message' | 'error' | 'updated_at'>;

const NOT_STARTED: Record<Stage, string> = {
  hd: 'Waiting for the render to start...',
  web: 'The web video is made after the HD video.',
  dvd: 'The DVD is made when it is requested.',
  preview: 'No preview has been made.',
};

/**
 * The status of one stage from its newest render (or from the video alone when there is none). Only a done render
 * says Complete: its file is in place before it is marked done, so a video without its files never shows as made.
 */
export function stageStatus(video: Pick<VideoRow, 'date_in_queue' | 'deleted_at'>, stage: Stage, render: RenderFacts | undefined): WireGenerationStatus {
  if (!render) {
    if ((stage === 'hd' || stage === 'web') && !video.date_in_queue) return { complete: 0, message: 'Video is unfinished' };
    return { complete: 0, message: NOT_STARTED[stage] };
  }
  if (render.status === 'done') return { complete: 100, message: 'Complete' };
  if (render.status === 'failed') return { complete: 0, message: render.message || 'The video could not be made.', failed: true };
  return { complete: Math.min(99, Math.max(0, Math.floor(render.progress))), message: render.message || NOT_STARTED[stage] };
}

const KIND: Record<Stage, RenderKind> = { hd: 'hd', web: 'web', dvd: 'dvd', preview: 'preview' };

export function generationStatusService(records: RenderRecordRepository) {
  return {
    async status(video: VideoRow, stage: Stage): Promise<WireGenerationStatus> {
      return stageStatus(video, stage, await records.latest(video.id, KIND[stage]));
    },

    /** Every stage with the technical detail of its newest render (super users). */
    async admin(video: VideoRow): Promise<WireAdminStatus> {
      const entries = await Promise.all(
        STAGES.map(async (stage) => {
          const render = await records.latest(video.id, KIND[stage]);
          return [stage, { ...stageStatus(video, stage, render), detail: render?.error ?? null, updated_at: render?.updated_at.toISOString() ?? null }] as const;
        }),
      );
      const stages = Object.fromEntries(entries) as WireAdminStatus['stages'];
      return { ...stages.hd, stages };
    },

    /** One stage of many videos at once (the videos are already access-checked). */
    async many(videos: VideoRow[], stage: Stage): Promise<Record<string, WireGenerationStatus>> {
      const latest = new Map((await records.latestForVideos(videos.map((v) => v.id), KIND[stage])).map((r) => [r.video_id, r]));
      return Object.fromEntries(videos.map((v) => [String(v.id), stageStatus(v, stage, latest.get(v.id))]));
    },
  };
}
