import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { dropIndex } from './reorder.ts';

/** A drag starts once the pointer has moved this far, so a tap on the handle is not a drag. */
const DRAG_THRESHOLD = 4;

export interface SongDrag {
  from: number;
  to: number;
  /** Pixels the picked-up row has moved. */
  dy: number;
  rowHeight: number;
}

/**
 * Pointer dragging of song rows by their handle. Every row has the same height, so the landing row follows from how
 * far the pointer moved; `count` limits it to the saved songs (uploads stay below them).
 */
export function useSongDrag(count: number, onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<SongDrag | null>(null);
  const latest = useRef({ count, onMove });
  useEffect(() => {
    latest.current = { count, onMove };
  });
  const stop = useRef<(() => void) | null>(null);

  const begin = useCallback((event: ReactPointerEvent<HTMLElement>, index: number) => {
    if (event.button !== 0) return;
    const row = event.currentTarget.closest('[role="row"]');
    if (!row) return;
    event.preventDefault();
    stop.current?.();
    const rowHeight = row.getBoundingClientRect().height;
    const startY = event.clientY;
    let current: SongDrag | null = null;

    const onMovePointer = (e: PointerEvent) => {
      const dy = e.clientY - startY;
      if (!current && Math.abs(dy) < DRAG_THRESHOLD) return;
      current = { from: index, to: dropIndex(index, dy, rowHeight, latest.current.count), dy, rowHeight };
      setDrag(current);
    };
    const onUp = () => {
      const done = current;
      cleanup();
      if (done) latest.current.onMove(done.from, done.to);
    };
    function cleanup() {
      window.removeEventListener('pointermove', onMovePointer);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', cleanup);
      stop.current = null;
      setDrag(null);
    }
    window.addEventListener('pointermove', onMovePointer);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', cleanup);
    stop.current = cleanup;
  }, []);

  useEffect(() => () => stop.current?.(), []);

  return { drag, begin };
}
