import type PgBoss from 'pg-boss';
import { AppError } from '../http/errors.ts';
import type { JobName, JobPayloads } from '../jobs/types.ts';
import { HD } from '../render/compile/profiles.ts';
import { renderPlan, type RenderPlan } from '../render/compile/render-plan.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS } from '../render/plan/types.ts';
import { slidesProblem } from '../render/plan/validate.ts';
import { RenderFailure } from '../render/render-error.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderArtRepository } from '../repositories/render-art.repository.ts';
import type { RenderRecordRepository, RenderRow } from '../repositories/render-record.repository.ts';
import type { RenderRepository } from '../repositories/render.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { RenderInputService } from './render-input.service.ts';
import { WORKER_ID, type RenderSegmentService } from './render-segment.service.ts';

/** Tries of one piece before the render stops with a message (a kill -9 counts as a try). */
export const MAX_ATTEMPTS = 3;
const GAVE_UP = 'The video could not be made after several tries. Our team has been told; please try again later.';

export type Send = <N extends JobName>(name: N, data: JobPayloads[N], options?: PgBoss.SendOptions) => Promise<unknown>;

export interface RenderServiceDeps {
  videos: VideoRepository;
  records: RenderRecordRepository;
  inputs: RenderInputService;
  pieces: RenderSegmentService;
  files: MediaFileRepository;
  ffmpeg: RenderRepository;
  art: RenderArtRepository;
  slides: { findSlide(id: number): Promise<SlideMediaRow | undefined>; ensureDerived(slide: SlideMediaRow, kind: 'cover_big'): Promise<string> };
  send: Send;
}

/** A dead worker's segment is retried soon: its job expires a little after a slow render of it would finish. */
export const segmentExpiry = (frames: number): number => Math.ceil(30 + (frames / FPS) * 4);

const renderFolder = (row: Pick<RenderRow, 'video_id' | 'id'>): string => `videos/${row.video_id}/renders/${row.id}`;

/**
 * HD and web renders as jobs: a plan is cut into segment jobs and one sound job that any worker may take; the
 * last to finish queues the join; the join queues the web video. Every step is keyed by what it makes, so a
 * retry after a crash redoes only what is missing and never makes a second output.
 */
