import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { clickSelection, EMPTY_SELECTION, pruneSelection, rightClickSelection, selectedInOrder } from '../slides/index.ts';

/**
 * Selection on the download and restore grids (spec 1 section 4): click selects only that slide, Ctrl or Meta
 * toggles, Shift selects the range from the last selected, right click selects, a click elsewhere clears.
 */
export function useSlideSelection(order: number[]) {
  const [raw, setRaw] = useState(EMPTY_SELECTION);
  const selection = useMemo(() => pruneSelection(raw, order), [raw, order]);
  const orderRef = useRef(order);
  orderRef.current = order;

  const onClick = useCallback((event: MouseEvent | KeyboardEvent, id: number) => {
    const keys = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey || event.type === 'keydown' };
    setRaw((s) => clickSelection(pruneSelection(s, orderRef.current), orderRef.current, id, keys));
  }, []);
  const onContextMenu = useCallback((id: number) => setRaw((s) => rightClickSelection(pruneSelection(s, orderRef.current), id)), []);
  const clear = useCallback(() => setRaw(EMPTY_SELECTION), []);

  /** For the page's onClick: a click that lands on no slide and no control clears the selection. */
  const clearOutside = useCallback(
    (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      if (!(event.currentTarget as HTMLElement).contains(target) || target.closest('.slide-tile, button, a, [data-keep-selection]')) return;
      clear();
    },
    [clear],
  );

  return { selection, selectedIds: selectedInOrder(selection, order), onClick, onContextMenu, clear, clearOutside };
}
