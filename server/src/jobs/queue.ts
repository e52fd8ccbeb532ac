import PgBoss from 'pg-boss';
import { JOB_NAMES, RETIRED_JOB_NAMES, type JobHandlers, type JobName, type JobPayloads } from './types.ts';

export interface Queue {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: PgBoss.SendOptions): Promise<string | null>;
  /** Makes this process a worker for every job name. */
  work(handlers: JobHandlers): Promise<void>;
  stop(): Promise<void>;
}

const SCHEDULES: Partial<Record<JobName, string>> = {
  'sessions.purge': '17 * * * *',
  'videos.purge': '41 3 * * *',
  'uploads.expire': '*/15 * * * *',
  // Each server starts preparing the library when it starts; the schedule picks up what a failure or a crash left.
  // With nothing to do a run is a few queries and file checks.
  'library.prepare': '*/2 * * * *',
  // Also the watchdog that restarts renders whose jobs were lost and starts finalized videos never rendered.
  'render.prune': '*/2 * * * *',
  // Funeral homes publish obituaries through the day; an hour's delay before the widget sees one is acceptable.
  'obituaries.feeds': '23 * * * *',
};

const SEND_DEFAULTS: PgBoss.SendOptions = { retryLimit: 5, retryBackoff: true };
/** pg-boss expires a job after 15 minutes by default; a long clip's proxy may take longer. */
const SEND_OPTIONS: Partial<Record<JobName, PgBoss.SendOptions>> = {
  'slides.process': { expireInSeconds: 4 * 3600, retryLimit: 3 },
  // A render piece counts its own attempts and stops the render after three (render.service.ts): pg-boss only
  // has to deliver it once more than that, quickly. Each piece's job is sent with an expiry a little over a slow
  // run of it (segmentExpiry and the others in render.service.ts), so a dead worker's piece is retried soon.
  'render.segment': { retryLimit: 3, retryDelay: 1, retryBackoff: false },
  'render.audio': { retryLimit: 3, retryDelay: 1, retryBackoff: false },
  'render.assemble': { retryLimit: 3, retryDelay: 1, retryBackoff: false },
  'render.web': { retryLimit: 3, retryDelay: 5, retryBackoff: false },
  // Waits for slides still being processed, trying again every 20 seconds for a while.
  'render.video': { retryLimit: 30, retryDelay: 20, retryBackoff: false },
  'library.prepare': { retryLimit: 2, expireInSeconds: 3 * 3600 },
  // A receiver that is down gets 8 more tries, 3-6 s after the first, doubling to some 10 minutes apart (half an hour in all).
  'videos.postback': { retryLimit: 8, retryDelay: 3, retryBackoff: true, expireInSeconds: 120 },
};

/** How many of a job one process works at once, and how often it looks for new ones. */
const WORKERS: Partial<Record<JobName, { count: number; pollingIntervalSeconds: number }>> = {
  // Two photos at a time keep both cores busy; a quick poll makes thumbnails appear as uploads land.
  'slides.process': { count: 2, pollingIntervalSeconds: 0.5 },
  // Two segments at a time per process keep two cores busy (x264 threads share them); RENDER_CONCURRENCY tunes it.
  'render.segment': { count: Math.max(1, Number(process.env.RENDER_CONCURRENCY) || 2), pollingIntervalSeconds: 0.5 },
  'render.audio': { count: 1, pollingIntervalSeconds: 0.5 },
  'render.assemble': { count: 1, pollingIntervalSeconds: 0.5 },
  'render.video': { count: 1, pollingIntervalSeconds: 0.5 },
};

/** pg-boss over the app's own database; `npm run worker` starts more workers (on other machines too) that share it. */
export async function startQueue(databaseUrl: string): Promise<Queue> {
  // pg-boss retries a dead worker's job only when its maintenance finds it expired: run that often.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4, maintenanceIntervalSeconds: 15 });
  boss.on('error', (err) => console.error('[jobs]', err));
  await boss.start();
  for (const name of JOB_NAMES) await boss.createQueue(name);
  /** This process's workers by job name: a job sent here wakes them instead of waiting for their next poll. */
  const local = new Map<JobName, string[]>();
  return {
    async send(name, data, options) {
      const id = await boss.send(name, data as object, { ...SEND_DEFAULTS, ...SEND_OPTIONS[name], ...options });
      for (const worker of local.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(handlers) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as (data: unknown) => Promise<void>;
        const { count, pollingIntervalSeconds } = WORKERS[name] ?? { count: 1, pollingIntervalSeconds: 2 };
        for (let i = 0; i < count; i++) {
          let worker = '';
          worker = await boss.work<unknown>(name, { pollingIntervalSeconds }, async (jobs) => {
            try {
              for (const job of jobs) await handler(job.data);
            } finally {
              // pg-boss waits out the rest of its polling interval after every job; with more jobs waiting (a burst
              // of uploads) that idled the worker between them. Asking again at once costs one query when none are left.
              boss.notifyWorker(worker);
            }
          });
          local.set(name, [...(local.get(name) ?? []), worker]);
        }
      }
      for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {});
      for (const name of RETIRED_JOB_NAMES) {
        if (await boss.getQueue(name)) {
          await boss.unschedule(name);
          await boss.deleteQueue(name);
        }
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