export function renderService(deps: RenderServiceDeps) {
  const { records, files } = deps;

  async function queuePieces(render: RenderRow, plan: RenderPlan): Promise<void> {
    const tasks = new Map((await records.tasks(render.id)).map((t) => [t.task, t.state]));
    for (const [index, segment] of plan.timeline.segments.entries()) {
      if (tasks.get(`segment:${index}`) === 'done') continue;
      await deps.send('render.segment', { renderId: render.id, index }, { expireInSeconds: segmentExpiry(segment.frames) });
    }
    if (tasks.get('audio') !== 'done') await deps.send('render.audio', { renderId: render.id }, { expireInSeconds: segmentExpiry(plan.timeline.frames / 4) });
    await maybeAssemble(render.id);
  }

  async function maybeAssemble(renderId: number): Promise<void> {
    const { done, total } = await records.progress(renderId, '');
    const render = await records.find(renderId);
    if (!render || render.status !== 'rendering' || !render.plan) return;
    const parts = render.plan.hashes.length + 1;
    await records.update(renderId, { progress: Math.min(90, 5 + (85 * done) / Math.max(1, total)), message: `Making the video: ${Math.min(done, parts)} of ${parts} parts ready` });
    if (total > 0 && done === total && (await records.claimTask(renderId, 'assemble'))) await sendAssemble(renderId);
  }

  const sendAssemble = (renderId: number) => deps.send('render.assemble', { renderId }, { expireInSeconds: 900 });

  async function fail(renderId: number, message: string, detail: string): Promise<void> {
    await records.advance(renderId, ['queued', 'rendering', 'assembling'], { status: 'failed', message, error: detail.slice(0, 4000), finished_at: new Date() });
  }

  /** Runs one piece of a render with its attempts counted; a piece that cannot succeed stops the render. */
  async function piece(renderId: number, task: string, work: (render: RenderRow & { plan: RenderPlan }) => Promise<void>): Promise<void> {
    const render = await records.find(renderId);
    if (!render || !['rendering', 'assembling'].includes(render.status) || (render.kind === 'hd' && !render.plan)) return;
    const attempt = await records.startTask(renderId, task, WORKER_ID);
    if (attempt === 0) return;
    if (attempt > MAX_ATTEMPTS) {
      await records.finishTask(renderId, task, 'failed', 'gave up');
      return fail(renderId, GAVE_UP, `${task}: ${attempt - 1} attempts did not finish`);
    }
    try {
      await work(render as RenderRow & { plan: RenderPlan });
    } catch (err) {
      const detail = err instanceof RenderFailure ? `${err.message} ${err.detail}` : err instanceof Error ? err.stack ?? err.message : String(err);
      const final = (err instanceof RenderFailure && !err.retryable) || attempt >= MAX_ATTEMPTS;
      await records.finishTask(renderId, task, final ? 'failed' : 'running', detail.slice(0, 4000));
      if (!final) throw err;
      return fail(renderId, err instanceof RenderFailure ? err.message : GAVE_UP, `${task}: ${detail}`);
    }
    await records.finishTask(renderId, task, 'done');
  }

  async function markVideoFinished(video: VideoRow, render: RenderRow): Promise<void> {
    await deps.videos.update(video.id, { finished: true, hd_size: render.bytes, video_duration: render.duration } as Partial<VideoRow>);
  }

  return {
    /** Plans the video and starts what its HD render still needs; a video already made as planned renders nothing. */
    async requestHd(videoId: number, force = false): Promise<void> {
      const video = await deps.videos.findById(videoId);
      if (!video || video.deleted_at || !video.date_in_queue) return;
      const loaded = await deps.inputs.load(video);
      if (loaded.pending) throw new Error(`Video ${videoId}: slides still processing`);
      const problem = slidesProblem(loaded.input.slides, 'finalize');
      const plan = renderPlan(buildTimeline(loaded.input), HD, loaded.art);
      const latest = await records.latest(videoId, 'hd');
      if (!force && latest && latest.hash === plan.hash && latest.status !== 'failed') {
        if (latest.status === 'done' && latest.file_key && (await files.size(latest.file_key))) {
          await markVideoFinished(video, latest);
          const web = await records.latest(videoId, 'web');
          if (!web || web.source_render_id !== latest.id || web.status === 'failed') await this.queueWeb(latest);
          return;
        }
        if (latest.status !== 'done') return queuePieces(latest, latest.plan ?? plan);
      }
      await deps.videos.update(videoId, { finished: false } as Partial<VideoRow>);
      const tasks = [...plan.hashes.map((_, i) => `segment:${i}`), 'audio'];
      const render = await records.create(
        { video_id: videoId, kind: 'hd', hash: plan.hash, plan, status: problem ? 'failed' : 'rendering', message: problem ?? 'Waiting to start', progress: 0 },
        problem ? [] : tasks,
      );
      if (!problem) await queuePieces(render, plan);
    },

    async segment(renderId: number, index: number): Promise<void> {
      await piece(renderId, `segment:${index}`, async (render) => {
        await deps.pieces.segment(render.plan, index);
      });
      await maybeAssemble(renderId);
    },

    async audio(renderId: number): Promise<void> {
      await piece(renderId, 'audio', async (render) => {
        await deps.pieces.audio(render.plan);
      });
      await maybeAssemble(renderId);
    },

    /** Joins the segments without re-encoding, adds the sound, makes the cover and the snapshot. */
    async assemble(renderId: number): Promise<void> {
      const render = await records.find(renderId);
      if (!render?.plan || !(await records.advance(renderId, ['rendering', 'assembling'], { status: 'assembling', progress: 92, message: 'Finishing the video' }))) return;
      await piece(renderId, 'assemble', async ({ plan }) => {
        const folder = renderFolder(render);
        // Each is in the cache already; one pruned meanwhile is made again here.
        const segments: string[] = [];
        for (let i = 0; i < plan.hashes.length; i++) segments.push(files.path(await deps.pieces.segment(plan, i)));
        const audio = await deps.pieces.audio(plan);
        const key = `${folder}/hd.mp4`;
        await files.writeVia(key, (tmp) => deps.ffmpeg.assemble(segments, files.path(audio), tmp));
        const coverKey = `${folder}/cover.jpg`;
        const snapshotKey = `${folder}/snapshot.jpg`;
        const first = plan.timeline.segments.find((s) => s.visual.kind === 'photo');
        const coverSlide = first?.visual.slideId ? await deps.slides.findSlide(first.visual.slideId) : undefined;
        if (coverSlide && !coverSlide.deleted_at) {
          const source = await deps.slides.ensureDerived(coverSlide, 'cover_big');
          await files.writeVia(coverKey, (tmp) => deps.art.jpeg(source, HD.width, HD.height, tmp));
        }
        const at = first ? (first.start + first.frames / 2) / FPS : plan.timeline.duration / 2;
        await files.writeVia(snapshotKey, (tmp) => deps.ffmpeg.frame(files.path(key), at, tmp));
        const bytes = (await files.size(key)) ?? 0;
        await records.update(renderId, {
          status: 'done', progress: 100, message: 'Complete', file_key: key, bytes, duration: plan.timeline.duration,
          cover_key: (await files.size(coverKey)) ? coverKey : null, snapshot_key: snapshotKey, finished_at: new Date(),
        });
        await records.touchSegments([...plan.hashes, plan.audioHash]);
      });
      const done = await records.find(renderId);
      const video = await deps.videos.findById(render.video_id);
      if (done?.status === 'done' && video) {
        await markVideoFinished(video, done);
        await this.queueWeb(done);
      }
    },

    /** Queues the planning of a finalized video's HD render. */
    async start(videoId: number): Promise<void> {
      await deps.send('render.video', { videoId });
    },

    /** The admin's resubmit: a new HD render even of an unchanged video (its cached segments are reused). */
    async resubmitHd(videoId: number): Promise<void> {
      await this.requestHd(videoId, true);
    },

    async resubmitWeb(videoId: number): Promise<void> {
      const hd = await records.latestDone(videoId, 'hd');
      if (!hd) throw new AppError(409, 'The HD video has not been made yet.');
      await this.queueWeb(hd);
    },

    /** Sends again whatever a render in progress is waiting for (its jobs may have been lost with a database restore). */
    async resume(render: RenderRow): Promise<void> {
      if (render.kind === 'web') {
        await deps.send('render.web', { renderId: render.id }, { expireInSeconds: 1800 });
        return;
      }
      if (!render.plan || render.kind !== 'hd') return;
      const tasks = await records.tasks(render.id);
      if (render.status === 'assembling' || tasks.some((t) => t.task === 'assemble')) {
        await sendAssemble(render.id);
        return;
      }
      await queuePieces(render, render.plan);
    },

    /** Starts the web video of a finished HD render. */
    async queueWeb(hd: RenderRow): Promise<void> {
      const web = await records.create({ video_id: hd.video_id, kind: 'web', hash: hd.hash, source_render_id: hd.id, status: 'rendering', message: 'Waiting to start' }, ['web']);
      await deps.send('render.web', { renderId: web.id }, { expireInSeconds: 300 + Math.ceil((hd.duration ?? 600) * 2) });
    },

    async web(renderId: number): Promise<void> {
      const web = await records.find(renderId);
      if (!web || web.status !== 'rendering' || !web.source_render_id) return;
      const hd = await records.find(web.source_render_id);
      if (!hd?.file_key) return fail(renderId, 'The HD video this was to be made from is gone. Please finalize again.', 'no HD file');
      await records.update(renderId, { progress: 10, message: 'Making the web video' });
      await piece(renderId, 'web', async () => {
        const key = `${renderFolder(web)}/web.mp4`;
        await files.writeVia(key, (tmp) => deps.ffmpeg.web(files.path(hd.file_key!), hd.duration ?? 600, tmp));
        await records.update(renderId, { status: 'done', progress: 100, message: 'Complete', file_key: key, bytes: (await files.size(key)) ?? 0, duration: hd.duration, finished_at: new Date() });
      });
    },
  };
}

export type RenderService = ReturnType<typeof renderService>;
