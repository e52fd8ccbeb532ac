import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import type { RenderService } from './render.service.ts';

/** Renders replaced by a newer finished one stay a day (a download in progress may still read them). */
export const KEEP_SUPERSEDED_MS = 24 * 3600_000;
/** A cached segment nobody used for two weeks is made again if it is ever needed. */
export const KEEP_UNUSED_SEGMENT_MS = 14 * 24 * 3600_000;
/** A render that moved for 20 minutes has lost its jobs; after 3 hours it has failed. */
const STALLED_MS = 20 * 60_000;
const GIVE_UP_MS = 3 * 3600_000;
const BATCH = 500;

export interface PruneDeps {
  records: RenderRecordRepository;
  renders: RenderService;
  /** Absolute path of a storage key, and removal of a key (file or folder). */
  resolve: (key: string) => string;
  remove: (key: string) => Promise<void>;
}

/** Half-written files of workers that died (their names carry '.tmp'), older than a day. */
async function removeStaleTemporaries(dir: string, before: number, depth = 0): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth < 3) removed += await removeStaleTemporaries(full, before, depth + 1);
    else if (entry.isFile() && entry.name.includes('.tmp') && (await stat(full)).mtimeMs < before) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}

export function renderPruneService(deps: PruneDeps) {
  const { records } = deps;
  return {
    async prune(now = Date.now()): Promise<{ started: number; renders: number; segments: number; resumed: number; failed: number; temporaries: number }> {
      // Planning again finds the finished render and does what its worker did not get to.
      const waiting = [...(await records.finalizedWithoutRender(BATCH)), ...(await records.doneButUnfinished(BATCH))];
      for (const videoId of waiting) await deps.renders.start(videoId);
      let resumed = 0;
      let failed = 0;
      for (const render of await records.stalled(new Date(now - STALLED_MS))) {
        if (now - render.created_at.getTime() > GIVE_UP_MS) {
          await records.advance(render.id, ['queued', 'rendering', 'assembling'], {
            status: 'failed', message: 'The video could not be made in time. Please finalize it again.', error: 'stalled', finished_at: new Date(now),
          });
          failed++;
        } else {
          await records.update(render.id, {});
          await deps.renders.resume(render);
          resumed++;
        }
      }
      let renders = 0;
      for (const render of await records.superseded(new Date(now - KEEP_SUPERSEDED_MS), BATCH)) {
        await deps.remove(`videos/${render.video_id}/renders/${render.id}`);
        await records.remove(render.id);
        renders++;
      }
      const inUse = await records.segmentHashesInUse();
      let segments = 0;
      for (const segment of await records.unusedSegments(new Date(now - KEEP_UNUSED_SEGMENT_MS), BATCH)) {
        if (inUse.has(segment.hash)) continue;
        await deps.remove(segment.file_key);
        await records.dropSegment(segment.hash);
        segments++;
      }
      const temporaries = await removeStaleTemporaries(deps.resolve('render-cache'), now - KEEP_SUPERSEDED_MS);
      return { started: waiting.length, renders, segments, resumed, failed, temporaries };
    },
  };
}
