import type { ArtFamily } from '../types.ts';
import { drawBokeh } from './bokeh.ts';
import { drawBotanical } from './botanical.ts';
import { drawPaper } from './paper.ts';
import { drawSky } from './sky.ts';
import { drawStainedGlass } from './stained-glass.ts';
import type { ArtGenerator } from './svg.ts';
import { drawWatercolour } from './watercolour.ts';

export { SCENES, type Scene, type ArtInput } from './svg.ts';
export { titleOverlay } from './title.ts';

/** One generator per art family; each is a pure function of (scene, seed, palette) to SVG text. */
export const ART: Record<ArtFamily, ArtGenerator> = {
  watercolour: drawWatercolour,
  botanical: drawBotanical,
  bokeh: drawBokeh,
  paper: drawPaper,
  sky: drawSky,
  'stained-glass': drawStainedGlass,
};

/** Bump when any generator's drawing changes: cached theme pictures are keyed by it. */
export const ART_VERSION = 1;
