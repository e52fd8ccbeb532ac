import type { Deps } from '../deps.ts';
import { obituaryFeedService } from '../services/obituary-feed.service.ts';
import { obituaryImportService } from '../services/obituary-import.service.ts';
import { videoPostback } from '../services/postback.service.ts';
import { analyseInChild } from '../media/detection-runner.ts';
import { rotationIdeasFor } from '../services/rotation-ideas.service.ts';
import type { JobHandlers, JobPayloads } from './types.ts';
import { inStage } from '../repositories/cpu-account.ts';

export const PURGE_AFTER_DAYS = 30;
/** How long a photo's later images and analysis wait while the library is being prepared before they look again. */
export const ANALYSIS_RETRY_SECONDS = 30;

/** One handler per job name; each hands its work to the service that owns it. */
export function jobHandlers(deps: Deps): JobHandlers {
  const { db, repos } = deps;
  /** Puts the job back for later while the library is being prepared; true when it did. */
  async function waitForLibrary<N extends 'slides.process' | 'slides.analyse'>(name: N, data: JobPayloads[N], priority?: number): Promise<boolean> {
    if (!deps.queue || !(await deps.library.running())) return false;
    await deps.queue.send(name, data, { startAfter: ANALYSIS_RETRY_SECONDS, ...(priority === undefined ? {} : { priority }) });
    return true;
  }
  return {
    'mail.deliver': async ({ outboxId }) => deps.mail.deliver(outboxId),
    // A new installation's stock library comes first (its first minutes are measured against a goal): a photo's
    // later sizes and its analysis, for the demo's photos or any photo sent then, wait their turn, as the render
    // watchdog does. Nobody waits on them: an image asked for first is made at once, and ideas are a suggestion.
    'slides.process': async ({ slideId, later }) => {
      if (!later) return deps.slideMedia.processSlide(slideId);
      if (await waitForLibrary('slides.process', { slideId, later }, -1)) return;
      // The later sizes include the big image the rotation analysis reads: it is queued once they are made.
      await deps.slideMedia.prepareLater(slideId);
      if (deps.config.photoAnalysis) await deps.queue?.send('slides.analyse', { slideId });
    },
    'slides.analyse': async ({ slideId }) => {
      if (await waitForLibrary('slides.analyse', { slideId })) return;
      await rotationIdeasFor(deps, analyseInChild).analyseSlide(slideId);
    },
    ...deps.render.handlers,
    'dvd.build': async ({ renderId }) => inStage('dvd', () => deps.dvd.build(renderId)),
    'library.prepare': async () => deps.library.start(),
    'videos.postback': async (data) => videoPostback(deps).deliver(data),
    'obituaries.feeds': async () => obituaryFeedService(db, obituaryImportService(db)).runAll(),
    'uploads.expire': async () => {
      await deps.uploads.expireIdle();
    },
    'sessions.purge': async () => {
      await repos.sessions.purgeExpired();
    },
    /** Soft-deleted videos stay restorable for 30 days; then their rows and files go. */
    'videos.purge': async () => {
      const cutoff = new Date(Date.now() - PURGE_AFTER_DAYS * 24 * 3600 * 1000);
      const rows = await db('videos').where('deleted_at', '<', cutoff).select<{ id: number }[]>('id');
      for (const { id } of rows) {
        await repos.storage.removeTree(`videos/${id}`);
        await db('videos').where({ id }).delete();
      }
      await db('slides').where('deleted_at', '<', cutoff).delete();
      await db('songs').where('deleted_at', '<', cutoff).delete();
    },
  };
}
