/**
 * Slide order rules of spec 2 section 4 (Dragging, Sort): the cover photo is the first slide that is neither a
 * clip nor a text slide, and no move may put a clip or text slide first.
 */
export interface SlideKind {
  id: number;
  isText: boolean;
  isVideo: boolean;
}

export const isPhoto = (s: Pick<SlideKind, 'isText' | 'isVideo'>): boolean => !s.isText && !s.isVideo;

export const kindName = (s: Pick<SlideKind, 'isText'>): string => (s.isText ? 'Text slide' : 'Video clip');

/** The cover photo's id among slides in grid order (deleted slides already left out). */
export function coverId(slides: readonly SlideKind[]): number | null {
  return slides.find(isPhoto)?.id ?? null;
}

/** The order after moving `moving` (kept in their grid order) to list position `target` of the old order. */
export function moveIds(order: readonly number[], moving: readonly number[], target: number): number[] {
  const set = new Set(moving);
  const moved = order.filter((id) => set.has(id));
  const rest = order.filter((id) => !set.has(id));
  const before = order.slice(0, Math.max(0, Math.min(order.length, target))).filter((id) => !set.has(id)).length;
  return [...rest.slice(0, before), ...moved, ...rest.slice(before)];
}

/** Why a new order is refused: a clip or text slide would become first (dropped there, or left there by a moved cover). */
export function firstSlideProblem(before: readonly SlideKind[], after: readonly SlideKind[]): string | null {
  const first = after[0];
  if (!first || isPhoto(first) || first.id === before[0]?.id) return null;
  return `${kindName(first)} cannot be the first slide.`;
}

export type DropPlan = { kind: 'move'; order: number[] } | { kind: 'refused'; message: string } | { kind: 'none' };

export function planDrop(slides: readonly SlideKind[], moving: readonly number[], target: number): DropPlan {
  const order = slides.map((s) => s.id);
  const next = moveIds(order, moving, target);
  if (next.every((id, i) => id === order[i])) return { kind: 'none' };
  const byId = new Map(slides.map((s) => [s.id, s]));
  const problem = firstSlideProblem(slides, next.map((id) => byId.get(id)!));
  return problem ? { kind: 'refused', message: problem } : { kind: 'move', order: next };
}

/** Which slides a drag carries: the whole selection when the grabbed slide is in it, else just that slide. */
export function draggedIds(order: readonly number[], selected: ReadonlySet<number>, grabbed: number): number[] {
  return selected.has(grabbed) ? order.filter((id) => selected.has(id)) : [grabbed];
}

/** Brings the first photo to the front when an order would start with a clip or text slide. */
export function photoFirst<T extends SlideKind>(slides: readonly T[]): T[] {
  if (!slides.length || isPhoto(slides[0])) return [...slides];
  const at = slides.findIndex(isPhoto);
  if (at < 0) return [...slides];
  return [slides[at], ...slides.slice(0, at), ...slides.slice(at + 1)];
}
