import type { LookKind, PlanInput, PlanSlide, TransitionName } from './types.ts';

/** Transition ids of seed/look-modifiers.ts and the ffmpeg xfade each one uses; 'cut' has no transition. */
export const TRANSITIONS: Record<number, TransitionName | 'cut'> = {
  1: 'fade',
  2: 'fadeblack',
  3: 'fadewhite',
  4: 'wipeleft',
  5: 'wiperight',
  6: 'wipeup',
  7: 'wipedown',
  8: 'slideleft',
  9: 'slideright',
  10: 'circleopen',
  // xfade's own 'dissolve' is a random-pixel dither: too harsh for a tribute, so ours is a soft, eased blend.
  11: 'fadeslow',
  12: 'zoomin',
  13: 'cut',
};

export const EFFECT = { none: 1, zoomIn: 2, zoomOut: 3, panLeft: 4, custom: 5, panRight: 6, panUp: 7, panDown: 8 } as const;
export const OVERLAY = { none: 1, lightLeak: 2, vignette: 3, softGlow: 4, filmGrain: 5, bokeh: 6 } as const;
export const BORDER = { none: 1, thinWhite: 2, wideWhite: 3, rounded: 4, shadow: 5, photoFrame: 6 } as const;
export const BACKGROUND = { theme: 1, blur: 2, black: 3, white: 4 } as const;

/** A small, stable number from a slide id: the same slide keeps its automatic choices wherever it moves. */
export function slideHash(id: number, salt: number): number {
  let h = (Math.imul(id ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const SALT: Record<LookKind, number> = { transition: 1, effect: 2, overlay: 3, border: 4 };

function themeDefaults(input: PlanInput, kind: LookKind): number[] {
  const d = input.theme.defaults;
  if (kind === 'transition') return d.transitionIds;
  if (kind === 'effect') return d.effectIds;
  if (kind === 'overlay') return [d.overlayId];
  return [d.borderId];
}

/**
 * What Automatic means for one slide: one of the ids the video's Customize Look selected, else one of the theme's
 * defaults, picked by the slide's id. A slide's own choice (user_set_*) wins.
 */
export function chooseLook(input: PlanInput, slide: PlanSlide, kind: LookKind, usable: (id: number) => boolean = () => true): number {
  const own = { transition: slide.transitionId, effect: slide.effectId, overlay: slide.overlayId, border: slide.borderId }[kind];
  if (slide.userSet[kind] && own > 0 && usable(own)) return own;
  const selected = input.look.pools[kind].filter(usable);
  const pool = selected.length ? selected : themeDefaults(input, kind).filter(usable);
  if (!pool.length) return 1;
  return pool[slideHash(slide.id, SALT[kind]) % pool.length];
}

/** The transition into the first slide, and out of the last into the outro: the theme's first default. */
export function themeTransition(input: PlanInput): number {
  return input.theme.defaults.transitionIds.find((id) => TRANSITIONS[id] && TRANSITIONS[id] !== 'cut') ?? 1;
}
