import { useCallback, useEffect, useRef, useState } from 'react';
import { BurnClientError, ExtensionClient } from './extension-client.ts';
import { canOpenWindow, readiness, type Readiness } from './versions.ts';

/** What the page knows about the extension and the helper: still looking, not found (yet), or their versions. */
export type Detection = { kind: 'looking' } | { kind: 'absent' } | { kind: 'found'; readiness: Readiness };

/** Burn DVD's outcome: the window opened, or why not (null: no extension answered). */
export type OpenResult = { opened: true } | { opened: false; readiness: Readiness | null };

export interface BurnTools {
  detection: Detection;
  /** Checks the versions again and sends open_window when the window can go on from there. */
  openWindow(videoId: number, auto: boolean): Promise<OpenResult>;
}

/** The extension answers version after asking the helper, which it gives 5 s (docs: burn-design.md). */
const VERSION_TIMEOUT_MS = 8000;

/**
 * Looks for the burn extension while the page is open (spec 3 section 9: every 100 ms for the first 10 tries, then
 * every 2 s until it answers), so Burn DVD and the order page know at once whether the tool is there.
 */
export function useBurnTools(enabled: boolean): BurnTools {
  const [detection, setDetection] = useState<Detection>({ kind: 'looking' });
  const client = useRef<ExtensionClient | null>(null);
  const found = useRef(false);
  // Settles when the fast tries are over or the extension answered: Burn DVD waits for it, never longer.
  const settled = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const created = new ExtensionClient();
    client.current = created;
    let resolve = () => undefined as void;
    const promise = new Promise<void>((r) => (resolve = r));
    settled.current = { promise, resolve };
    const abort = new AbortController();
    setDetection({ kind: 'looking' });
    void created
      .detect({
        signal: abort.signal,
        onFastTriesOver: () => {
          setDetection({ kind: 'absent' });
          resolve();
        },
      })
      .then((reply) => {
        if (reply) {
          found.current = true;
          setDetection({ kind: 'found', readiness: readiness(reply) });
        }
        resolve();
      });
    return () => {
      found.current = false;
      abort.abort();
      created.close();
      client.current = null;
    };
  }, [enabled]);

  const openWindow = useCallback(async (videoId: number, auto: boolean): Promise<OpenResult> => {
    await settled.current?.promise;
    const current = client.current;
    // No extension answered any try: the install dialog at once (the tries go on meanwhile).
    if (!current || !found.current) return { opened: false, readiness: null };
    let verdict: Readiness;
    try {
      // Asked again: the helper may have been installed or updated since the page opened.
      verdict = readiness(await current.version(VERSION_TIMEOUT_MS));
    } catch (err) {
      if (err instanceof BurnClientError) return { opened: false, readiness: null };
      throw err;
    }
    setDetection({ kind: 'found', readiness: verdict });
    if (!canOpenWindow(verdict)) return { opened: false, readiness: verdict };
    await current.request({ type: 'open_window', video_id: videoId, auto });
    return { opened: true };
  }, []);

  return { detection, openWindow };
}
