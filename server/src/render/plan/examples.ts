import { FONTS } from '../../themes/fonts.ts';
import type { ThemeDesign } from '../../themes/types.ts';
import { planFont } from './fonts.ts';
import type { PlanInput, PlanSlide, PlanTheme } from './types.ts';

/** A small theme for tests and examples: 2 s intro, 2 s outro, 1 s crossfades, gentle zooms. */
export const TEST_THEME: PlanTheme = {
  id: 9001,
  key: 'test-theme-v1',
  fonts: { title: FONTS['gentium-basic-bold-italic'], body: FONTS['quicksand-regular'], caption: FONTS['gentium-basic-italic'] },
  colours: { title: '#ffffff', text: '#f4efe6', captionText: '#ffffff', captionBackdrop: '#000000a0', background: '#44546a' },
  defaults: { transitionIds: [1, 11], effectIds: [2, 3], overlayId: 1, borderId: 1, backgroundId: 2 },
  introLength: 2,
  outroLength: 2,
  transitionLength: 1,
};

/** A catalogue theme as the planner sees it, for tests that go through every theme. */
export function planTheme(design: Omit<ThemeDesign, 'art'>): PlanTheme {
  const { id, fonts, colours, defaults, introLength, outroLength, transitionLength } = design;
  return {
    id,
    key: `theme-${id}`,
    fonts: { title: planFont(fonts.title), body: planFont(fonts.body), caption: planFont(fonts.caption) },
    colours: { ...colours },
    defaults,
    introLength,
    outroLength,
    transitionLength,
  };
}

export function planSlide(id: number, values: Partial<PlanSlide> = {}): PlanSlide {
  return {
    id,
    kind: 'photo',
    version: `v${id}`,
    aspect: 16 / 9,
    caption: '',
    font: null,
    fontSize: 50,
    captionPosition: 'bottom',
    captionBackdrop: true,
    textBackground: null,
    effectId: 0,
    overlayId: 0,
    borderId: 0,
    transitionId: 0,
    userSet: { transition: false, effect: false, overlay: false, border: false },
    kenburns: null,
    time: 3,
    clip: null,
    ...values,
  };
}

export function planInput(values: Partial<PlanInput> = {}): PlanInput {
  return {
    title: 'Margaret Ellen Hughes',
    subtitle: '1931 - 2026',
    introText: 'Forever in our hearts',
    theme: TEST_THEME,
    look: { pools: { transition: [], effect: [], overlay: [], border: [] }, backgroundId: null, captionBackdrop: true },
    slides: [planSlide(1), planSlide(2), planSlide(3)],
    songs: [],
    repeatMusic: false,
    ...values,
  };
}
