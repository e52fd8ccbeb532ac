import type PgBoss from 'pg-boss';
import { AppError } from '../http/errors.ts';
import type { JobName, JobPayloads } from '../jobs/types.ts';
import { HD } from '../render/compile/profiles.ts';
import { dvdAudioKey } from '../render/compile/dvd-pieces.ts';
import { audioKey, renderPlan, type RenderPlan } from '../render/compile/render-plan.ts';
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
import { mapLimited } from './limiter.ts';
import type { RenderInputService } from './render-input.service.ts';
import { LOOKUPS_AT_ONCE, WORKER_ID, type RenderSegmentService } from './render-segment.service.ts';

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
  /** The disc standard of a video's organization: an NTSC disc's pieces are made with the HD segments. */
  discStandard?: (video: VideoRow) => Promise<'ntsc' | 'pal'>;
  /** Called once a video's newest HD render is done and published (the DVD is authored then). */
  afterHd?: (render: RenderRow) => Promise<void>;
}

// How long a render job may run before pg-boss takes it for lost and delivers it again (its maintenance looks
// every 15 s): each a little longer than a slow run of that piece, so a worker killed mid-job is replaced within
// about a minute for a video of a few minutes, and a healthy run is never taken away.

/** A segment: encoding runs near real time on a busy core, plus reading its pictures. */
export const segmentExpiry = (frames: number): number => Math.ceil(30 + (frames / FPS) * 4);
/**
 * The sound: one reading of the mix, then the levelled mix encoded for HD and web, each many times faster than it
 * plays. Beside two segments' encodes it can run past this (about a third of the video's length); its heartbeat
 * keeps it, so the short expiry only speeds the replacement of a dead worker.
 */
export const audioExpiry = (seconds: number): number => Math.ceil(30 + seconds / 6);
/** The join copies the finished segments without re-encoding and grabs a cover and a frame. */
export const assembleExpiry = (seconds: number): number => Math.ceil(45 + seconds / 10);
/** The web video joins its pieces, or (when they are gone) re-encodes the whole HD file at 480p, at least twice as fast as it plays. */
export const webExpiry = (seconds: number): number => Math.ceil(45 + seconds * 0.6);
/** A worker holds a task a little less than its job's expiry, so pg-boss's own retry of a dead worker's job runs. */
const HOLD_MARGIN_S = 5;
/**
 * While a piece runs its worker renews the hold this often (a third of the hold, at most 20 s). A piece that runs
 * past its expiry on a loaded machine is then still its worker's: pg-boss's second delivery finds it held and
 * leaves it, where before it started a second run that counted as an attempt, and three such made the render fail.
 * A dead worker stops renewing, so its piece is free again within one hold, as before. Tests shorten it.
 */
export const HEARTBEAT = { maxSeconds: 20 };
/** A job sent this recently is taken to be still waiting in the queue: a resume does not send it again. */
export const RESEND_AFTER_S = 10 * 60;
const REPLACED = 'Replaced by a newer render.';

const renderFolder = (row: Pick<RenderRow, 'video_id' | 'id'>): string => `videos/${row.video_id}/renders/${row.id}`;

/**
 * HD and web renders as jobs: a plan is cut into segment jobs and one sound job that any worker may take; the
 * last to finish queues the join; the join queues the web video. Every step is keyed by what it makes, so a
 * retry after a crash redoes only what is missing and never makes a second output: a video's renders are
 * decided under its row lock (and the database allows one HD and one web render in progress per video), a
 * re-send skips tasks already queued or running, and a duplicate delivery is neither run nor counted.
 */
