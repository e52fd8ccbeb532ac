import { rm } from 'node:fs/promises';
import type { Deps } from '../../../server/src/deps.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for a video's preview as the Preview step does and answers the seconds until its first HLS segment is in
 * storage, then until the whole preview is made.
 */
export async function previewTimes(deps: Deps, videoId: number): Promise<{ first: number; whole: number; url: string }> {
  const started = performance.now();
  const video = (await deps.repos.videos.findById(videoId))!;
  const preview = await deps.render.previews.request({ video }, 'hls');
  const folder = `videos/${videoId}/renders/${(await deps.render.records.latest(videoId, 'preview'))!.id}`;
  while (!(await deps.render.files.size(`${folder}/seg-0.m4s`))) await sleep(20);
  const first = (performance.now() - started) / 1000;
  await deps.render.previews.settled();
  return { first, whole: (performance.now() - started) / 1000, url: preview.playback.url };
}

/** Forgets every preview of the video and every cached preview segment, so the next one is made from nothing. */
export async function forgetPreviews(deps: Deps, videoId: number): Promise<void> {
  await deps.db('renders').where({ video_id: videoId, kind: 'preview' }).delete();
  await deps.db('render_segments').where({ profile: 'preview' }).delete();
  await rm(deps.render.files.path('render-cache/preview'), { recursive: true, force: true });
}
