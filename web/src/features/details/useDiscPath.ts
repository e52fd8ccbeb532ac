import { useRef } from 'react';
import { fetchGenerationStatus, usePoll } from '../generation/index.ts';
import type { VideoDetails } from './api.ts';

/** Spec 3 section 9's batch rate to begin with, then slower while the disc is not even started (an old video). */
const FIRST_MS = 3000;
const LONGEST_MS = 30_000;

/**
 * Spec 3 section 6: Edit shows once the video has a dvdPath. The DVD image is made right after the HD file, so a
 * finished video can still be waiting for its disc: the `dvd` stage is watched and the video read again once the
 * disc is done, which brings its dvdPath (and with it Edit) without a reload of the page.
 */
export function useDiscPath(video: Pick<VideoDetails, 'id' | 'finished' | 'deleted' | 'dvdPath'>, reload: () => void): void {
  const wait = useRef(FIRST_MS);
  const waiting = video.finished && !video.deleted && !video.dvdPath;
  usePoll(
    waiting ? `disc:${video.id}` : null,
    (signal) => fetchGenerationStatus(video.id, 'dvd', signal),
    (status) => {
      if (status.complete >= 100) {
        reload();
        return null;
      }
      if (status.failed) return null;
      wait.current = Math.min(LONGEST_MS, Math.round(wait.current * 1.5));
      return wait.current;
    },
    LONGEST_MS,
  );
}
