import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { RenderPlan } from '../render/compile/render-plan.ts';
import { RenderFailure } from '../render/render-error.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderRecordRepository, RenderRow } from '../repositories/render-record.repository.ts';
import { scratchDir } from '../repositories/temp-files.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import { WORKER_ID } from '../services/render-segment.service.ts';
import { MAX_ATTEMPTS, RESEND_AFTER_S, type Send } from '../services/render.service.ts';
import { authorDvd } from './author.ts';
import { encodeDvd, muxPieces } from './encode.ts';
import { makeIso } from './iso.ts';
import { dvdHash, dvdPlan, isDvdStandard, videoKbps, type DvdPlan, type DvdStandard } from './plan.ts';
import { discProblem, readDisc } from './validate.ts';

/** A render of kind 'dvd' with the disc plan it is made to and, once published, its ISO's SHA-256. */
export type DvdRender = RenderRow & { dvd_plan: DvdPlan | null; sha256: string | null };

export interface DvdServiceDeps {
  videos: Pick<VideoRepository, 'findById' | 'update'>;
  records: RenderRecordRepository;
  files: MediaFileRepository;
  /** The organization's disc standard (organizations.dvd_standard). */
  standard: (video: VideoRow) => Promise<DvdStandard>;
  /** Plans the HD render of a finalized video when it has none yet (render.service.ts requestHd). */
  requestHd: (videoId: number) => Promise<void>;
  /**
   * The disc's pieces made with an NTSC HD plan's segments and its AC-3 sound, local files in order, or null when
   * any is missing (render-segment.service.ts dvdPieces).
   */
  pieces: (plan: RenderPlan) => Promise<{ segments: string[]; sound: string } | null>;
  send: Send;
}

/**
 * How long a DVD job may run before pg-boss takes it for lost and delivers it again: the encode runs several times
 * faster than the video plays even on a busy core, authoring and the image copy it twice more, the check reads it.
 */
export const dvdExpiry = (seconds: number): number => Math.ceil(30 + seconds * 0.5);
/** While the HD video is still being made, the DVD job looks again this often. */
const WAIT_FOR_HD_S = 5;
const HOLD_MARGIN_S = 5;
/** The DVD's share of its stage's bar while it waits for the HD video (which fills the first half). */
const WAITING_SHARE = 50;

const GAVE_UP = 'The DVD could not be made after several tries. Our team has been told; please try again later.';
const REPLACED = 'Replaced by a newer DVD.';
const HD_FAILED = 'The HD video could not be made, so neither could the DVD. Please finalize the video again.';
const CHANGED = 'The video changed while its DVD was being made. Please request the DVD again.';

const isoKey = (render: Pick<RenderRow, 'video_id' | 'id'>): string => `videos/${render.video_id}/renders/${render.id}/dvd.iso`;

/**
 * DVD-Video disc images as renders of kind 'dvd': an NTSC disc joins the MPEG-2 pieces and AC-3 sound made with the
 * HD segments (render/compile/dvd-pieces.ts), authored by the worker that published the HD file as soon as it did
 * (afterHd); a PAL disc, or one whose pieces are gone, is encoded from the finished HD file (encode.ts). Then
 * author (author.ts), image (iso.ts), check (validate.ts), publish, by the 'dvd.build' job or afterHd. A video's DVD
 * is decided under its row lock and named by the HD plan's hash and the standard, so an unchanged video's ISO is
 * never made twice; the image is written to a temporary name and renamed into place only once lsdvd has checked it,
 * so a worker killed mid-way leaves nothing half made where a download could find it, and pg-boss's retry of its
 * job starts again from the pieces or the HD file.
 */
