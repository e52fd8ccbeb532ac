import { createHash } from 'node:crypto';
import { readDesign } from './custom-theme-design.ts';
import { FONTS } from '../themes/fonts.ts';
import { ALL_PARTS, assetVersion, themeAssetKeys, type PicturePart } from '../themes/theme-assets.service.ts';
import type { ThemeDesign } from '../themes/types.ts';
import type { ThemeArt } from '../render/compile/render-plan.ts';
import { planFont } from '../render/plan/fonts.ts';
import type { PlanTheme } from '../render/plan/types.ts';
import type { RenderInputRepository } from '../repositories/render-input.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';

export interface RenderTheme {
  theme: PlanTheme;
  art: ThemeArt;
}

/** A video without a theme (theme 0) still gets a calm look: plain slate, the spec's fonts, crossfades. */
export const PLAIN_THEME: Omit<ThemeDesign, 'art'> = {
  id: 0,
  title: 'Plain',
  tags: [],
  debug: false,
  fonts: { title: FONTS['gentium-basic-bold-italic'], body: FONTS['quicksand-regular'], caption: FONTS['gentium-basic-italic'] },
  colours: { title: '#ffffff', text: '#f1ece3', captionText: '#ffffff', captionBackdrop: '#000000a0', background: '#3d4a5c' },
  defaults: { transitionIds: [1, 11], effectIds: [2, 3, 4, 6], overlayId: 1, borderId: 1, backgroundId: 2 },
  introLength: 5,
  outroLength: 4,
  transitionLength: 1,
  coverRatio: 16 / 9,
};

/** The storage keys of the theme pictures a render uses (the theme catalogue draws them under themes/{id}/). */
/** Makes sure a catalogue theme's pictures (the parts named) are drawn and in storage. */
export type EnsureThemeArt = (design: ThemeDesign, parts?: readonly PicturePart[]) => Promise<unknown>;

export function themeArtKeys(id: number): { background: string; introScene: string; outroScene: string } {
  const { background, introScene, outroScene } = themeAssetKeys(id);
  return { background, introScene, outroScene };
}

const isDesign = (value: unknown): value is ThemeDesign => {
  const d = value as Partial<ThemeDesign> | undefined;
  return !!d && typeof d === 'object' && !!d.fonts?.title && !!d.colours && !!d.defaults && Array.isArray(d.defaults.transitionIds);
};

const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/**
 * The theme a video renders with: its theme's design as the catalogue stored it (themes.design), with a custom
 * theme's choices on top (intro picture or none, background picture or colour, title font and colour, caption font).
 */
export function renderThemeService(inputs: RenderInputRepository, ensureArt: EnsureThemeArt = async () => undefined) {
  return {
    /** `parts`: the pictures to wait for; a theme's preview shows no closing scene, so it need not wait for one. */
    async forVideo(video: Pick<VideoRow, 'theme_id' | 'custom_theme_id'>, parts: readonly PicturePart[] = ALL_PARTS): Promise<RenderTheme> {
      const custom = video.custom_theme_id ? await inputs.customTheme(video.custom_theme_id) : undefined;
      const baseId = custom && !custom.deleted_at ? custom.theme_id : video.theme_id;
      const row = baseId ? await inputs.theme(baseId) : undefined;
      const design = row && isDesign(row.design) ? row.design : { ...PLAIN_THEME, id: row?.id ?? 0 };
      // On a new installation the catalogue may still be drawing the pictures: wait for them rather than render without.
      if (row && isDesign(row.design)) await ensureArt(row.design, parts);
      const keys = row ? themeArtKeys(row.id) : { background: null, introScene: null, outroScene: null };
      let introLength = row ? (design.introLength ?? row.intro_length) : PLAIN_THEME.introLength;
      const outroLength = row ? (design.outroLength ?? row.outro_length) : PLAIN_THEME.outroLength;
      const fonts = { title: planFont(design.fonts.title), body: planFont(design.fonts.body), caption: planFont(design.fonts.caption) };
      const colours = { ...design.colours };
      const art: ThemeArt = { ...keys, colour: colours.background };
      if (custom && !custom.deleted_at) {
        const d = readDesign(custom.design, custom.theme_id);
        if (!d.intro_enabled) introLength = 0;
        if (d.intro_image) art.introScene = d.intro_image;
        if (d.background_mode === 'image' && d.background_image) art.background = d.background_image;
        if (d.background_mode === 'colour') {
          art.background = null;
          art.colour = d.background_colour;
        }
        fonts.title = planFont(FONTS[d.title_font]);
        fonts.caption = planFont(FONTS[d.caption_font]);
        colours.title = d.title_colour;
      }
      const theme: PlanTheme = {
        id: design.id,
        key: '',
        fonts,
        colours,
        defaults: design.defaults,
        introLength: Math.max(0, introLength),
        outroLength: Math.max(0, outroLength),
        transitionLength: design.transitionLength,
      };
      // The pictures keep their names when they are redrawn: their version makes cached segments change with them.
      theme.key = sha([theme, art, row && isDesign(row.design) ? assetVersion(row.design) : null]);
      return { theme, art };
    },
  };
}

export type RenderThemeService = ReturnType<typeof renderThemeService>;
