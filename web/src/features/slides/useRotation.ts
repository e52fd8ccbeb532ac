import { useCallback, useEffect, useRef, useState } from 'react';
import { rotateSlides, showAlert, type VideoRef } from '../../api/index.ts';
import { addRotation, ROTATION_DELAY_MS, rotationBatch, withoutRotations, type PendingRotations } from './rotation.ts';
import type { SlideListStore } from './useSlideList.ts';

/**
 * Rotation clicks (spec 2 section 4 "Rotation"): shown at once as a pending angle, sent in one call a second
 * after the last click. A refusal (errorMessage) is shown in an alert and leaves the slide busy.
 */
export function useRotation(videoRef: VideoRef, store: SlideListStore) {
  const { track, setBusy, isBusy, replace, stateRef } = store;
  const [pending, setPending] = useState<PendingRotations>(new Map());
  const pendingRef = useRef<PendingRotations>(pending);
  const timer = useRef<number | undefined>(undefined);

  const change = useCallback((next: PendingRotations) => {
    pendingRef.current = next;
    setPending(next);
  }, []);

  const send = useCallback(async () => {
    timer.current = undefined;
    const batch = rotationBatch(pendingRef.current);
    if (batch.cancelled.length) change(withoutRotations(pendingRef.current, batch.cancelled));
    if (!batch.ids.length) return;
    setBusy(batch.ids, true);
    try {
      const reply = await track(() => rotateSlides(videoRef, batch.ids, batch.angles));
      if (reply.errorMessage) {
        showAlert(reply.errorMessage);
      } else {
        setBusy(batch.ids, false);
        replace(reply.slides ?? []);
      }
    } catch (err) {
      setBusy(batch.ids, false);
      showAlert(err instanceof Error ? err.message : String(err));
    }
    change(withoutRotations(pendingRef.current, batch.ids));
  }, [videoRef, track, setBusy, replace, change]);

  const rotate = useCallback(
    (ids: number[], degrees: number) => {
      const bySlide = new Map(stateRef.current.slides.map((s) => [s.id, s]));
      const targets = ids.filter((id) => bySlide.has(id) && !bySlide.get(id)!.isText && !isBusy(id));
      if (!targets.length) return;
      change(addRotation(pendingRef.current, targets, degrees));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void send(), ROTATION_DELAY_MS);
    },
    [stateRef, isBusy, change, send],
  );

  // Leaving the page within the second still sends the clicks made.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      window.clearTimeout(timer.current);
      void sendRef.current();
    },
    [],
  );

  return { pending, rotate };
}
