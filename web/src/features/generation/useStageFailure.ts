import { useState } from 'react';
import type { VideoRef } from '../../api/index.ts';
import { fetchGenerationStatus, type Stage } from './api.ts';
import { usePoll } from './usePoll.ts';

const WATCH_MS = 2000;

/**
 * While `active`, watches one render stage of a video and returns the server's message once that render has failed
 * (a player waiting for more of a preview cannot tell a slow render from a failed one).
 */
export function useStageFailure(video: VideoRef, stage: Stage, active: boolean): string | null {
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const key = `${video}:${stage}`;
  usePoll(
    active ? key : null,
    (signal) => fetchGenerationStatus(video, stage, signal),
    (status) => {
      if (!status.failed) return WATCH_MS;
      setFailure({ key, message: status.message });
      return null;
    },
    WATCH_MS,
  );
  return failure?.key === key ? failure.message : null;
}
