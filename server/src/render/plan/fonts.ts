import { FONTS, isFontKey } from '../../themes/fonts.ts';
import type { PlanFont } from './types.ts';

const GENTIUM = '/usr/share/fonts/truetype/gentium-basic';
const QUICKSAND = '/usr/share/fonts/truetype/quicksand';

/** The font names a slide stores (spec 2: 'Gentium-Basic-Italic.ttf' ...), as files Debian's packages install. */
const SLIDE_FONTS: Record<string, PlanFont> = {
  'Gentium-Basic-Italic.ttf': FONTS['gentium-basic-italic'],
  'Gentium-Basic-Regular.ttf': { file: `${GENTIUM}/GenBasR.ttf`, family: 'Gentium Basic', weight: 400, style: 'normal' },
  'Gentium-Basic-Bold.ttf': { file: `${GENTIUM}/GenBasB.ttf`, family: 'Gentium Basic', weight: 700, style: 'normal' },
  'Quicksand-Bold.ttf': FONTS['quicksand-bold'],
  'Quicksand-Regular.ttf': FONTS['quicksand-regular'],
  'Quicksand-Medium.ttf': { file: `${QUICKSAND}/Quicksand-Medium.ttf`, family: 'Quicksand Medium', weight: 500, style: 'normal' },
};

/** Spec 2's default for text slides. */
export const TEXT_SLIDE_FONT: PlanFont = FONTS['quicksand-bold'];

/** A slide's font by its stored name (or a theme font key); `fallback` when it names none we know. */
export function slideFont(name: string | null, fallback: PlanFont): PlanFont {
  if (!name) return fallback;
  if (SLIDE_FONTS[name]) return SLIDE_FONTS[name];
  return isFontKey(name) ? FONTS[name] : fallback;
}

/** Only what shapes the letters: a font's description without catalogue bookkeeping, for plans and hashes. */
export function planFont(font: PlanFont): PlanFont {
  return { file: font.file, family: font.family, weight: font.weight ?? 400, style: font.style ?? 'normal' };
}