export function dvdService(deps: DvdServiceDeps) {
  const { records, files } = deps;
  let send = deps.send;

  const find = async (id: number): Promise<DvdRender | undefined> => (await records.find(id)) as DvdRender | undefined;

  const sendBuild = (render: Pick<DvdRender, 'id' | 'dvd_plan'>, startAfter?: number) =>
    send('dvd.build', { renderId: render.id }, {
      expireInSeconds: dvdExpiry(render.dvd_plan?.duration ?? 600),
      retryLimit: MAX_ATTEMPTS,
      retryDelay: 5,
      retryBackoff: false,
      singletonKey: `${render.id}:dvd`,
      ...(startAfter ? { startAfter } : {}),
    });

  async function fail(renderId: number, message: string, detail: string): Promise<void> {
    await records.advance(renderId, ['queued', 'rendering'], { status: 'failed', message, error: detail.slice(0, 4000), finished_at: new Date() });
  }

  /** The HD render a DVD is made from: its own, or a newer one of the same plan that finished (an admin resubmit). */
  async function sourceOf(render: DvdRender): Promise<RenderRow | undefined> {
    const hd = render.source_render_id ? await records.find(render.source_render_id) : undefined;
    if (hd?.status === 'done') return hd;
    const latest = await records.latest(render.video_id, 'hd');
    if (latest && hd && latest.hash === hd.hash && latest.id !== hd.id) {
      await records.update(render.id, { source_render_id: latest.id });
      return latest;
    }
    return hd;
  }

  /** Encodes, authors, images and checks the disc; the ISO is in place only when lsdvd found it as planned. */
  async function make(render: DvdRender, plan: DvdPlan, hd: RenderRow, title: string): Promise<string> {
    const key = isoKey(render);
    // A worker that died after the image was checked and renamed into place but before it was published.
    if (await files.size(key)) return key;
    const progress = (value: number, message: string) => records.advance(render.id, ['rendering'], { progress: value, message });
    const dir = await scratchDir('dvd');
    try {
      const mpeg = path.join(dir, 'title.mpg');
      // Pieces made for another standard (the organization changed it since) or at another rate do not serve.
      const pieces = hd.plan?.dvd === plan.standard && videoKbps(hd.plan.timeline.duration) === plan.videoKbps ? await deps.pieces(hd.plan) : null;
      if (pieces) {
        await progress(WAITING_SHARE + 20, 'Joining the DVD video');
        await muxPieces(pieces.segments, pieces.sound, plan, mpeg);
      } else {
        await progress(WAITING_SHARE, 'Encoding the DVD video');
        await encodeDvd(await files.local(hd.file_key!), plan, mpeg, (share) => {
          void progress(WAITING_SHARE + 35 * share, `Encoding the DVD video: ${Math.floor(share * 100)}%`).catch(() => undefined);
        });
      }
      await progress(86, 'Authoring the disc');
      const disc = path.join(dir, 'disc');
      await authorDvd(plan, mpeg, disc);
      await rm(mpeg, { force: true });
      await progress(92, 'Writing the disc image');
      await files.writeVia(key, async (tmp) => {
        await makeIso(disc, title, tmp, plan.duration);
        await progress(96, 'Checking the disc');
        const problem = discProblem(await readDisc(tmp, plan.standard), plan);
        if (problem) throw new RenderFailure(problem, `lsdvd ${path.basename(tmp)}`);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return key;
  }

  /** Marks a checked disc done, with its size and SHA-256 (computed once, here), and points the video at it. */
  async function publish(render: DvdRender, plan: DvdPlan, key: string): Promise<void> {
    const bytes = (await files.size(key)) ?? 0;
    const sha256 = await files.sha256(key);
    const values = { status: 'done', progress: 100, message: 'Complete', file_key: key, bytes, duration: plan.duration, sha256, finished_at: new Date() } as const;
    if (!(await records.advance(render.id, ['rendering'], values as Partial<RenderRow>))) return;
    const latest = await records.latest(render.video_id, 'dvd');
    if (latest?.id === render.id) await deps.videos.update(render.video_id, { iso_size: bytes, dvd_path: key } as Partial<VideoRow>);
  }

  /**
   * The video's DVD render of the HD render `hd`'s plan: the one made or being made, or a new one (`force`: a new one
   * anyway), decided under the video's row lock.
   */
  async function decide(video: VideoRow, hd: RenderRow & { plan: RenderPlan }, standard: DvdStandard, force: boolean): Promise<DvdRender> {
    const hash = dvdHash(hd.plan.hash, standard);
    const plan = dvdPlan(hd.plan.timeline, standard);
    return records.forVideo(video.id, async (tx) => {
      const latest = (await tx.latest(video.id, 'dvd')) as DvdRender | undefined;
      if (!force && latest && latest.hash === hash && latest.status !== 'failed') {
        if (latest.status !== 'done' || (latest.file_key && (await files.size(latest.file_key)))) return latest;
      }
      await tx.retireActive(video.id, 'dvd', REPLACED);
      const values = { video_id: video.id, kind: 'dvd' as const, hash, source_render_id: hd.id, status: 'rendering' as const, progress: 0, message: 'Waiting to start', dvd_plan: plan };
      return (await tx.create(values, ['dvd'])) as DvdRender;
    });
  }

  /** The 'dvd.build' job: one try at making a DVD render's disc, counted; the third failure stops it with a message. */
  async function build(renderId: number): Promise<void> {
    const render = await find(renderId);
    const plan = render?.dvd_plan;
    if (!render || render.kind !== 'dvd' || render.status !== 'rendering' || !plan) return;
    const hd = await sourceOf(render);
    if (!hd || hd.status === 'failed' || !hd.plan) return fail(renderId, hd?.error === 'superseded' ? CHANGED : HD_FAILED, `HD render ${hd?.id ?? 'missing'}: ${hd?.message ?? ''}`);
    if (hd.status !== 'done' || !hd.file_key) {
      await records.advance(renderId, ['rendering'], { progress: (WAITING_SHARE * hd.progress) / 100, message: `Making the HD video first: ${Math.floor(hd.progress)}%` });
      // The job looks again shortly; noting the send keeps a request meanwhile from starting a second chain.
      if ((await records.claimSends(renderId, ['dvd'], 0)).length) await sendBuild(render, WAIT_FOR_HD_S);
      return;
    }
    const attempt = await records.startTask(renderId, 'dvd', WORKER_ID, dvdExpiry(plan.duration) - HOLD_MARGIN_S);
    if (attempt === 0) return;
    if (attempt > MAX_ATTEMPTS) {
      await records.finishTask(renderId, 'dvd', 'failed', 'gave up');
      return fail(renderId, GAVE_UP, `dvd: ${attempt - 1} attempts did not finish`);
    }
    try {
      const video = await deps.videos.findById(render.video_id);
      const key = await make(render, plan, hd, video?.title ?? '');
      await publish(render, plan, key);
    } catch (err) {
      const detail = err instanceof RenderFailure ? `${err.message} ${err.detail}` : err instanceof Error ? (err.stack ?? err.message) : String(err);
      const final = (err instanceof RenderFailure && !err.retryable) || attempt >= MAX_ATTEMPTS;
      await records.finishTask(renderId, 'dvd', final ? 'failed' : 'running', detail.slice(0, 4000));
      if (!final) throw err;
      return fail(renderId, err instanceof RenderFailure ? err.message : GAVE_UP, `dvd: ${detail}`);
    }
    await records.finishTask(renderId, 'dvd', 'done');
  }

  return {
    /**
     * Starts the video's DVD unless it is made or being made as planned (`force`: a new one anyway, the admin's
     * Rebuild DVD). A finalized video without an HD render gets one planned; the DVD job then waits for it.
     */
    async request(videoId: number, force = false): Promise<DvdRender> {
      const video = await deps.videos.findById(videoId);
      if (!video || video.deleted_at) throw notFound();
      if (!video.date_in_queue) throw new AppError(409, 'The video has not been finalized.');
      let hd = await records.latest(videoId, 'hd');
      if (!hd || hd.status === 'failed') {
        // Its slides may still be processing: the caller asks again shortly.
        await deps.requestHd(videoId).catch(() => undefined);
        hd = await records.latest(videoId, 'hd');
      }
      if (!hd?.plan) throw new AppError(409, 'The video is still being prepared. Please try again in a minute.');
      if (hd.status === 'failed') throw new AppError(409, hd.message || HD_FAILED);
      const render = await decide(video, hd as RenderRow & { plan: RenderPlan }, await deps.standard(video), force);
      if (render.status !== 'done' && (await records.claimSends(render.id, ['dvd'], RESEND_AFTER_S)).length) await sendBuild(render);
      return render;
    },

    /**
     * The video's published ISO when it is the disc of the video as it is now (finalized, its newest HD render done
     * to the same plan), with its file in place. A video reopened for editing, or being made again, offers none.
     */
    async ready(video: VideoRow): Promise<DvdRender | undefined> {
      if (video.deleted_at || !video.date_in_queue) return undefined;
      const [latest, hd] = await Promise.all([records.latest(video.id, 'dvd'), records.latest(video.id, 'hd')]);
      const dvd = latest as DvdRender | undefined;
      if (!dvd || dvd.status !== 'done' || !dvd.file_key || !dvd.sha256 || hd?.status !== 'done' || !hd.plan) return undefined;
      if (dvd.hash !== dvdHash(hd.plan.hash, await deps.standard(video))) return undefined;
      return (await files.size(dvd.file_key)) ? dvd : undefined;
    },

    /** The 'dvd.build' job: one try at making a DVD render's disc, counted; the third failure stops it with a message. */
    build,

    /**
     * What follows a published HD render whose plan made the disc's pieces (an NTSC organization's): its DVD is
     * authored here and now, by the worker that joined the HD file, from those pieces (a few seconds: nothing is
     * encoded again). A try that fails is left to the 'dvd.build' job's retries.
     */
    async afterHd(hd: RenderRow): Promise<void> {
      if (!hd.plan?.dvd || hd.status !== 'done') return;
      const video = await deps.videos.findById(hd.video_id);
      if (!video || video.deleted_at || !video.date_in_queue || (await deps.standard(video)) !== hd.plan.dvd) return;
      const render = await decide(video, hd as RenderRow & { plan: RenderPlan }, hd.plan.dvd, false);
      if (render.status !== 'rendering' || !(await records.claimSends(render.id, ['dvd'], RESEND_AFTER_S)).length) return;
      // Should this worker die while it authors the disc, the job takes over once its hold here has expired; a job
      // that finds the disc made does nothing. (A process without a queue has only this try.)
      await sendBuild(render, dvdExpiry(hd.plan.timeline.duration)).catch(() => undefined);
      try {
        await build(render.id);
      } catch (err) {
        console.error(`[dvd] ${render.id}: authoring after the HD video failed; its job tries again:`, err);
        await sendBuild(render, 1).catch((sendErr: unknown) => console.error(`[dvd] ${render.id}: cannot queue its retry:`, sendErr));
      }
    },

    /** Sends the DVD jobs another way from now on (a test runs them in its own process). */
    useSender(next: Send): void {
      send = next;
    },
  };
}

export type DvdService = ReturnType<typeof dvdService>;

/** The disc standard of a video's organization: PAL when it chose it, else NTSC (a video without one too). */
export function organizationStandard(db: Db) {
  return async (video: Pick<VideoRow, 'organization_id'>): Promise<DvdStandard> => {
    if (video.organization_id === null) return 'ntsc';
    const row = await db('organizations').where({ id: video.organization_id }).first<{ dvd_standard: string } | undefined>('dvd_standard');
    return isDvdStandard(row?.dvd_standard) ? row.dvd_standard : 'ntsc';
  };
}