export function renderService(deps: RenderServiceDeps) {
  const { records, files } = deps;

  const duration = (plan: RenderPlan): number => plan.timeline.frames / FPS;

  // Only tasks not sent lately and not held by a worker are sent (claimSends). The singletonKey names a job's task
  // in pgboss.job for whoever looks there; the queues' standard policy does not deduplicate by it.
  async function queuePieces(render: RenderRow, plan: RenderPlan): Promise<void> {
    await takeFromCache(render, plan);
    const names = [...plan.timeline.segments.map((_, index) => `segment:${index}`), 'audio'];
    const due = new Set(await records.claimSends(render.id, names, RESEND_AFTER_S));
    for (const [index, segment] of plan.timeline.segments.entries()) {
      if (!due.has(`segment:${index}`)) continue;
      await deps.send('render.segment', { renderId: render.id, index }, { expireInSeconds: segmentExpiry(segment.frames), singletonKey: `${render.id}:segment:${index}` });
    }
    if (due.has('audio')) await deps.send('render.audio', { renderId: render.id }, { expireInSeconds: audioExpiry(duration(plan)), singletonKey: `${render.id}:audio` });
    await maybeAssemble(render.id);
  }

  /**
   * Marks the pieces already in the shared cache done without a job each: after a one-slide edit nearly every
   * segment is cached, and a job round trip per cached segment cost more (about 0.2 s each, two at a time) than
   * making the changed ones.
   */
  async function takeFromCache(render: RenderRow, plan: RenderPlan): Promise<void> {
    const found = await mapLimited(plan.hashes, LOOKUPS_AT_ONCE, (_, index) => deps.pieces.cached(plan, index));
    const cached = plan.hashes.flatMap((_, index) => (found[index] ? [`segment:${index}`] : []));
    const hashes = plan.hashes.filter((_, index) => found[index]);
    if ((await files.size(audioKey(plan.profile, plan.audioHash))) && (!plan.dvd || (await files.size(dvdAudioKey(plan.audioHash))))) {
      cached.push('audio');
      hashes.push(plan.audioHash);
    }
    if (!cached.length) return;
    await records.touchSegments(hashes);
    await records.finishCached(render.id, cached);
  }

  async function maybeAssemble(renderId: number): Promise<void> {
    const { done, total } = await records.progress(renderId, '');
    const render = await records.find(renderId);
    if (!render || render.status !== 'rendering' || !render.plan) return;
    const parts = render.plan.hashes.length + 1;
    await records.update(renderId, { progress: Math.min(90, 5 + (85 * done) / Math.max(1, total)), message: `Making the video: ${Math.min(done, parts)} of ${parts} parts ready` });
    if (total > 0 && done === total && (await records.claimTask(renderId, 'assemble'))) await sendAssemble(renderId, render.plan);
  }

  const sendAssemble = (renderId: number, plan: RenderPlan) =>
    deps.send('render.assemble', { renderId }, { expireInSeconds: assembleExpiry(duration(plan)), singletonKey: `${renderId}:assemble` });

  /** Sends a web render's job unless it is queued or running already. */
  async function sendWeb(web: RenderRow, hd: Pick<RenderRow, 'duration'>): Promise<void> {
    if (!(await records.claimSends(web.id, ['web'], RESEND_AFTER_S)).length) return;
    await deps.send('render.web', { renderId: web.id }, { expireInSeconds: webExpiry(hd.duration ?? 600), singletonKey: `${web.id}:web` });
  }

  async function fail(renderId: number, message: string, detail: string): Promise<void> {
    await records.advance(renderId, ['queued', 'rendering', 'assembling'], { status: 'failed', message, error: detail.slice(0, 4000), finished_at: new Date() });
  }

  /**
   * Runs one piece of a render with its attempts counted; a piece that cannot succeed stops the render. The
   * piece is held for its job's expiry, renewed while it runs (HEARTBEAT): another delivery of it meanwhile (a
   * re-send, or pg-boss's retry of a job that outran its expiry) does nothing.
   */
  async function piece(
    renderId: number,
    task: string,
    expiry: (render: RenderRow & { plan: RenderPlan }) => number,
    work: (render: RenderRow & { plan: RenderPlan }) => Promise<void>,
  ): Promise<void> {
    const render = (await records.find(renderId)) as (RenderRow & { plan: RenderPlan }) | undefined;
    if (!render || !['rendering', 'assembling'].includes(render.status) || (render.kind === 'hd' && !render.plan)) return;
    const hold = expiry(render) - HOLD_MARGIN_S;
    const attempt = await records.startTask(renderId, task, WORKER_ID, hold);
    if (attempt === 0) return;
    if (attempt > MAX_ATTEMPTS) {
      await records.finishTask(renderId, task, 'failed', 'gave up');
      return fail(renderId, GAVE_UP, `${task}: ${attempt - 1} attempts did not finish`);
    }
    let renewing: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = records.extendTask(renderId, task, WORKER_ID, hold).catch((err) => console.error(`[render] ${renderId} ${task}: cannot renew its hold:`, err));
    }, Math.min(HEARTBEAT.maxSeconds, Math.max(0.05, hold / 3)) * 1000);
    let failure: { err: unknown } | undefined;
    try {
      await work(render);
    } catch (err) {
      failure = { err };
    } finally {
      // A renewal still on its way must not hold the piece again after it is given back for a retry.
      clearInterval(heartbeat);
      await renewing;
    }
    if (failure) {
      const { err } = failure;
      const detail = err instanceof RenderFailure ? `${err.message} ${err.detail}` : err instanceof Error ? err.stack ?? err.message : String(err);
      const final = (err instanceof RenderFailure && !err.retryable) || attempt >= MAX_ATTEMPTS;
      await records.finishTask(renderId, task, final ? 'failed' : 'running', detail.slice(0, 4000));
      if (!final) throw err;
      return fail(renderId, err instanceof RenderFailure ? err.message : GAVE_UP, `${task}: ${detail}`);
    }
    await records.finishTask(renderId, task, 'done');
  }

  /** Starts the web video of a finished HD render unless it is made or being made (`again`: a new one anyway). */
  async function ensureWeb(hd: RenderRow, again = false): Promise<void> {
    const web = await records.forVideo(hd.video_id, async (tx) => {
      const latest = await tx.latest(hd.video_id, 'web');
      if (!again && latest && latest.source_render_id === hd.id && latest.status !== 'failed') return latest;
      await tx.retireActive(hd.video_id, 'web', REPLACED);
      return tx.create({ video_id: hd.video_id, kind: 'web', hash: hd.hash, source_render_id: hd.id, status: 'rendering', message: 'Waiting to start' }, ['web']);
    });
    if (web.status !== 'done') await sendWeb(web, hd);
  }

  /**
   * What follows a finished HD render: the video is marked finished and its web video made. Safe to repeat, so a
   * retry after a worker died between the two still does both; an HD render replaced meanwhile does neither.
   */
  async function finishHd(render: RenderRow): Promise<void> {
    const video = await deps.videos.findById(render.video_id);
    const latest = await records.latest(render.video_id, 'hd');
    if (!video || render.status !== 'done' || latest?.id !== render.id) return;
    await deps.videos.update(video.id, { finished: true, hd_size: render.bytes, video_duration: render.duration } as Partial<VideoRow>);
    await ensureWeb(render);
    await deps.afterHd?.(render);
  }

  /** Sends again whatever a render in progress is waiting for and has not been sent lately. */
  async function resume(render: RenderRow): Promise<void> {
    if (render.kind === 'web') {
      const hd = render.source_render_id ? await records.find(render.source_render_id) : undefined;
      await sendWeb(render, hd ?? { duration: null });
      return;
    }
    if (!render.plan || render.kind !== 'hd') return;
    const tasks = await records.tasks(render.id);
    if (render.status === 'assembling' || tasks.some((t) => t.task === 'assemble')) {
      if ((await records.claimSends(render.id, ['assemble'], RESEND_AFTER_S)).length) await sendAssemble(render.id, render.plan);
      return;
    }
    await queuePieces(render, render.plan);
  }

  async function requestHd(videoId: number, force = false): Promise<void> {
    const video = await deps.videos.findById(videoId);
    if (!video || video.deleted_at || !video.date_in_queue) return;
    const loaded = await deps.inputs.load(video);
    if (loaded.pending) throw new Error(`Video ${videoId}: slides still processing`);
    const problem = slidesProblem(loaded.input.slides, 'finalize');
    const plan: RenderPlan = renderPlan(buildTimeline(loaded.input), HD, loaded.art);
    if ((await deps.discStandard?.(video)) === 'ntsc') plan.dvd = 'ntsc';
    // One decision at a time per video: a second job of it waits here, then finds the render the first made.
    const decided = await records.forVideo(videoId, async (tx) => {
      const latest = await tx.latest(videoId, 'hd');
      if (!force && latest && latest.hash === plan.hash && latest.status !== 'failed') {
        if (latest.status !== 'done' || (latest.file_key && (await files.size(latest.file_key)))) return { render: latest, fresh: false };
      }
      await tx.retireActive(videoId, 'hd', REPLACED);
      const tasks = [...plan.hashes.map((_, i) => `segment:${i}`), 'audio'];
      const render = await tx.create(
        { video_id: videoId, kind: 'hd', hash: plan.hash, plan, status: problem ? 'failed' : 'rendering', message: problem ?? 'Waiting to start', progress: 0 },
        problem ? [] : tasks,
      );
      return { render, fresh: true };
    });
    const { render } = decided;
    if (!decided.fresh) return render.status === 'done' ? finishHd(render) : resume(render);
    await deps.videos.update(videoId, { finished: false } as Partial<VideoRow>);
    if (!problem) await queuePieces(render, plan);
  }

  return {
    /** Plans the video and starts what its HD render still needs; a video already made as planned renders nothing. */
    requestHd,

    async segment(renderId: number, index: number): Promise<void> {
      await piece(renderId, `segment:${index}`, ({ plan }) => segmentExpiry(plan.timeline.segments[index]?.frames ?? 0), async ({ plan }) => {
        await deps.pieces.segment(plan, index);
      });
      await maybeAssemble(renderId);
    },

    async audio(renderId: number): Promise<void> {
      await piece(renderId, 'audio', ({ plan }) => audioExpiry(duration(plan)), async ({ plan }) => {
        await deps.pieces.audio(plan);
      });
      await maybeAssemble(renderId);
    },

    /** Joins the segments without re-encoding, adds the sound, makes the cover and the snapshot. */
    async assemble(renderId: number): Promise<void> {
      const render = await records.find(renderId);
      if (!render?.plan) return;
      // A worker that died after the join but before what follows it: finish what it left.
      if (render.status === 'done') {
        await records.finishTask(renderId, 'assemble', 'done');
        return finishHd(render);
      }
      if (!(await records.advance(renderId, ['rendering', 'assembling'], { status: 'assembling', progress: 92, message: 'Finishing the video' }))) return;
      await piece(renderId, 'assemble', ({ plan }) => assembleExpiry(duration(plan)), async ({ plan }) => {
        const folder = renderFolder(render);
        // Each is in the cache already; one pruned meanwhile is made again here.
        const segments = await deps.pieces.joinable(plan);
        const audio = await deps.pieces.audio(plan);
        const key = `${folder}/hd.mp4`;
        const audioFile = await files.local(audio);
        const coverKey = `${folder}/cover.jpg`;
        const snapshotKey = `${folder}/snapshot.jpg`;
        const first = plan.timeline.segments.find((s) => s.visual.kind === 'photo');
        // The cover and the snapshot are made beside the join, not after it: the join is mostly writing the file,
        // and a one-slide re-render waits for all three. The snapshot's frame is read from the segment that holds
        // it, the very frame the join copies into the file.
        // The middle of the photo's time, its transition out (made as the next segment, a tail) included.
        const tail = first && plan.timeline.segments[first.index + 1]?.tail ? plan.timeline.segments[first.index + 1].frames : 0;
        const atFrame = first ? first.start + Math.floor((first.frames + tail) / 2) : Math.floor(plan.timeline.frames / 2);
        const holder = plan.timeline.segments.findIndex((s) => s.start <= atFrame && atFrame < s.start + s.frames);
        const cover = async () => {
          const coverSlide = first?.visual.slideId ? await deps.slides.findSlide(first.visual.slideId) : undefined;
          if (!coverSlide || coverSlide.deleted_at) return;
          const source = await deps.slides.ensureDerived(coverSlide, 'cover_big');
          await files.writeVia(coverKey, (tmp) => deps.art.jpeg(source, HD.width, HD.height, tmp));
        };
        const snapshot = async () => {
          const seconds = (atFrame - plan.timeline.segments[holder].start) / FPS;
          await files.writeVia(snapshotKey, (tmp) => deps.ffmpeg.frame(segments[holder], seconds, tmp));
        };
        await Promise.all([files.writeVia(key, (tmp) => deps.ffmpeg.assemble(segments, audioFile, plan.timeline.frames, tmp)), cover(), snapshot()]);
        const bytes = (await files.size(key)) ?? 0;
        await records.update(renderId, {
          status: 'done', progress: 100, message: 'Complete', file_key: key, bytes, duration: plan.timeline.duration,
          cover_key: (await files.size(coverKey)) ? coverKey : null, snapshot_key: snapshotKey, finished_at: new Date(),
        });
        await records.touchSegments([...plan.hashes, plan.audioHash]);
      });
      const done = await records.find(renderId);
      if (done) await finishHd(done);
    },

    /** Queues the planning of a finalized video's HD render. */
    async start(videoId: number): Promise<void> {
      await deps.send('render.video', { videoId });
    },

    /** The admin's resubmit: a new HD render even of an unchanged video (its cached segments are reused). */
    async resubmitHd(videoId: number): Promise<void> {
      await requestHd(videoId, true);
    },

    async resubmitWeb(videoId: number): Promise<void> {
      const hd = await records.latestDone(videoId, 'hd');
      if (!hd) throw new AppError(409, 'The HD video has not been made yet.');
      await ensureWeb(hd, true);
    },

    /** Sends again whatever a render in progress is waiting for (its jobs may have been lost with a database restore). */
    resume,

    /** Starts the web video of a finished HD render, unless it is made or being made. */
    async queueWeb(hd: RenderRow): Promise<void> {
      await ensureWeb(hd);
    },

    async web(renderId: number): Promise<void> {
      const web = await records.find(renderId);
      if (!web || web.status !== 'rendering' || !web.source_render_id) return;
      const hd = await records.find(web.source_render_id);
      if (!hd?.file_key) return fail(renderId, 'The HD video this was to be made from is gone. Please finalize again.', 'no HD file');
      await records.update(renderId, { progress: 10, message: 'Making the web video' });
      await piece(renderId, 'web', () => webExpiry(hd.duration ?? 600), async () => {
        const key = `${renderFolder(web)}/web.mp4`;
        // Its pieces were made with the HD segments: joined, it is ready moments after the HD file.
        const made = hd.plan ? { pieces: await deps.pieces.webPieces(hd.plan), frames: hd.plan.timeline.frames } : null;
        // The HD file only when it is read (with object storage, a machine without it would fetch it).
        const hdFile = made?.pieces?.sound ? '' : await files.local(hd.file_key!);
        await files.writeVia(key, (tmp) => {
          if (!made?.pieces) return deps.ffmpeg.web(hdFile, hd.duration ?? 600, tmp);
          return deps.ffmpeg.webJoin(made.pieces.segments, made.pieces.sound ? { web: made.pieces.sound } : { hd: hdFile }, made.frames, tmp);
        });
        await records.update(renderId, { status: 'done', progress: 100, message: 'Complete', file_key: key, bytes: (await files.size(key)) ?? 0, duration: hd.duration, finished_at: new Date() });
      });
    },
  };
}

export type RenderService = ReturnType<typeof renderService>;
