import type { Deps } from '../deps.ts';
import { videoPostback } from '../services/postback.service.ts';
import { analyseInChild } from '../media/detection-runner.ts';
import { rotationIdeasFor } from '../services/rotation-ideas.service.ts';
import type { JobHandlers } from './types.ts';

export const PURGE_AFTER_DAYS = 30;
/** How long a photo's analysis waits while the library is being prepared before it looks again. */
export const ANALYSIS_RETRY_SECONDS = 30;

/** One handler per job name; each hands its work to the service that owns it. */
export function jobHandlers(deps: Deps): JobHandlers {
  const { db, repos } = deps;
  return {
    'mail.deliver': async ({ outboxId }) => deps.mail.deliver(outboxId),
    // The later sizes include the big image the rotation analysis reads: it is queued once they are made.
    'slides.process': async ({ slideId, later }) => (later ? deps.slideMedia.prepareLater(slideId).then(() => deps.queue?.send('slides.analyse', { slideId })).then(() => undefined) : deps.slideMedia.processSlide(slideId)),
    'slides.analyse': async ({ slideId }) => {
      // A new installation's stock library comes first (its first minutes are measured against a goal): the
      // analysis of the demo's photos, or of any photo sent then, waits its turn, as the render watchdog does.
      if (deps.queue && (await deps.library.running())) {
        await deps.queue.send('slides.analyse', { slideId }, { startAfter: ANALYSIS_RETRY_SECONDS });
        return;
      }
      await rotationIdeasFor(deps, analyseInChild).analyseSlide(slideId);
    },
    ...deps.render.handlers,
    'dvd.build': async ({ renderId }) => deps.dvd.build(renderId),
    'library.prepare': async () => deps.library.start(),
    'videos.postback': async (data) => videoPostback(deps).deliver(data),
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
