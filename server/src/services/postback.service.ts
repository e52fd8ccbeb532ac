import type { Deps } from '../deps.ts';
import { postbackRepository, type PostbackRepository } from '../repositories/postback.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireVideo } from '../wire/video.ts';
import { videoService } from './video.service.ts';

/** A slow receiver must not hold a worker: its try counts as failed and the job's retry comes later. */
export const POSTBACK_TIMEOUT_MS = 15_000;

/** What the receiver gets: the video as GET /r/videos/{id} reads it, with absolute links to it and its files. */
export interface PostbackBody {
  event: 'video.postback';
  sent_at: string;
  video: WireVideo;
  links: { details: string; hd: string; web: string };
}

export interface PostbackDeps {
  videos: Pick<VideoRepository, 'findById'>;
  postbacks: PostbackRepository;
  /** The video's wire JSON (video.service.ts read, as staff see it). */
  wireVideo: (video: VideoRow) => Promise<WireVideo>;
  publicUrl: string;
}

export const isWebAddress = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Delivers one postback (the 'videos.postback' job): POSTs the video's JSON to its postback_url and logs the try.
 * Anything but a 2xx answer throws, so pg-boss retries it with backoff (jobs/queue.ts); every try is in the log.
 */
export function postbackService(deps: PostbackDeps) {
  return {
    async deliver({ videoId, deliveryId }: { videoId: number; deliveryId: string }): Promise<void> {
      const video = await deps.videos.findById(videoId);
      const url = (video?.postback_url as string | null | undefined) ?? '';
      // The video or its address went away since the admin asked: nothing to deliver, nothing to retry.
      if (!video || !isWebAddress(url)) return;
      const base = deps.publicUrl.replace(/\/$/, '');
      const body: PostbackBody = {
        event: 'video.postback',
        sent_at: new Date().toISOString(),
        video: await deps.wireVideo(video),
        links: {
          details: `${base}/videos/${video.id}/details`,
          hd: `${base}/downloads/video/${video.video_code}/hd.mp4`,
          web: `${base}/downloads/video/${video.video_code}/web.mp4`,
        },
      };
      const attempt = (await deps.postbacks.attemptsOf(deliveryId)) + 1;
      const started = Date.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'TributeVideo-Postback/1' },
          body: JSON.stringify(body),
          // A redirect could lead anywhere: the receiver's own answer is what counts.
          redirect: 'manual',
          signal: AbortSignal.timeout(POSTBACK_TIMEOUT_MS),
        });
        statusCode = response.status;
        await response.body?.cancel();
        if (!response.ok) error = `The receiver answered ${response.status} ${response.statusText}`.trim();
      } catch (err) {
        error = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
      }
      await deps.postbacks.record({ video_id: video.id, delivery_id: deliveryId, url, attempt, status_code: statusCode, error, duration_ms: Date.now() - started });
      if (error) throw new Error(`Postback to ${url} failed (try ${attempt}): ${error}`);
    },
  };
}

export type PostbackService = ReturnType<typeof postbackService>;

/** The job handler's service, built from the process's dependencies. */
export function videoPostback(deps: Deps): PostbackService {
  const videos = videoService(deps.repos.videos, deps.repos.videoList);
  return postbackService({
    videos: deps.repos.videos,
    postbacks: postbackRepository(deps.db),
    wireVideo: (video) => videos.read({ video }),
    publicUrl: deps.config.publicUrl,
  });
}
