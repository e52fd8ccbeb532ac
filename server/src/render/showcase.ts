import { planSlide } from './plan/examples.ts';
import { EFFECT } from './plan/look.ts';
import type { LookKind, PlanInput, PlanTheme } from './plan/types.ts';

/**
 * What the pickers show: each theme's opening with two sample photos, and each look modifier on sample photos.
 * Pure: the inputs the engine renders; the showcase service draws the photos and stores the results.
 */
export type ShowcaseType = LookKind | 'background';

/** Sample photo slide ids (negative: never a real slide). -1 and -2 are landscapes, -3 a portrait. */
export const SAMPLE_PHOTOS = [
  { id: -1, scene: 2, width: 1920, height: 1280 },
  { id: -2, scene: 0, width: 1920, height: 1280 },
  { id: -3, scene: 4, width: 1080, height: 1440 },
] as const;

const NO_LOOK = { pools: { transition: [], effect: [], overlay: [], border: [] }, backgroundId: null, captionBackdrop: true };
const userSet = (kind: LookKind) => ({ transition: kind === 'transition', effect: kind === 'effect', overlay: kind === 'overlay', border: kind === 'border' });
const photo = (id: -1 | -2 | -3, values: Parameters<typeof planSlide>[1] = {}) => {
  const sample = SAMPLE_PHOTOS.find((p) => p.id === id)!;
  return planSlide(id, { version: `sample-${sample.scene}`, aspect: sample.width / sample.height, ...values });
};

/** About six seconds: the theme's intro (at most three seconds) and two photos. */
export function themeShowcase(theme: PlanTheme, title: string): PlanInput {
  return {
    title,
    subtitle: 'In loving memory',
    introText: '',
    theme: { ...theme, introLength: Math.min(3, theme.introLength || 3), outroLength: 0, transitionLength: Math.min(0.8, theme.transitionLength) },
    look: NO_LOOK,
    slides: [photo(-1, { time: 1.8 }), photo(-2, { time: 1.8 })],
    songs: [],
    repeatMusic: false,
  };
}

/** A look modifier on sample photos: transitions join two photos, the others dress one. */
export function lookShowcase(theme: PlanTheme, type: ShowcaseType, id: number): PlanInput {
  const bare: PlanTheme = { ...theme, introLength: 0, outroLength: 0, transitionLength: 0.8, defaults: { ...theme.defaults, effectIds: [EFFECT.none], overlayId: 1, borderId: 1 } };
  const still = { effectId: EFFECT.none, userSet: userSet('effect') };
  const base: PlanInput = { title: '', subtitle: '', introText: '', theme: bare, look: NO_LOOK, slides: [], songs: [], repeatMusic: false };
  switch (type) {
    case 'transition':
      return { ...base, slides: [photo(-1, { ...still, time: 1.6 }), photo(-2, { ...still, time: 1.6, transitionId: id, userSet: { ...userSet('transition'), effect: true } })] };
    case 'effect': {
      const kenburns = id === EFFECT.custom ? ([{ x1: 0, x2: 32000, y1: 0, y2: 32000 }, { x1: 4000, x2: 20000, y1: 3000, y2: 19000 }] as const) : null;
      return { ...base, slides: [photo(-1, { time: 3, effectId: id, userSet: userSet('effect'), kenburns: kenburns ? [{ ...kenburns[0] }, { ...kenburns[1] }] : null })] };
    }
    case 'overlay':
      return { ...base, slides: [photo(-2, { time: 3, overlayId: id, userSet: { ...userSet('overlay'), effect: true }, effectId: EFFECT.zoomIn })] };
    case 'border':
      return { ...base, slides: [photo(-3, { ...still, time: 2.5, borderId: id, userSet: { ...userSet('border'), effect: true } })] };
    case 'background':
      return { ...base, look: { ...NO_LOOK, backgroundId: id }, slides: [photo(-3, { ...still, time: 2.5 })] };
  }
}
