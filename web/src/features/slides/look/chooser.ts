/**
 * The chooser rules of spec 2 section 4 ("Chooser", "Look selection") as pure functions, shared by the grid's
 * Set Custom tools, the slide drawers and the customize-look dialog.
 */
export type ChooserType = 'transition' | 'effect' | 'overlay' | 'border';
export type LookType = ChooserType | 'background';

/** Effect id 5 is the custom zoom (spec 2 section 9). */
export const CUSTOM_ZOOM_EFFECT_ID = 5;
/** Id 0 of every chooser is Automatic. */
export const AUTOMATIC = 0;

export const CHOOSER_TITLES: Record<ChooserType, string> = {
  transition: 'Choose Transition',
  effect: 'Choose Effect',
  overlay: 'Choose Overlay',
  border: 'Choose Border',
};

export const GRID_TOOL_LABELS: Record<ChooserType, string> = {
  transition: 'Set Custom Transition',
  effect: 'Set Custom Effect',
  overlay: 'Set Custom Overlay',
  border: 'Set Custom Border',
};

export interface ChooserSlide {
  id: number;
  isText: boolean;
  isVideo: boolean;
  effectId: number;
  overlayId: number;
  borderId: number;
  transitionId: number;
  userSetEffect: boolean;
  userSetOverlay: boolean;
  userSetBorder: boolean;
  userSetTransition: boolean;
  effectData: unknown;
}

const idKey = { transition: 'transitionId', effect: 'effectId', overlay: 'overlayId', border: 'borderId' } as const;
const userSetKey = { transition: 'userSetTransition', effect: 'userSetEffect', overlay: 'userSetOverlay', border: 'userSetBorder' } as const;

/** The slides a choice applies to: every chosen slide except the cover photo. */
export const chooserTargets = <S extends ChooserSlide>(slides: readonly S[], coverId: number | null): S[] => slides.filter((s) => s.id !== coverId);

/** The id a slide shows in the chooser: its own when the user set one, else Automatic. */
export const currentChoice = (slide: ChooserSlide, type: ChooserType): number => (slide[userSetKey[type]] ? slide[idKey[type]] : AUTOMATIC);

/** The tile selected when the chooser opens: the targets' shared choice, else Automatic. */
export function initialChoice(targets: readonly ChooserSlide[], type: ChooserType): number {
  const choices = new Set(targets.map((s) => currentChoice(s, type)));
  return choices.size === 1 ? [...choices][0] : AUTOMATIC;
}

/** A custom zoom blocks the effect chooser (spec 2 "Tool dialogs"). */
export const hasCustomZoom = (slide: ChooserSlide): boolean => slide.effectId === CUSTOM_ZOOM_EFFECT_ID || Boolean((slide.effectData as { kenburns?: unknown } | null)?.kenburns);

/** What a choice changes on a slide: id 0 is Automatic (user_set false), anything else is the user's. */
export function choiceAttributes(type: ChooserType, id: number): Record<string, number | boolean> {
  return { [idKey[type]]: id, [userSetKey[type]]: id !== AUTOMATIC };
}

/** Whether the choice changes anything for these slides (closing without a change just closes). */
export const choiceChanges = (targets: readonly ChooserSlide[], type: ChooserType, id: number): boolean => targets.some((s) => currentChoice(s, type) !== id);

/**
 * The grid's customize tools are disabled when the only selected slide is the cover photo, or when the selection
 * holds only video or text slides (spec 2 "Grid tools").
 */
export function customizeToolsEnabled(selected: readonly Pick<ChooserSlide, 'id' | 'isText' | 'isVideo'>[], coverId: number | null): boolean {
  if (!selected.length) return false;
  if (selected.length === 1 && selected[0].id === coverId) return false;
  return selected.some((s) => !s.isText && !s.isVideo);
}

/**
 * Customize Look's multi-select (spec 2 "Look selection"): a tile toggles, but the last selected tile cannot be
 * toggled off. Answers the new selection.
 */
export function toggleLook(selected: readonly number[], id: number): number[] {
  if (!selected.includes(id)) return [...selected, id].sort((a, b) => a - b);
  if (selected.length === 1) return [...selected];
  return selected.filter((x) => x !== id);
}
