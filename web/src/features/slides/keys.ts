/** Slide view shortcuts are ignored while typing and while Control, Alt, Meta, Win or OS is held (spec 2). */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: unknown;
  getModifierState?: (key: string) => boolean;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function ignoredKey(event: KeyEventLike): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return true;
  if (event.getModifierState && (event.getModifierState('OS') || event.getModifierState('Super') || event.getModifierState('Meta'))) return true;
  const target = event.target as { tagName?: unknown; isContentEditable?: unknown } | null;
  if (!target) return false;
  return TYPING.has(String(target.tagName ?? '').toUpperCase()) || target.isContentEditable === true;
}

export type ViewKey = 'next' | 'previous' | 'close' | 'shortcuts' | 'crop' | 'caption';

/** Navigation keys of the slide view; rotation and delete come from the shared commands. */
export function viewKey(key: string): ViewKey | undefined {
  if (key === 'ArrowRight') return 'next';
  if (key === 'ArrowLeft') return 'previous';
  if (key === ' ' || key === 'Spacebar' || key === 'Escape') return 'close';
  if (key === '?') return 'shortcuts';
  if (key === 'c') return 'crop';
  if (key === 't') return 'caption';
  return undefined;
}
