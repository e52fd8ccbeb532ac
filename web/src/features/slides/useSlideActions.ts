import { useCallback, useState } from 'react';
import { addSampleSlides, deleteSlides, duplicateSlides, enhanceSlides, reorderSlides, undeleteSlides, type VideoRef } from '../../api/index.ts';
import type { SlideListStore } from './useSlideList.ts';

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The grid's remote actions with the busy-flag rules of spec 2 section 4: busy slides are skipped, the flag is
 * set for the call and cleared when it completes, deleted slides are never sent.
 */
export function useSlideActions(videoRef: VideoRef, store: SlideListStore) {
  const { track, setBusy, isBusy, replace, drop, load, reorderLocal, stateRef } = store;
  /** Slides of the last delete, for UNDO; a new delete replaces them. */
  const [undoState, setUndoState] = useState({ ids: [] as number[], serial: 0 });
  const [reorderError, setReorderError] = useState<string | null>(null);

  const usable = useCallback(
    (ids: readonly number[]) => {
      const present = new Set(stateRef.current.slides.filter((s) => !s.deleted).map((s) => s.id));
      return ids.filter((id) => present.has(id) && !isBusy(id));
    },
    [stateRef, isBusy],
  );

  const remove = useCallback(
    async (ids: number[]) => {
      const targets = usable(ids);
      if (!targets.length) return;
      setBusy(targets, true, true);
      try {
        const reply = await track(() => deleteSlides(videoRef, targets));
        drop(reply.ids);
        setUndoState((u) => ({ ids: reply.ids, serial: u.serial + 1 }));
      } catch {
        // The error was shown by the API layer; the slides simply stay.
      } finally {
        setBusy(targets, false);
      }
    },
    [videoRef, usable, setBusy, track, drop],
  );

  const undo = useCallback(async () => {
    const ids = undoState.ids;
    setUndoState((u) => ({ ...u, ids: [] }));
    if (!ids.length) return;
    await track(() => undeleteSlides(videoRef, ids)).catch(() => undefined);
    await load();
  }, [videoRef, undoState.ids, track, load]);

  const dismissUndo = useCallback(() => setUndoState((u) => ({ ...u, ids: [] })), []);

  const duplicate = useCallback(
    async (ids: number[]) => {
      const targets = usable(ids);
      if (!targets.length) return;
      setBusy(targets, true);
      try {
        await track(() => duplicateSlides(videoRef, targets));
      } catch {
        // Shown by the API layer.
      } finally {
        setBusy(targets, false);
      }
      await load();
    },
    [videoRef, usable, setBusy, track, load],
  );

  const enhance = useCallback(
    async (ids: number[], value: boolean) => {
      const targets = usable(ids);
      if (!targets.length) return;
      setBusy(targets, true);
      try {
        const reply = await track(() => enhanceSlides(videoRef, targets, value));
        setBusy(targets, false);
        replace(reply.slides);
      } catch {
        setBusy(targets, false);
      }
    },
    [videoRef, usable, setBusy, track, replace],
  );

  /** Saves the full order; a failure is kept and shown with a Retry (spec 2 error catalogue). */
  const saveOrder = useCallback(
    async (order: number[]) => {
      reorderLocal(order);
      try {
        await track(() => reorderSlides(videoRef, order));
        setReorderError(null);
      } catch (err) {
        setReorderError(reasonOf(err));
      }
    },
    [videoRef, track, reorderLocal],
  );

  const retryOrder = useCallback(
    () => saveOrder(stateRef.current.slides.filter((s) => !s.deleted).map((s) => s.id)),
    [saveOrder, stateRef],
  );

  const insertSamples = useCallback(async () => {
    await track(() => addSampleSlides(videoRef)).catch(() => undefined);
    await load();
  }, [videoRef, track, load]);

  return { remove, undo, dismissUndo, undoIds: undoState.ids, undoSerial: undoState.serial, duplicate, enhance, saveOrder, retryOrder, reorderError, insertSamples };
}

export type SlideActionsApi = ReturnType<typeof useSlideActions>;
