import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { AppError } from '../http/errors.ts';
import { chunkFragments, playlist, type PlaylistEntry } from '../render/compile/hls.ts';
import { fragmentDuration, mergeInits, patchFragment, splitFragmented, videoConfig, type Fragment } from '../render/compile/fmp4.ts';
import { growingFragments, type GrowingFragments } from '../render/compile/growing-fragments.ts';
import { PREVIEW, VIDEO_TIMESCALE, AUDIO_RATE } from '../render/compile/profiles.ts';
import { renderPlan, type RenderPlan } from '../render/compile/render-plan.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS, type Timeline } from '../render/plan/types.ts';
import { slidesProblem } from '../render/plan/validate.ts';
import { RenderFailure } from '../render/render-error.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderInputRepository } from '../repositories/render-input.repository.ts';
import type { RenderRecordRepository, RenderRow } from '../repositories/render-record.repository.ts';
import type { RenderRepository } from '../repositories/render.repository.ts';
import type { RenderInputService } from './render-input.service.ts';
import type { RenderSegmentService } from './render-segment.service.ts';
import type { VideoAccess } from './video-access.ts';
import { limiter } from './limiter.ts';

export type PlaybackType = 'hls' | 'mp4';

/** Where a preview starts (spec 3 partial_preview node_id): a slide by its id, or the opening ('intro', the cover photo's). */
export type PreviewStart = number | 'intro';

export interface WirePreview {
  max_slide_size: number;
  /** start_at: seconds into the preview where the asked-for slide first shows (0 for the opening). */
  playback: { type: PlaybackType; url: string; start_at: number };
}

/** Seconds where a slide first shows in a timeline (from its incoming transition); undefined when it is not in it. */
export function slideStartSeconds(timeline: Timeline, slideId: number): number | undefined {
  const segment = timeline.segments.find((s) => s.visual.slideId === slideId);
  return segment ? Math.max(0, segment.start - segment.offset) / timeline.fps : undefined;
}

export interface PreviewDeps {
  records: RenderRecordRepository;
  inputs: RenderInputService;
  inputsRepo: RenderInputRepository;
  pieces: RenderSegmentService;
  ffmpeg: RenderRepository;
  files: MediaFileRepository;
}

/** Segments made at once for a preview: the next one is under way while the first plays. */
const PREVIEW_CONCURRENCY = 2;
/** A preview whose maker stopped updating it this long ago is made again by whoever asks. */
const ABANDONED_MS = 2 * 60_000;
const TICKS_PER_FRAME = VIDEO_TIMESCALE / FPS;
/** How often a file ffmpeg is writing is looked at. */
const POLL_MS = 20;

