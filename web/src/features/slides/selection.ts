/**
 * Slide selection of spec 2 section 4 (and the download grid of spec 1 section 4): plain click selects only that
 * slide, Ctrl or Meta toggles, Shift selects the range from the last selected slide, right click selects.
 */
export interface Selection {
  /** In the order the slides were selected. */
  ids: ReadonlySet<number>;
  /** The slide last clicked: the anchor of a Shift range. */
  last: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), last: null };

export interface ClickKeys {
  shift?: boolean;
  toggle?: boolean;
}

export function clickSelection(selection: Selection, order: readonly number[], id: number, keys: ClickKeys = {}): Selection {
  if (keys.shift && selection.last !== null) {
    const from = order.indexOf(selection.last);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const ids = new Set(selection.ids);
      for (let i = Math.min(from, to); i <= Math.max(from, to); i++) ids.add(order[i]);
      return { ids, last: id };
    }
  }
  if (keys.toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) {
      ids.delete(id);
      // A Shift range starts from the last slide selected: when that one is unselected, the one selected before it.
      return { ids, last: selection.last === id ? ([...ids].pop() ?? null) : selection.last };
    }
    ids.add(id);
    return { ids, last: id };
  }
  return { ids: new Set([id]), last: id };
}

/** A right click on a selected slide keeps the selection (the menu then acts on all of it); elsewhere it selects. */
export function rightClickSelection(selection: Selection, id: number): Selection {
  return selection.ids.has(id) ? selection : { ids: new Set([id]), last: id };
}

/** Drops slides that left the list (deleted here or by another editor). */
export function pruneSelection(selection: Selection, present: readonly number[]): Selection {
  const keep = new Set(present);
  if ([...selection.ids].every((id) => keep.has(id)) && (selection.last === null || keep.has(selection.last))) return selection;
  return { ids: new Set([...selection.ids].filter((id) => keep.has(id))), last: selection.last !== null && keep.has(selection.last) ? selection.last : null };
}

/** The selected ids in grid order. */
export const selectedInOrder = (selection: Selection, order: readonly number[]): number[] => order.filter((id) => selection.ids.has(id));
