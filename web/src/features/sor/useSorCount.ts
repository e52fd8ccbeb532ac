import { useEffect, useState } from 'react';
import { fetchSorCount } from './api.ts';
import { readCachedCount, writeCachedCount } from './sor-rules.ts';

/**
 * This year's finished videos of the user's organization (GET /r/sor/video_count), kept in the browser for an hour
 * (spec 1, section 9). Undefined while loading or when it could not be read.
 */
export function useSorCount(userId: number | undefined): number | undefined {
  const [count, setCount] = useState<{ userId: number; value: number } | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    const cached = readCachedCount(localStorage, userId, Date.now());
    if (cached !== undefined) {
      setCount({ userId, value: cached });
      return;
    }
    let current = true;
    fetchSorCount()
      .then(({ videoCount }) => {
        writeCachedCount(localStorage, userId, videoCount, Date.now());
        if (current) setCount({ userId, value: videoCount });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  return count && count.userId === userId ? count.value : undefined;
}
