import { textBackground } from '../../../../common/text-backgrounds.ts';

/** How a text slide looks in the grid and the slide view: its caption on its background (spec 2 section 3). */
export const TEXT_SLIDE_FONT_FAMILY = '"Quicksand", "Segoe UI", sans-serif';
export const DEFAULT_TEXT_SIZE = 50;
/** Text sizes are in pixels of the 720-line video frame; previews scale them to their own height. */
export const FRAME_HEIGHT = 720;

/** Stands for the theme's own background art, which the workspace does not draw. */
const THEME_BACKGROUND = 'linear-gradient(160deg, #4d6a7c 0%, #23313a 100%)';

export interface BackgroundOption {
  value: number;
  label: string;
}

/** A new text slide's background: 2 when more than 2 options exist, else 1. */
export const defaultTextBackground = (options: readonly BackgroundOption[]): number => (options.length > 2 ? 2 : 1);

export interface TextLook {
  background: string;
  color: string;
}

export function textLook(background: number | null): TextLook {
  const choice = textBackground(background);
  return { background: choice.colour ?? THEME_BACKGROUND, color: choice.textColour };
}

export const previewFontSize = (fontSize: number, height: number): number =>
  (Math.max(1, Number.isFinite(fontSize) && fontSize > 0 ? fontSize : DEFAULT_TEXT_SIZE) * height) / FRAME_HEIGHT;
