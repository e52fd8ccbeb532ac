import { useMemo, useState } from 'react';
import { fetchGenerationStatuses, type GenerationStatus, type GenerationStatuses, type Stage } from './api.ts';
import { BATCH_POLL_MS, BATCH_RETRY_MS, isDone, isRendering, type StatusFacts } from './status.ts';
import { usePoll } from './usePoll.ts';

type Request = Partial<Record<Stage, number[]>>;

/** Same request, same key, whatever the order of stages or ids. */
function requestKey(request: Request): string | null {
  const entries = Object.entries(request)
    .map(([stage, ids]) => [stage, [...new Set(ids)].sort((a, b) => a - b)] as const)
    .filter(([, ids]) => ids.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : null;
}

const allDone = (request: Request, answer: GenerationStatuses): boolean =>
  Object.entries(request).every(([stage, ids]) => ids.every((id) => isDone(answer[stage as Stage]?.[String(id)])));

/**
 * Statuses of many videos in one call (GET /r/videos/check_generation_statuses): every 3 s until all are done,
 * 15 s after a failure, never an error dialog.
 */
export function useGenerationStatuses(request: Request): GenerationStatuses {
  const key = requestKey(request);
  const [answer, setAnswer] = useState<{ key: string; statuses: GenerationStatuses } | null>(null);
  usePoll(
    key,
    (signal) => fetchGenerationStatuses(JSON.parse(key as string) as Request, signal),
    (statuses) => {
      setAnswer({ key: key as string, statuses });
      return allDone(JSON.parse(key as string) as Request, statuses) ? null : BATCH_POLL_MS;
    },
    BATCH_RETRY_MS,
  );
  return answer?.key === key ? answer.statuses : {};
}

/**
 * For a list of videos: the HD render status of each one that is queued and not finished yet, while it renders.
 * A video leaves the map when its render is done; one that has not answered yet maps to undefined.
 */
export function useListRenderProgress(videos: (StatusFacts & { id: number })[]): Map<number, GenerationStatus | undefined> {
  const rendering = useMemo(() => videos.filter(isRendering).map((v) => v.id), [videos]);
  const statuses = useGenerationStatuses({ hd: rendering });
  return useMemo(() => {
    const map = new Map<number, GenerationStatus | undefined>();
    for (const id of rendering) {
      const status = statuses.hd?.[String(id)];
      if (!isDone(status)) map.set(id, status);
    }
    return map;
  }, [rendering, statuses]);
}
