import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../src/deps.ts';
import { runTool } from '../src/repositories/run-tool.ts';

/**
 * Gives a finalized video a finished HD render as the render engine leaves one: an encoded file in storage and a done
 * render row, and marks the video finished. `seconds` of 720p test pattern at a high bitrate, so a download takes
 * more than one read (about 1 MB a second).
 */
export async function addFinishedHd(deps: Deps, videoId: number, seconds = 2): Promise<{ key: string; bytes: Buffer; renderId: number }> {
  const file = path.join(os.tmpdir(), `hd-fixture-${process.pid}-${videoId}.mp4`);
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', file], 60_000);
  const bytes = await readFile(file);
  await rm(file, { force: true });
  const key = `videos/${videoId}/renders/hd-fixture/hd.mp4`;
  await deps.repos.storage.write(key, bytes);
  const plan = { engine: 'test', profile: 'hd', hash: 'fixture-plan', hashes: [], audioHash: '', art: {}, timeline: { fps: 30, frames: seconds * 30, duration: seconds, segments: [], audio: {} } };
  const [render] = await deps
    .db('renders')
    .insert({ video_id: videoId, kind: 'hd', hash: plan.hash, plan: JSON.stringify(plan), status: 'done', progress: 100, message: 'Complete', file_key: key, bytes: bytes.length, duration: seconds, finished_at: new Date() })
    .returning('id');
  await deps.db('videos').where({ id: videoId }).update({ finished: true, hd_size: bytes.length, date_in_queue: deps.db.raw('coalesce(date_in_queue, now())') });
  return { key, bytes, renderId: render.id };
}