export const previewFolder = (render: Pick<RenderRow, 'video_id' | 'id'>): string => `videos/${render.video_id}/renders/${render.id}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Partial previews: the final timeline at 360p, made by this server process segment by segment (in order, two
 * at a time) while the sound is mixed alongside, and published as an HLS playlist of fMP4 segments that grows
 * as they are made. The files live in shared storage, so any server can serve them.
 */
export function previewService(deps: PreviewDeps) {
  const { records, files } = deps;
  const running = new Map<number, Promise<void>>();
  // At most this many tasks at once across every preview this process makes, so two previews share the cores.
  const slot = limiter(PREVIEW_CONCURRENCY);

  async function make(render: RenderRow, plan: RenderPlan): Promise<void> {
    const folder = previewFolder(render);
    const audioKey = `${folder}/audio.mp4`;
    const audioFile = await files.scratchPath(audioKey);
    const audio = growingFragments(audioFile);
    const sources = await deps.pieces.audioSources(plan);
    const entries: PlaylistEntry[] = [];
    const writePlaylist = (ended: boolean) => files.write(`${folder}/index.m3u8`, Buffer.from(playlist(entries, ended)));
    await writePlaylist(false);
    const sound = { done: false, error: null as unknown };
    const mixing = deps.ffmpeg
      .previewAudio(plan.timeline.audio, sources, PREVIEW.audioBitrate, audioFile)
      .catch((err) => (sound.error = err))
      .finally(() => (sound.done = true));

    const segments = plan.timeline.segments;
    const made: (string | undefined)[] = [];
    const state = { next: 0, failure: null as unknown };
    /** The first segment's file while its ffmpeg writes it (never set when it was in the cache). */
    let firstWriting: string | undefined;
    // The first segment is made alone, so its ffmpeg has both cores: the viewer waits for it, not for the second.
    let firstDone = () => {};
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    const workers = Array.from({ length: PREVIEW_CONCURRENCY }, async () => {
      while (!state.failure && state.next < segments.length) {
        const index = state.next++;
        if (index > 0) await first;
        const watch = index === 0 ? { writing: (file: string) => (firstWriting = file) } : undefined;
        try {
          made[index] = await slot(() => deps.pieces.segment(plan, index, watch));
        } catch (err) {
          state.failure ??= err;
        }
        if (index === 0) firstDone();
      }
    });

    const videoEnd = plan.timeline.frames / FPS;
    let sequence = 1;
    let videoInit: Buffer | null = null;

    /** Waits until every fragment of sound that starts before `seconds` is written. */
    async function soundUntil(seconds: number): Promise<void> {
      for (;;) {
        await audio.poll();
        if (sound.error) throw sound.error;
        const last = audio.fragments[audio.fragments.length - 1];
        if (sound.done || (last && last.time / AUDIO_RATE >= seconds)) break;
        await sleep(POLL_MS);
      }
      if (sound.done) await audio.poll();
    }

    /** The video init of segment `index`: the first is published with the sound's (written by now); the others must match it. */
    async function useInit(index: number, init: Buffer | null): Promise<void> {
      if (!videoInit) {
        if (!init || !audio.init) throw new Error('Preview pieces have no init');
        videoInit = Buffer.from(init);
        await files.write(`${folder}/init.mp4`, mergeInits(videoInit, audio.init));
      } else if (init && videoConfig(init) !== videoConfig(videoInit)) {
        throw new Error(`Preview segment ${index} was encoded differently from the first (${videoConfig(init)} vs ${videoConfig(videoInit)})`);
      }
    }

    /**
     * Adds fragments of segment `index` (times in its own clock), which play until `until` seconds into it, to the
     * playlist: cut into HLS segments of at most HLS_TARGET_SECONDS, each with the sound that starts in it.
     */
    async function publishFragments(index: number, init: Buffer | null, fragments: Fragment[], until: number): Promise<void> {
      const segment = segments[index];
      await soundUntil(segment.start / FPS + until);
      await useInit(index, init);
      for (const chunk of chunkFragments(fragments, VIDEO_TIMESCALE, segment.start / FPS, until)) {
        const chunkEnd = chunk.start + chunk.seconds;
        const parts = chunk.fragments.map((f) => patchFragment(f.data, { sequence: sequence++, shift: segment.start * TICKS_PER_FRAME }));
        const heard = audio.fragments.filter((f) => {
          const at = f.time / AUDIO_RATE;
          return at >= chunk.start - 1e-6 && (at < chunkEnd - 1e-6 || chunkEnd >= videoEnd - 1e-6);
        });
        parts.push(...heard.map((f) => patchFragment(f.data, { sequence: sequence++, shift: 0, trackId: 2 })));
        const uri = `seg-${entries.length}.m4s`;
        await files.write(`${folder}/${uri}`, Buffer.concat(parts));
        entries.push({ uri, seconds: chunk.seconds });
      }
      await writePlaylist(false);
    }

    /**
     * The first segment's fragments, each published as soon as it is whole while its ffmpeg still writes the rest:
     * the viewer starts on the first, and the next arrives before it has played out, whatever the machine's load.
     * Answers how many fragments were published (none when the segment was done, or failed, first).
     */
    async function publishWhileWriting(): Promise<number> {
      let file: GrowingFragments | undefined;
      let published = 0;
      try {
        while (!made[0] && !state.failure) {
          if (!file && firstWriting) file = growingFragments(firstWriting);
          await file?.poll();
          const whole = file?.fragments.slice(published) ?? [];
          for (const fragment of whole) {
            await publishFragments(0, file!.init, [fragment], (fragment.time + fragmentDuration(fragment.data)) / VIDEO_TIMESCALE);
            published++;
          }
          if (!whole.length) await sleep(POLL_MS);
        }
        return published;
      } finally {
        await file?.close();
      }
    }

    /** Puts segment `index`, made and in the cache, in the playlist from its fragment `from` on. */
    async function publish(index: number, from: number): Promise<void> {
      const segment = segments[index];
      const { init, fragments } = splitFragmented(await files.read(made[index]!, 0, (await files.size(made[index]!)) ?? 0));
      await publishFragments(index, init, fragments.slice(from), segment.frames / FPS);
      const endSeconds = (segment.start + segment.frames) / FPS;
      const clock = `${Math.floor(endSeconds / 60)}:${String(Math.floor(endSeconds % 60)).padStart(2, '0')}`;
      await records.update(render.id, { progress: Math.min(99, Math.round((100 * (index + 1)) / segments.length)), message: `Preview ready up to ${clock}` });
    }

    try {
      const early = await publishWhileWriting();
      for (let index = 0; index < segments.length && !state.failure; index++) {
        while (!made[index] && !state.failure) await sleep(POLL_MS);
        if (!state.failure) await publish(index, index === 0 ? early : 0);
      }
    } catch (err) {
      state.failure ??= err;
    }
    await Promise.all(workers);
    await mixing;
    await audio.close();
    // Kept with the preview's files, as the mix always was; a failed one is not.
    if (state.failure || sound.error) await rm(audioFile, { force: true });
    else await files.publish(audioKey, audioFile);
    if (state.failure) throw state.failure;
    await writePlaylist(true);
    await records.update(render.id, { status: 'done', progress: 100, message: 'Complete', duration: plan.timeline.duration, finished_at: new Date() });
  }

  function start(render: RenderRow, plan: RenderPlan): void {
    const job = make(render, plan)
      .catch(async (err) => {
        const message = err instanceof RenderFailure ? err.message : 'The preview could not be made. Please try again.';
        const detail = err instanceof Error ? `${err.message} ${(err as RenderFailure).detail ?? ''}` : String(err);
        await records.advance(render.id, ['rendering'], { status: 'failed', message, error: detail.slice(0, 4000), finished_at: new Date() });
        if (!(err instanceof RenderFailure)) console.error(`[preview] video ${render.video_id}:`, err);
      })
      .finally(() => running.delete(render.id));
    running.set(render.id, job);
  }

  return {
    /** POST /r/videos/{id}/partial_preview: starts (or reuses) the preview of the video as it is now. */
    async request(access: VideoAccess, type: PlaybackType, from: PreviewStart = 'intro'): Promise<WirePreview> {
      const { video } = access;
      const loaded = await deps.inputs.load(video);
      const problem = slidesProblem(loaded.input.slides, 'preview') ?? loaded.pending;
      if (problem) throw new AppError(400, problem);
      const plan = renderPlan(buildTimeline(loaded.input), PREVIEW, loaded.art);
      const startAt = from === 'intro' ? 0 : slideStartSeconds(plan.timeline, from);
      if (startAt === undefined) throw new AppError(400, 'That slide is not part of the video.');
      const latest = await records.latest(video.id, 'preview');
      const alive = latest && (latest.status === 'done' || running.has(latest.id) || (latest.status === 'rendering' && Date.now() - latest.updated_at.getTime() < ABANDONED_MS));
      let render = latest && latest.hash === plan.hash && alive ? latest : undefined;
      if (!render) {
        render = await records.create({ video_id: video.id, kind: 'preview', hash: plan.hash, plan, status: 'rendering', message: 'Starting the preview', token: randomBytes(16).toString('hex') }, []);
        start(render, plan);
      }
      return {
        max_slide_size: await deps.inputsRepo.largestSlideBytes(video.id),
        playback: { type, url: `/r/previews/${render.token}/${type === 'hls' ? 'index.m3u8' : 'preview.mp4'}`, start_at: Math.round(startAt * 1000) / 1000 },
      };
    },

    /** The preview behind a token, with its folder; undefined for an unknown token. */
    async byToken(token: string): Promise<{ render: RenderRow; folder: string } | undefined> {
      if (!/^[0-9a-f]{32}$/.test(token)) return undefined;
      const render = await records.findByToken(token);
      return render ? { render, folder: previewFolder(render) } : undefined;
    },

    /** Resolves when this process has no preview under way (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}

export type PreviewService = ReturnType<typeof previewService>;
