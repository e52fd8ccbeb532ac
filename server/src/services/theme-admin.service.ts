import { PALETTE_MESSAGE } from '../../../common/theme-palette.ts';
import type { ThemeRepository, ThemeRow } from '../repositories/theme.repository.ts';
import { themeRow } from '../seed/themes.ts';
import { CUSTOM_THEME_BASE_ID, themeDesign } from '../themes/catalogue.ts';
import { assetVersion } from '../themes/theme-assets.service.ts';
import { paletteOf, paletteText, tagList, type ThemeOverrides } from '../themes/theme-settings.ts';
import type { ArtFamily, ThemeDesign } from '../themes/types.ts';
import type { WireAdminTheme } from '../wire/theme.ts';
import { designOf } from './theme.service.ts';

export const THEME_VISIBILITIES = ['released', 'unreleased', 'hidden'] as const;
export type ThemeVisibility = (typeof THEME_VISIBILITIES)[number];

/** Themes made on the themes page are numbered from here: the catalogue's fixed ids stay below it. */
export const FIRST_ADMIN_THEME_ID = 1000;

/** The themes page's values, each already checked on its own (admin/resources/themes.ts declares them). */
export interface ThemeValues {
  theme_title?: string;
  tags?: string | null;
  visibility?: ThemeVisibility | null;
  position?: number | null;
  art_family?: ArtFamily | null;
  art_seed?: number | null;
  palette?: string | null;
  base_theme_id?: number;
}

export const visibilityOf = (row: Pick<ThemeRow, 'debug' | 'disabled'>): ThemeVisibility => (row.disabled ? 'hidden' : row.debug ? 'unreleased' : 'released');

/** A theme as the themes page lists and edits it: its columns and its art settings out of the design. */
export function themeAdminFields(row: ThemeRow): WireAdminTheme {
  const design = designOf(row);
  return {
    id: row.id,
    theme_title: row.theme_title,
    tags: row.tags,
    visibility: visibilityOf(row),
    position: row.position,
    art_family: design?.art.family ?? null,
    art_seed: design?.art.seed ?? null,
    palette: design ? paletteText(design.art.palette) : '',
    /** A catalogue theme ships with the product: it can be hidden, not deleted. */
    catalogue: themeDesign(row.id) !== undefined,
    thumbnail_url: design ? `/r/themes/${row.id}/icon.jpg?v=${assetVersion(design)}` : null,
    // The engine's frame of the design as saved: its address changes with every save.
    preview_url: `/r/settings/themes/${row.id}/preview.jpg?v=${new Date(row.updated_at ?? 0).getTime().toString(36)}`,
    /** The picker's own preview clip, as the creator sees it (hidden themes have none). */
    picker_preview_url: row.disabled || !design ? null : `/r/themes/${row.id}/preview.mp4?v=${assetVersion(design)}`,
  };
}

/** Only what differs from the catalogue's design is kept as an override, so the catalogue's later changes still arrive. */
function overridesOf(design: ThemeDesign, catalogue: ThemeDesign): ThemeOverrides {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return {
    ...(design.title !== catalogue.title ? { title: design.title } : {}),
    ...(!same(design.tags, catalogue.tags) ? { tags: design.tags } : {}),
    ...(design.debug !== catalogue.debug ? { debug: design.debug } : {}),
    ...(!same(design.art, catalogue.art) ? { art: design.art } : {}),
  };
}

/** The design with the page's values laid over it. */
function changed(design: ThemeDesign, id: number, values: ThemeValues): ThemeDesign {
  // An emptied art setting keeps the theme's (a new theme's: the one it starts from).
  const palette = values.palette ? paletteOf(values.palette)! : design.art.palette;
  const next: ThemeDesign = {
    ...design,
    id,
    title: values.theme_title ?? design.title,
    tags: values.tags === undefined ? design.tags : tagList(values.tags ?? ''),
    debug: values.visibility == null || values.visibility === 'hidden' ? design.debug : values.visibility === 'unreleased',
    art: { family: values.art_family ?? design.art.family, seed: values.art_seed ?? design.art.seed, palette: [...palette] },
  };
  if (id !== CUSTOM_THEME_BASE_ID) delete next.custom;
  return next;
}

/**
 * The themes page's writes (/settings/themes). The picker, the render engine and the library preparation all read
 * themes.design, so an edit shows everywhere: the pictures and the picker's preview clip are drawn again for the
 * new design when next asked for (their addresses carry the design's version).
 */
export function themeAdminService(themes: ThemeRepository) {
  return {
    /** Messages for values that are wrong together or against the database; empty when they may be saved. */
    async problems(values: ThemeValues, current: ThemeRow | undefined): Promise<Record<string, string>> {
      const problems: Record<string, string> = {};
      if (values.palette && !paletteOf(values.palette)) {
        problems.palette = PALETTE_MESSAGE;
      }
      if (current?.id === CUSTOM_THEME_BASE_ID && values.visibility != null && values.visibility !== 'released') {
        problems.visibility = 'Custom themes are built on the Custom Theme Base, so it stays released.';
      }
      if (!current && values.base_theme_id !== undefined) {
        const base = await themes.find(values.base_theme_id);
        if (!base || !designOf(base)) problems.base_theme_id = 'Please choose a valid theme to start from.';
      }
      return problems;
    },

    /** A new theme: the type, colours, timings and look of the theme it starts from, with its own title and art. */
    async create(values: ThemeValues): Promise<number> {
      const base = (await themes.find(values.base_theme_id!))!;
      const draft = changed(designOf(base)!, 0, values);
      const row = themeRow(draft);
      const id = await themes.insertNew(
        { ...row, disabled: values.visibility === 'hidden', position: values.position ?? null, overrides: {} },
        FIRST_ADMIN_THEME_ID,
      );
      await themes.change(id, { design: { ...draft, id } as unknown as Record<string, unknown> });
      return id;
    },

    async update(current: ThemeRow, values: ThemeValues): Promise<void> {
      const design = changed(designOf(current)!, current.id, values);
      const catalogue = themeDesign(current.id);
      await themes.change(current.id, {
        theme_title: design.title,
        tags: design.tags.join(', '),
        debug: design.debug,
        ...(values.visibility != null ? { disabled: values.visibility === 'hidden' } : {}),
        ...(values.position !== undefined ? { position: values.position } : {}),
        design: design as unknown as Record<string, unknown>,
        ...(catalogue ? { overrides: overridesOf(design, catalogue) as Record<string, unknown> } : {}),
      });
    },

    /** Why the theme may not be deleted, or undefined when it may. */
    async refusal(current: ThemeRow): Promise<string | undefined> {
      if (themeDesign(current.id)) return 'This theme comes with Tribute, so it cannot be deleted. Set it to Hidden instead.';
      const { videos, customThemes } = await themes.usage(current.id);
      if (videos) return `${videos} ${videos === 1 ? 'video uses' : 'videos use'} this theme, so it cannot be deleted. Set it to Hidden instead.`;
      if (customThemes) return `${customThemes} custom ${customThemes === 1 ? 'theme is' : 'themes are'} built on this theme, so it cannot be deleted. Set it to Hidden instead.`;
      return undefined;
    },
  };
}

export type ThemeAdminService = ReturnType<typeof themeAdminService>;
