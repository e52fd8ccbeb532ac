import type { RenderRecordRepository } from '../repositories/render-record.repository.ts';
import { FOREIGN_TEMP_AGE_MS, sweepAbandoned } from '../repositories/temp-files.ts';
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
  /** start answers false when it held the render back (the library preparation holds renders on a first start). */
  renders: Pick<RenderService, 'resume'> & { start(videoId: number): Promise<boolean | void> };
  /** The local folder where this machine writes the temporaries of a storage folder, and removal of a key (file or folder). */
  resolve: (key: string) => string;
  remove: (key: string) => Promise<void>;
}

export function renderPruneService(deps: PruneDeps) {
  const { records } = deps;

  /**
   * Half-written files of workers that died (kill -9 leaves them): in the segment cache, and in the folders of
   * renders that changed lately (a render's files are written while it runs). A temporary file whose writer is
   * still at work is left alone (temp-files.ts).
   */
  async function sweepTemporaries(now: number): Promise<number> {
    let removed = await sweepAbandoned(deps.resolve('render-cache'), { depth: 3, now });
    for (const render of await records.changedSince(new Date(now - 2 * FOREIGN_TEMP_AGE_MS))) {
      removed += await sweepAbandoned(deps.resolve(`videos/${render.video_id}/renders/${render.id}`), { now });
    }
    return removed;
  }

  return {
    async prune(now = Date.now()): Promise<{ started: number; renders: number; segments: number; resumed: number; failed: number; temporaries: number }> {
      // Planning again finds the finished render and does what its worker did not get to.
      const waiting = [...(await records.finalizedWithoutRender(BATCH)), ...(await records.doneButUnfinished(BATCH))];
      let started = 0;
      for (const videoId of waiting) if ((await deps.renders.start(videoId)) !== false) started++;
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
      const temporaries = await sweepTemporaries(now);
      return { started, renders, segments, resumed, failed, temporaries };
    },
  };
}
