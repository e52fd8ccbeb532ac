import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Slide, VideoRef } from '../../../api/index.ts';
import { acceptIdeas, fetchIdeas, type Idea } from './ideasApi.ts';

/** Spec 2 section 9: analysis poll every 2 seconds; idea timeout 30 seconds. */
export const IDEA_POLL_MS = 2000;
export const IDEA_TIMEOUT_MS = 30000;

const isPhoto = (s: Slide) => !s.isText && !s.isVideo && !s.deleted && s.id !== null;

export interface RotationIdeas {
  /** Pending rotation suggestions (not decided, something to turn), in slide order. */
  pending: Idea[];
  /** Every slide's analysis result so far, by slide id (the upload session waits for them). */
  results: ReadonlyMap<number, Idea>;
  /** Accept (true) or Ignore (false) for each listed slide; accepted turns are made by the server. */
  decide(decisions: Record<number, boolean>): Promise<void>;
}

/**
 * Spec 2 section 4: while showIdeas is on, asks every 2 seconds for the ideas of the photos still without a
 * result; each is given up on 30 seconds after it was first asked about. Errors are silent.
 */
export function useRotationIdeas(videoRef: VideoRef, slides: Slide[], enabled: boolean, onChanged: () => void): RotationIdeas {
  const [ideas, setIdeas] = useState<ReadonlyMap<number, Idea>>(new Map());
  const firstAsked = useRef(new Map<number, number>());
  const photos = useMemo(() => slides.filter(isPhoto).map((s) => s.id!), [slides]);
  // The poll reads the latest list and answers through a ref, and restarts only when the photos themselves change:
  // restarting on every new slides array or answer asked again at once, in a loop, on each re-render.
  const latest = useRef({ photos, ideas });
  latest.current = { photos, ideas };
  const photoKey = photos.join(',');

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let asking = false;
    const poll = async () => {
      if (asking) return;
      const now = Date.now();
      const waiting = latest.current.photos.filter((id) => {
        if (latest.current.ideas.has(id)) return false;
        const first = firstAsked.current.get(id) ?? now;
        firstAsked.current.set(id, first);
        return now - first < IDEA_TIMEOUT_MS;
      });
      if (!waiting.length) return;
      asking = true;
      try {
        const found = await fetchIdeas(videoRef, waiting);
        if (stopped || !found.length) return;
        setIdeas((old) => new Map([...old, ...found.map((i) => [i.slideId, i] as const)]));
      } catch {
        // Errors in analysis are silent (spec 2 section 4).
      } finally {
        asking = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), IDEA_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, photoKey, videoRef]);

  const pending = useMemo(
    () => photos.map((id) => ideas.get(id)).filter((i): i is Idea => Boolean(i && i.accepted === null && !i.na && i.angle)),
    [photos, ideas],
  );

  const decide = useCallback(
    async (decisions: Record<number, boolean>) => {
      setIdeas((old) => new Map([...old].map(([id, i]) => [id, id in decisions ? { ...i, accepted: decisions[id] } : i] as const)));
      await acceptIdeas(videoRef, decisions);
      onChanged();
    },
    [videoRef, onChanged],
  );

  return { pending, results: ideas, decide };
}
