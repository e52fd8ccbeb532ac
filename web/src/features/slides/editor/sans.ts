import type { Slide } from '../../../api/index.ts';
import type { Tool } from './paths.ts';

/** The wire field of each tool's picture: the slide with every edit except that tool's (big_sans_{tool}_url). */
const SANS_FIELD: Partial<Record<Tool, string>> = {
  crop: 'bigSansCropUrl',
  color: 'bigSansColorUrl',
  blemishes: 'bigSansBlemishesUrl',
  redeyes: 'bigSansRedeyesUrl',
  straighten: 'bigSansStraightenUrl',
};

/**
 * The tool's picture. Until the server sends the tool's own picture the edited big image stands in, so the tool
 * still works; its live effect is then drawn over an image that already has it.
 */
export function sansUrl(slide: Slide, tool: Tool): string | null {
  const field = SANS_FIELD[tool];
  const value = field ? (slide as unknown as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value ? value : slide.bigUrl;
}
