/**
 * Rules of custom themes that the editor page and the server share (spec 1, sections 2.3 and 5).
 * Theme 1, the Custom Theme Base, is a full custom build: its intro has no drawn scene to fall back on.
 */
export const CUSTOM_THEME_BASE_ID = 1;

export const INTRO_MISSING_MESSAGE = 'You must specify an intro first scene, or disable the intro using the checkbox above.';

export type BackgroundMode = 'theme' | 'colour' | 'image';

export interface IntroState {
  baseThemeId: number;
  introEnabled: boolean;
  hasIntroImage: boolean;
}

/** A full custom theme with its intro on needs its own first scene; other custom themes fall back to their theme's. */
export const introMissing = ({ baseThemeId, introEnabled, hasIntroImage }: IntroState): boolean =>
  baseThemeId === CUSTOM_THEME_BASE_ID && introEnabled && !hasIntroImage;

/** The backgrounds a custom theme may choose; only one built on a drawn theme can keep that theme's artwork. */
export const backgroundModes = (baseThemeId: number): BackgroundMode[] =>
  baseThemeId === CUSTOM_THEME_BASE_ID ? ['colour', 'image'] : ['theme', 'colour', 'image'];

export const isHexColour = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
