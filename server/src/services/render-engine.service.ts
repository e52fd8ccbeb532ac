import type { Db } from '../db/database.ts';
import { inStage } from '../repositories/cpu-account.ts';
import type { JobName, JobPayloads } from '../jobs/types.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import { renderArtRepository } from '../repositories/render-art.repository.ts';
import { renderInputRepository } from '../repositories/render-input.repository.ts';
import { renderRecordRepository } from '../repositories/render-record.repository.ts';
import { renderRepository } from '../repositories/render.repository.ts';
import type { SlideRepository } from '../repositories/slide.repository.ts';
import type { VideoRepository } from '../repositories/video.repository.ts';
import { renderInputService } from './render-input.service.ts';
import { previewService } from './preview.service.ts';
import { renderPruneService } from './render-prune.service.ts';
import { renderShowcaseService } from './render-showcase.service.ts';
import { renderSegmentService, slideSources } from './render-segment.service.ts';
import { renderThemeService, type EnsureThemeArt } from './render-theme.service.ts';
import { renderService, type RenderServiceDeps, type Send } from './render.service.ts';
import type { SlideMediaService } from './slide-media.service.ts';

export interface RenderEngineDeps {
  db: Db;
  files: MediaFileRepository;
  /** Removes a storage key, file or folder. */
  remove: (key: string) => Promise<void>;
  videos: VideoRepository;
  slides: SlideRepository;
  slideMedia: SlideMediaService;
  /** How render jobs are sent: the pg-boss queue, or an in-process runner (tests, the benchmark). */
  send: Send;
  /** Draws (or places from the cache) a theme's pictures when they are missing. */
  ensureThemeArt?: EnsureThemeArt;
  /** Where the showcase keeps its clips between installations (default ~/.cache/tribute). */
  showcaseCacheDir?: string;
  /** True while the watchdog should not start finalized videos that were never rendered (a library being prepared). */
  holdWaiting?: () => Promise<boolean>;
  /** The disc standard of a video's organization (render.service.ts' discStandard). */
  discStandard?: RenderServiceDeps['discStandard'];
  /** What follows a published HD render (the DVD's authoring). */
  afterHd?: RenderServiceDeps['afterHd'];
}

