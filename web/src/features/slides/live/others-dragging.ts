import type { DraggingMessage } from '../../../../../server/src/live/events.ts';

/** What each other editor (by socket id) is dragging in the grid right now. */
export type OthersDragging = ReadonlyMap<string, readonly number[]>;

export const NOBODY_DRAGGING: OthersDragging = new Map();

/** One `dragging` message: an editor started a drag (ids) or ended it, left or disconnected (no ids). */
export function applyDragging(state: OthersDragging, message: DraggingMessage): OthersDragging {
  if (message.ids.length === 0 && !state.has(message.owner)) return state;
  const next = new Map(state);
  if (message.ids.length === 0) next.delete(message.owner);
  else next.set(message.owner, message.ids);
  return next;
}

/** Every slide some other editor holds: it shows as someone-else-dragging and this editor cannot drag it. */
export function draggedByOthers(state: OthersDragging): ReadonlySet<number> {
  const ids = new Set<number>();
  for (const owned of state.values()) for (const id of owned) ids.add(id);
  return ids;
}
