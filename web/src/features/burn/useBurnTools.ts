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
 * A page just opened may not have heard an installed extension yet: Firefox wakes its background page, and the
 * extension asks the helper before it answers, which takes longer than the second of fast tries on a busy computer.
 * Burn DVD pressed that early waits for an answer until this long after the page started looking (the button shows
 * it is working) before it says the tool is not installed; later presses are not delayed.
 */
export const YOUNG_PAGE_GRACE_MS = 6000;

/**
 * Waits for the detection to be settled (the fast tries over, or an answer), then, on a page younger than
 * YOUNG_PAGE_GRACE_MS without an answer, for an answer until the grace is over. true when the extension answered.
 */
export async function waitForExtension(
  detection: { settled: Promise<void>; answered: Promise<void>; startedAt: number; isFound(): boolean },
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  await detection.settled;
  const left = detection.startedAt + YOUNG_PAGE_GRACE_MS - now();
  if (!detection.isFound() && left > 0) await Promise.race([detection.answered, sleep(left)]);
  return detection.isFound();
}

/**
 * Looks for the burn extension while the page is open (spec 3 section 9: every 100 ms for the first 10 tries, then
 * every 2 s until it answers), so Burn DVD and the order page know at once whether the tool is there.
 */
export function useBurnTools(enabled: boolean): BurnTools {
  const [detection, setDetection] = useState<Detection>({ kind: 'looking' });
  const client = useRef<ExtensionClient | null>(null);
  const found = useRef(false);
  // Settles when the fast tries are over or the extension answered; answered, when it answered. Burn DVD waits for
  // the first, and on a young page for the second (waitForExtension).
  const looking = useRef<{ settled: Promise<void>; answered: Promise<void>; startedAt: number; isFound(): boolean } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const created = new ExtensionClient();
    client.current = created;
    let resolve = () => undefined as void;
    let answer = () => undefined as void;
    const settled = new Promise<void>((r) => (resolve = r));
    const answered = new Promise<void>((r) => (answer = r));
    looking.current = { settled, answered, startedAt: Date.now(), isFound: () => found.current };
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
          answer();
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
    const answered = looking.current ? await waitForExtension(looking.current) : false;
    const current = client.current;
    // No extension answered: the install dialog (the tries go on meanwhile).
    if (!current || !answered) return { opened: false, readiness: null };
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