/** Every part of the render engine, built once per process from the repositories it uses. */
export function renderEngine(deps: RenderEngineDeps) {
  const records = renderRecordRepository(deps.db);
  const inputsRepo = renderInputRepository(deps.db);
  const ffmpeg = renderRepository();
  const art = renderArtRepository();
  const themes = renderThemeService(inputsRepo, deps.ensureThemeArt);
  const slides = {
    findSlide: (id: number) => deps.slideMedia.findSlide(id),
    ensureDerived: (slide: Parameters<SlideMediaService['ensureDerived']>[0], kind: 'big' | 'cover_big') => deps.slideMedia.ensureDerived(slide, kind),
    videoFile: (slide: Parameters<SlideMediaService['videoFile']>[0]) => deps.slideMedia.videoFile(slide),
  };
  const inputs = renderInputService({
    inputs: inputsRepo,
    slides: deps.slides,
    theme: (video) => themes.forVideo(video),
    // A clip that cannot even be probed fails later, in its segment, with a message naming the slide.
    clipHasAudio: async (slide) => ffmpeg.hasAudio(await deps.slideMedia.videoFile({ ...slide, deleted_at: null })).catch(() => false),
  });
  const pieces = renderSegmentService({ files: deps.files, art, ffmpeg, records, sources: slideSources(slides) });
  let send = deps.send;
  const renders = renderService({
    videos: deps.videos,
    records,
    inputs,
    pieces,
    files: deps.files,
    ffmpeg,
    art,
    slides,
    send: (name, data, options) => send(name, data, options),
    discStandard: deps.discStandard,
    afterHd: deps.afterHd,
  });

  const previews = previewService({ records, inputs, inputsRepo, pieces, ffmpeg, files: deps.files });
  const showcase = renderShowcaseService({ db: deps.db, files: deps.files, records, art, ffmpeg, themes, cacheDir: deps.showcaseCacheDir });
  // The watchdog's starts wait while holdWaiting says so; resuming a render already under way never waits.
  const watchdogRenders = {
    ...renders,
    start: async (videoId: number) => {
      if (await deps.holdWaiting?.()) return false;
      await renders.start(videoId);
      return true;
    },
  };
  const pruner = renderPruneService({ records, renders: watchdogRenders, resolve: (key) => deps.files.scratchFolder(key), remove: deps.remove });

  /** The handlers of the render jobs (jobs/handlers.ts hands them the queue's payloads). */
  const handlers = {
    // Each job's tools are counted under its stage in the CPU account (cpu-account.ts), when it is kept.
    'render.video': ({ videoId }: JobPayloads['render.video']) => inStage('planning', () => renders.requestHd(videoId)),
    'render.segment': ({ renderId, index }: JobPayloads['render.segment']) => inStage('segment', () => renders.segment(renderId, index)),
    'render.audio': ({ renderId }: JobPayloads['render.audio']) => inStage('sound', () => renders.audio(renderId)),
    'render.assemble': ({ renderId }: JobPayloads['render.assemble']) => inStage('join', () => renders.assemble(renderId)),
    'render.web': ({ renderId }: JobPayloads['render.web']) => inStage('web join', () => renders.web(renderId)),
    'render.prune': async () => {
      const result = await pruner.prune();
      // One line naming only what happened: a first start's held renders are not news every few minutes.
      const done = Object.entries(result).filter(([, n]) => n > 0);
      if (done.length) console.log(`[render] watchdog: ${done.map(([what, n]) => `${what} ${n}`).join(', ')}`);
    },
  };

  return {
    files: deps.files,
    previews,
    records,
    inputs,
    inputsRepo,
    pieces,
    renders,
    ffmpeg,
    art,
    themes,
    handlers,
    pruner,
    /** The pickers' clips, made by the library preparation (library-preparation.service.ts). */
    showcase,
    /** Sends a render job the way this engine does (the queue, or the in-process runner). */
    send: ((name, data, options) => send(name, data, options)) as Send,
    /** Sends render jobs another way from now on (a test records them instead). */
    useSender(next: Send): void {
      send = next;
    },
    /**
     * Runs render jobs in this process instead of the queue, a few at a time; `idle()` resolves when nothing is
     * left. Failed jobs are retried like the queue would, up to four deliveries.
     */
    runLocally(concurrency = 2) {
      const waiting: { name: keyof typeof handlers; data: unknown; tries: number }[] = [];
      let running = 0;
      let idleWaiters: (() => void)[] = [];
      const errors: unknown[] = [];
      const pump = () => {
        while (running < concurrency && waiting.length) {
          const job = waiting.shift()!;
          running++;
          (handlers[job.name] as (data: unknown) => Promise<void>)(job.data)
            .catch((err) => {
              if (job.tries < 4) waiting.push({ ...job, tries: job.tries + 1 });
              else errors.push(err);
            })
            .finally(() => {
              running--;
              pump();
              if (!running && !waiting.length) {
                idleWaiters.forEach((resolve) => resolve());
                idleWaiters = [];
              }
            });
        }
      };
      send = async <N extends JobName>(name: N, data: JobPayloads[N]) => {
        if (!(name in handlers)) throw new Error(`${name} is not a render job`);
        waiting.push({ name: name as keyof typeof handlers, data, tries: 1 });
        setImmediate(pump);
      };
      return {
        errors,
        idle: () => new Promise<void>((resolve) => (running || waiting.length ? idleWaiters.push(resolve) : setImmediate(() => (running || waiting.length ? idleWaiters.push(resolve) : resolve())))),
      };
    },
  };
}

export type RenderEngine = ReturnType<typeof renderEngine>;
