import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { DropTarget } from './layout.ts';

/** Spec 2 section 9: a drag starts after 10 px; within 50 px of the viewport edge the page scrolls 20 px a frame. */
export const DRAG_THRESHOLD = 10;
export const SCROLL_ZONE = 50;
export const SCROLL_STEP = 20;
/** Touch screens scroll with a swipe, so a slide is picked up by holding it still this long. */
const TOUCH_HOLD_MS = 400;

export interface DragState {
  ids: number[];
  grabbed: number;
  target: DropTarget | null;
  allowed: boolean;
}

interface Options {
  gridRef: RefObject<HTMLElement | null>;
  ghostRef: RefObject<HTMLElement | null>;
  enabled: boolean;
  /** Drop target at a point in grid coordinates. */
  targetAt(x: number, y: number): DropTarget | null;
  carried(grabbed: number): number[];
  allowed(ids: number[], index: number): boolean;
  /** Called for every drop, refused ones too, so the page can say why. */
  onDrop(ids: number[], index: number): void;
  /** True for a slide another editor is dragging: it cannot be picked up here until they let go. */
  locked?(id: number): boolean;
  /** A drag started (after the threshold) with these slides, or ended, dropped or not (no ids). */
  onDragging?(ids: number[]): void;
}

/**
 * Pointer dragging of slides in the grid. Pointer moves only touch the DOM (ghost position, auto-scroll) and
 * re-render when the drop position changes, so large grids drag without lag.
 */
export function useGridDrag(options: Options) {
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const suppressClick = useRef(false);
  const stop = useRef<(() => void) | null>(null);

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const begin = useCallback((event: ReactPointerEvent, id: number) => {
    if (!opts.current.enabled || event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey) return;
    stop.current?.();
    const start = { x: event.clientX, y: event.clientY };
    const pointer = { x: event.clientX, y: event.clientY };
    const touch = event.pointerType === 'touch';
    let held = !touch;
    let frame = 0;
    const holdTimer = touch ? window.setTimeout(() => (held = true), TOUCH_HOLD_MS) : undefined;

    const retarget = () => {
      const current = dragRef.current;
      const grid = opts.current.gridRef.current;
      if (!current || !grid) return;
      const box = grid.getBoundingClientRect();
      const target = opts.current.targetAt(pointer.x - box.left, pointer.y - box.top);
      if (target?.index === current.target?.index && target?.row === current.target?.row) return;
      update({ ...current, target, allowed: target ? opts.current.allowed(current.ids, target.index) : false });
    };
    const moveGhost = () => {
      const ghost = opts.current.ghostRef.current;
      if (!ghost) return;
      ghost.style.transform = `translate(${pointer.x + 12}px, ${pointer.y + 12}px)`;
      ghost.style.visibility = 'visible';
    };
    const tick = () => {
      if (pointer.y < SCROLL_ZONE) window.scrollBy(0, -SCROLL_STEP);
      else if (pointer.y > window.innerHeight - SCROLL_ZONE) window.scrollBy(0, SCROLL_STEP);
      retarget();
      frame = window.requestAnimationFrame(tick);
    };
    const onMove = (e: PointerEvent) => {
      pointer.x = e.clientX;
      pointer.y = e.clientY;
      if (!dragRef.current) {
        if (Math.hypot(pointer.x - start.x, pointer.y - start.y) <= DRAG_THRESHOLD) return;
        if (!held) return cleanup();
        const locked = opts.current.locked ?? (() => false);
        if (locked(id)) return cleanup();
        const ids = opts.current.carried(id).filter((carried) => !locked(carried));
        update({ ids, grabbed: id, target: null, allowed: false });
        opts.current.onDragging?.(ids);
        frame = window.requestAnimationFrame(tick);
      }
      moveGhost();
    };
    // Once a touch drag is under way the page must not scroll under the finger.
    const onTouchMove = (e: TouchEvent) => {
      if (dragRef.current) e.preventDefault();
    };
    const onUp = () => {
      const current = dragRef.current;
      cleanup();
      if (!current) return;
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      if (current.target) opts.current.onDrop(current.ids, current.target.index);
    };
    const onCancel = () => cleanup();
    function cleanup() {
      window.clearTimeout(holdTimer);
      window.cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('touchmove', onTouchMove);
      stop.current = null;
      if (dragRef.current) {
        update(null);
        opts.current.onDragging?.([]);
      }
    }
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    stop.current = cleanup;
  }, []);

  useEffect(() => () => stop.current?.(), []);

  /** True for the click that ends a drag: a drag is not a click. */
  const consumeClick = useCallback(() => suppressClick.current, []);

  return { drag, begin, consumeClick };
}
