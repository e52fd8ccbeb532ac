import { AppError } from '../http/errors.ts';
import type { OwnCustomThemeRow, ThemeRepository, ThemeRow } from '../repositories/theme.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import { CUSTOM_THEME_BASE_ID, themeDesign } from '../themes/catalogue.ts';
import { partOf, type ThemeAssetsService } from '../themes/theme-assets.service.ts';
import type { ThemeDesign } from '../themes/types.ts';
import type { WireCustomThemeTile, WireTheme, WireThemeList } from '../wire/theme.ts';

/** The pictures a browser may ask for by name: /r/themes/{id}/{name}.jpg */
export const THEME_PICTURES = { icon: 'icon', poster: 'poster', background: 'background', dvd: 'dvdArtwork' } as const;
export type ThemePicture = keyof typeof THEME_PICTURES;

export const isThemePicture = (name: string): name is ThemePicture => Object.hasOwn(THEME_PICTURES, name);

const isDesign = (value: unknown): value is ThemeDesign => {
  const d = value as Partial<ThemeDesign> | null;
  return !!d && typeof d === 'object' && !!d.art?.family && !!d.fonts?.title && !!d.colours;
};

/** The stored design, or the catalogue's when a row predates it. */
export const designOf = (row: ThemeRow): ThemeDesign | undefined => (isDesign(row.design) ? row.design : themeDesign(row.id));

/** The designs of the themes a picker may offer, as stored (with what the themes page changed), in the house order. */
export async function offeredDesigns(themes: ThemeRepository): Promise<ThemeDesign[]> {
  return (await themes.listEnabled()).map(designOf).filter((d): d is ThemeDesign => d !== undefined);
}

const tagsOf = (tags: string): string[] => tags.split(',').map((t) => t.trim()).filter(Boolean);

const pictureUrl = (id: number, name: ThemePicture, version: string): string => `/r/themes/${id}/${name}.jpg?v=${version}`;

export interface ThemeCaller {
  user?: UserWithOrg;
  /** The video the picker is open for, once the caller may view it. */
  video?: VideoRow;
}

/** How many of these themes are still being prepared (library-preparation.service.ts). */
export type ThemesPreparing = (themeIds: number[]) => Promise<number>;

/** The theme picker's list (spec 1, section 7), favorites, and each theme's pictures. */
export function themeService(themes: ThemeRepository, assets: ThemeAssetsService, preparing: ThemesPreparing) {
  function toWire(row: ThemeRow, design: ThemeDesign | undefined, favorite: boolean): WireTheme {
    const version = design ? assets.version(design) : '';
    return {
      id: row.id,
      theme_title: row.theme_title,
      tags: tagsOf(row.tags),
      thumbnail_url: design ? pictureUrl(row.id, 'icon', version) : null,
      // Always named: a preview asked for before the library preparation reached it is made at once (render.routes.ts).
      // Its version changes with the design's pictures and title, so an edit on the themes page is not a cached clip.
      preview_url: `/r/themes/${row.id}/preview.mp4${version ? `?v=${version}` : ''}`,
      poster_url: design ? pictureUrl(row.id, 'poster', version) : null,
      dvd_artwork_url: design ? pictureUrl(row.id, 'dvd', version) : null,
      favorite,
      debug: row.debug,
      custom: false,
    };
  }

  function customToWire(custom: OwnCustomThemeRow, base: WireTheme | undefined): WireCustomThemeTile {
    // The custom theme editor draws each custom theme's title card; its address changes with every edit.
    const card = `/custom_themes/${custom.id}/preview.jpg?v=${new Date(custom.updated_at).getTime().toString(36)}`;
    return {
      id: custom.id,
      theme_id: custom.theme_id,
      theme_title: custom.title || `Custom Theme #${custom.id}`,
      tags: [],
      thumbnail_url: card,
      preview_url: null,
      poster_url: card,
      dvd_artwork_url: base?.dvd_artwork_url ?? null,
      favorite: false,
      debug: false,
      custom: true,
    };
  }

  async function customThemesFor(user: UserWithOrg, video: VideoRow | undefined): Promise<OwnCustomThemeRow[]> {
    const own = await themes.customThemesOf(user.id);
    const currentId = video?.custom_theme_id;
    if (currentId && !own.some((c) => c.id === currentId)) {
      const current = await themes.findCustomTheme(currentId);
      if (current) own.unshift(current);
    }
    return own;
  }

  return {
    async list({ user, video }: ThemeCaller): Promise<WireThemeList> {
      const rows = (await themes.listEnabled()).filter((row) => row.id !== CUSTOM_THEME_BASE_ID && (!row.debug || user?.role === 'super'));
      const favorites = user ? await themes.favoriteIds(user.id) : new Set<number>();
      const list = rows.map((row) => toWire(row, designOf(row), favorites.has(row.id)));
      const byId = new Map(list.map((t) => [t.id, t]));
      const customs = user ? await customThemesFor(user, video) : [];
      const offered = new Set(list.map((t) => t.id));
      return {
        themes: list,
        custom_themes: customs.map((c) => customToWire(c, byId.get(c.theme_id))),
        popular: (await themes.popularIds()).filter((id) => offered.has(id)),
        recent: user ? (await themes.recentIds(user.id)).filter((id) => offered.has(id)) : [],
        current: video ? { theme_id: video.theme_id, custom_theme_id: video.custom_theme_id } : null,
        preparing: await preparing(list.map((t) => t.id)),
      };
    },

    /**
     * The picture's storage key, drawn first if the theme's design changed since; answers its current version too. A hidden
     * theme's only for the themes page (`hidden`: the caller is a super user).
     */
    async picture(id: number, name: ThemePicture, hidden = false): Promise<{ key: string; version: string }> {
      const row = hidden ? await themes.find(id) : await themes.findEnabled(id);
      const design = row && designOf(row);
      if (!design) throw new AppError(404, 'Not found');
      const keys = await assets.ensure(design, [partOf(THEME_PICTURES[name])]);
      return { key: keys[THEME_PICTURES[name]], version: assets.version(design) };
    },

    async setFavorite(user: UserWithOrg, id: number, favorite: boolean): Promise<{ favorite: boolean }> {
      if (!(await themes.findEnabled(id))) throw new AppError(404, 'Not found');
      await themes.setFavorite(user.id, id, favorite);
      return { favorite };
    },
  };
}

export type ThemeService = ReturnType<typeof themeService>;
