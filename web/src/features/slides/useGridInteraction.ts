import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Slide } from '../../api/index.ts';
import { COMMANDS, type CommandContext, type CommandName, type SlideActions } from './commands.ts';
import { draggedIds, planDrop } from './order.ts';
import { clickSelection, EMPTY_SELECTION, pruneSelection, rightClickSelection, selectedInOrder } from './selection.ts';
import type { TileHandlers } from './SlideTile.tsx';

interface Options {
  slides: Slide[];
  busy: ReadonlySet<number>;
  canEdit: boolean;
  actions: SlideActions;
  saveOrder(order: number[]): Promise<void>;
}

/** Selection, tile handlers and drop rules of the editable grid (spec 2 section 4 "Selection", "Dragging"). */
export function useGridInteraction({ slides, busy, canEdit, actions, saveOrder }: Options) {
  const [raw, setSelection] = useState(EMPTY_SELECTION);
  const [notice, setNotice] = useState<string | null>(null);
  const order = useMemo(() => slides.map((s) => s.id), [slides]);
  const selection = useMemo(() => pruneSelection(raw, order), [raw, order]);
  const latest = useRef({ slides, order, busy, actions, canEdit, selection });
  latest.current = { slides, order, busy, actions, canEdit, selection };

  const handlers = useMemo<Omit<TileHandlers, 'pointerDown'>>(
    () => ({
      click(event: MouseEvent | KeyboardEvent, id: number) {
        if (!latest.current.canEdit) return;
        const keys = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
        setSelection((s) => clickSelection(pruneSelection(s, latest.current.order), latest.current.order, id, keys));
      },
      contextMenu(_event: MouseEvent, id: number) {
        if (latest.current.canEdit) setSelection((s) => rightClickSelection(pruneSelection(s, latest.current.order), id));
      },
      open(id: number) {
        if (latest.current.canEdit) latest.current.actions.edit(id);
      },
      command(name: CommandName, id: number) {
        const slide = latest.current.slides.find((s) => s.id === id);
        if (slide) COMMANDS[name].perform({ targets: [slide], busy: latest.current.busy }, latest.current.actions);
      },
    }),
    [],
  );

  const carried = useCallback((grabbed: number) => draggedIds(latest.current.order, latest.current.selection.ids, grabbed), []);
  const allowedDrop = useCallback((ids: number[], index: number) => planDrop(latest.current.slides, ids, index).kind !== 'refused', []);
  const onDrop = useCallback(
    (ids: number[], index: number) => {
      const plan = planDrop(latest.current.slides, ids, index);
      if (plan.kind === 'refused') setNotice(plan.message);
      else if (plan.kind === 'move') void saveOrder(plan.order);
    },
    [saveOrder],
  );

  const selected = useMemo(() => {
    const byId = new Map(slides.map((s) => [s.id, s]));
    return selectedInOrder(selection, order).map((id) => byId.get(id)!);
  }, [selection, order, slides]);
  const context: CommandContext = useMemo(() => ({ targets: selected, busy }), [selected, busy]);

  return {
    selection,
    context,
    handlers,
    carried,
    allowedDrop,
    onDrop,
    notice,
    clearNotice: useCallback(() => setNotice(null), []),
    clearSelection: useCallback(() => setSelection(EMPTY_SELECTION), []),
  };
}
