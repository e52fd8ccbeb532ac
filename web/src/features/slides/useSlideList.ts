import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSlideList, ServerProblem, type Slide, type SlideListMeta, type VideoRef } from '../../api/index.ts';
import { mergeServerList, orderSlides, replaceSlides } from './merge.ts';

export interface SlideListState {
  slides: Slide[];
  meta: SlideListMeta | null;
  loaded: boolean;
  loadError: string | null;
  /** The family link was turned off or the family finished (the list answered 410): the server's message. */
  closed: string | null;
  /** Slides with a call of their own under way (spec 2 "Busy flag"). */
  busy: ReadonlySet<number>;
  deleting: ReadonlySet<number>;
}

/**
 * The video's slide list and workspace data: loaded with meta once (spec 2: metadata only the first time, and never
 * in read-only mode, where the gallery needs none), then refreshed without it. Tracks this page's own calls so live
 * refreshes can wait for them, and the busy slides whose local state wins over a refresh.
 */
export function useSlideList(videoRef: VideoRef, options: { readOnly?: boolean } = {}) {
  const readOnly = options.readOnly ?? false;
  const [state, setState] = useState<SlideListState>({
    slides: [],
    meta: null,
    loaded: false,
    loadError: null,
    closed: null,
    busy: new Set(),
    deleting: new Set(),
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlightCount = useRef(0);
  const loadSeq = useRef(0);
  // Kept outside React state as well, so a second click in the same frame already sees the slide as busy.
  const busyRef = useRef(new Set<number>());
  const deletingRef = useRef(new Set<number>());

  const update = useCallback((change: (s: SlideListState) => Partial<SlideListState>) => {
    setState((s) => ({ ...s, ...change(s) }));
  }, []);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    const first = !readOnly && stateRef.current.meta === null;
    try {
      const reply = await fetchSlideList(videoRef, { meta: first });
      if (seq !== loadSeq.current) return;
      update((s) => ({
        slides: mergeServerList(s.slides, reply.slides.filter((slide) => !slide.deleted), busyRef.current),
        meta: reply.meta ?? s.meta,
        loaded: true,
        loadError: null,
        closed: null,
      }));
    } catch (err) {
      if (seq !== loadSeq.current) return;
      const message = err instanceof Error ? err.message : String(err);
      // 410: the upload link was turned off or the family finished while this page was open (or before it loaded).
      if (err instanceof ServerProblem && err.status === 410) update(() => ({ loaded: true, closed: message, loadError: null }));
      else update(() => ({ loaded: true, loadError: message }));
    }
  }, [videoRef, readOnly, update]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one of this page's calls, counted so that live refreshes wait until it is done. */
  const track = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    inFlightCount.current++;
    try {
      return await call();
    } finally {
      inFlightCount.current--;
    }
  }, []);

  const inFlight = useCallback(() => inFlightCount.current > 0, []);

  const setBusy = useCallback(
    (ids: readonly number[], on: boolean, deleting = false) => {
      for (const id of ids) {
        if (on) busyRef.current.add(id);
        else busyRef.current.delete(id);
        if (on && deleting) deletingRef.current.add(id);
        if (!on) deletingRef.current.delete(id);
      }
      update(() => ({ busy: new Set(busyRef.current), deleting: new Set(deletingRef.current) }));
    },
    [update],
  );
  const isBusy = useCallback((id: number) => busyRef.current.has(id), []);

  const replace = useCallback((updated: readonly Slide[]) => update((s) => ({ slides: replaceSlides(s.slides, updated) })), [update]);
  const drop = useCallback((ids: readonly number[]) => update((s) => ({ slides: s.slides.filter((slide) => !ids.includes(slide.id)) })), [update]);
  const reorderLocal = useCallback((order: readonly number[]) => update((s) => ({ slides: orderSlides(s.slides, order) })), [update]);

  return { ...state, stateRef, load, track, inFlight, setBusy, isBusy, replace, drop, reorderLocal };
}

export type SlideListStore = ReturnType<typeof useSlideList>;
