/** Every job the workers know, with its payload. Add a name here and a handler in handlers.ts. */
export interface JobPayloads {
  'mail.deliver': { outboxId: number };
  'sessions.purge': Record<string, never>;
  'videos.purge': Record<string, never>;
  /** Makes an uploaded slide ready; `later` makes the sizes that follow its announcement (slide-media.service.ts). */
  'slides.process': { slideId: number; later?: boolean };
  /** Rotation analysis of a ready photo, after its processing, in a low-priority child process (rotation-ideas.service.ts). */
  'slides.analyse': { slideId: number };
  /** Gives up uploads idle for 24 hours and finishes uploads whose last byte arrived just before a crash. */
  'uploads.expire': Record<string, never>;
  /** Makes the stock songs, theme pictures and pickers' clips that are missing or out of date (library-preparation.service.ts). */
  'library.prepare': Record<string, never>;
  /** Plans a finalized video and starts what its HD render still needs (nothing when it is already made as planned). */
  'render.video': { videoId: number };
  /** One segment of a render (a slide with its outgoing transition), into the shared segment cache. */
  'render.segment': { renderId: number; index: number };
  /** A render's sound: songs, clip sound, ducking, loudness. */
  'render.audio': { renderId: number };
  /** Joins a render's segments without re-encoding and adds the sound. */
  'render.assemble': { renderId: number };
  /** The smaller web video from a finished HD render. */
  'render.web': { renderId: number };
  /** Drops old renders and unused cached segments; restarts renders whose jobs were lost. */
  'render.prune': Record<string, never>;
  /** Makes a video's DVD-Video disc image from its finished HD file (server/src/dvd/dvd.service.ts). */
  'dvd.build': { renderId: number };
  /** POSTs a video's JSON to its postback_url; deliveryId names one request, whose retries share it. */
  'videos.postback': { videoId: number; deliveryId: string };
  /** Reads every organization's obituary feed into the obituary tables (obituary-feed.service.ts). */
  'obituaries.feeds': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: JobName[] = ['mail.deliver', 'sessions.purge', 'videos.purge', 'slides.process', 'uploads.expire', 'library.prepare',
  'render.video', 'render.segment', 'render.audio', 'render.assemble', 'render.web', 'render.prune', 'dvd.build', 'videos.postback', 'slides.analyse', 'obituaries.feeds'];

/** Names earlier releases scheduled: their schedules and waiting jobs are removed at start ('library.prepare' does their work). */
export const RETIRED_JOB_NAMES = ['music.render', 'render.showcase'];

export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };
