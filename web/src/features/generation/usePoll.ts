import { useEffect, useRef } from 'react';

/**
 * Calls `load` now and again after each answer (`next` says how long to wait, or null to stop), and after a failure
 * waits `retryMs`. One call at a time; the effect's key restarts it; leaving the page aborts the call in flight.
 */
export function usePoll<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, next: (value: T) => number | null, retryMs: number): void {
  const latest = useRef({ load, next });
  useEffect(() => {
    latest.current = { load, next };
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      let wait: number | null;
      try {
        wait = latest.current.next(await latest.current.load(controller.signal));
      } catch {
        wait = retryMs;
      }
      if (!controller.signal.aborted && wait !== null) timer = setTimeout(() => void run(), wait);
    };
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, retryMs]);
}
