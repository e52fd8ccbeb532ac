import type { ClientMeta } from './auth.service.ts';
import { lengthProblem, slidesProblem } from '../render/plan/validate.ts';
import type { ActivityLogRepository } from '../repositories/activity-log.repository.ts';
import type { RenderInputRepository } from '../repositories/render-input.repository.ts';
import type { VideoRepository } from '../repositories/video.repository.ts';
import type { RenderInputService } from './render-input.service.ts';
import type { Send } from './render.service.ts';
import type { VideoAccess } from './video-access.ts';

export const STOCK_EULA_REQUIRED = 'Please read and accept the stock music license agreement before finalizing.';

/** The finalize page's answer (spec 1 section 7): go to the details page, or read a message. */
export type FinalizeReply = { redirect: string } | { message: string };

export interface FinalizeDeps {
  videos: VideoRepository;
  inputs: RenderInputService;
  inputsRepo: RenderInputRepository;
  activity: ActivityLogRepository;
  send: Send;
}

/**
 * POST /orders/create: checks that the video can be made (slides processed, a photo first, within its length
 * limit or the admin's override, the stock music agreement when stock songs are used), puts it in the queue and
 * starts its render. Finalizing an unchanged video again renders nothing (the render job finds it made).
 */
export function finalizeService(deps: FinalizeDeps) {
  return {
    async finalize(access: VideoAccess, stockEula: boolean, meta: ClientMeta): Promise<FinalizeReply> {
      const { video, user } = access;
      const loaded = await deps.inputs.load(video);
      if (loaded.pending) return { message: loaded.pending };
      const problem = slidesProblem(loaded.input.slides, 'finalize');
      if (problem) return { message: problem };
      const rules = await deps.inputsRepo.lengthRules(video.organization_id);
      const tooLong = lengthProblem(loaded.plannedSeconds, {
        limitMinutes: rules.video_length_limit,
        maxOverrideMinutes: rules.max_override_length,
        override: Boolean(video.override_length_limit),
      });
      if (tooLong) return { message: tooLong };
      const songs = await deps.inputsRepo.songs(video.id);
      const usesStock = songs.some((s) => s.stock_song_id !== null);
      if (usesStock && user && !stockEula) return { message: STOCK_EULA_REQUIRED };
      if (!video.date_in_queue) await deps.videos.update(video.id, { date_in_queue: new Date() });
      await deps.send('render.video', { videoId: video.id });
      await deps.activity.record({
        action: usesStock && stockEula ? 'Finalized the video (stock music license accepted)' : 'Finalized the video',
        userId: user?.id ?? null,
        videoId: video.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return { redirect: `/videos/${video.id}/details` };
    },
  };
}
