import { useEffect, useRef, useState } from 'react';
import { fetchGenerationStatus, type GenerationStatus } from './api.ts';
import { playBell } from './bell.ts';
import { notifyComplete } from './notify.ts';
import { CARD_POLL_MS, cardStatus, isDone, isRendering, type CardStatus, type StatusFacts } from './status.ts';
import { usePoll } from './usePoll.ts';

/** A failed poll, or a failed render (which only an admin's resubmission restarts), is looked at less often. */
const CARD_RETRY_MS = 5000;

interface Options {
  /** Super users ask with stage=admin, whose message names every stage's detail. */
  admin: boolean;
  /** The page's own reaction to the render finishing (for example reading the video again). */
  onComplete?: () => void;
}

/**
 * The status line of a video card (spec 3 section 4.8): polls while the video renders, and when it completes rings
 * the bell, shows the browser notification and calls the page back, once.
 */
export function useVideoGeneration(video: StatusFacts & { id: number; title: string }, { admin, onComplete }: Options): CardStatus {
  const rendering = isRendering(video);
  const [polled, setPolled] = useState<{ id: number; status: GenerationStatus } | null>(null);
  usePoll(
    rendering ? `${video.id}:${admin}` : null,
    (signal) => fetchGenerationStatus(video.id, admin ? 'admin' : undefined, signal),
    (status) => {
      setPolled({ id: video.id, status });
      if (isDone(status)) return null;
      return status.failed ? CARD_RETRY_MS : CARD_POLL_MS;
    },
    CARD_RETRY_MS,
  );
  const status = polled?.id === video.id ? polled.status : undefined;

  const announced = useRef<number | null>(null);
  const callback = useRef(onComplete);
  useEffect(() => {
    callback.current = onComplete;
  });
  const done = rendering && isDone(status);
  useEffect(() => {
    if (!done || announced.current === video.id) return;
    announced.current = video.id;
    playBell();
    notifyComplete(video.title);
    callback.current?.();
  }, [done, video.id, video.title]);

  return cardStatus(video, rendering ? status : undefined);
}
