import type { ThemeList } from '../../api/index.ts';
import { themeLabel } from '../themes/theme-sort.ts';

export interface ChosenTheme {
  label: string;
  /** The artwork preview's address; null when there is nothing to show yet. */
  poster: string | null;
}

/** A theme's poster by id: public (GET /r/themes/{id}/poster.jpg), so a family link can load it too. */
export const themePosterUrl = (themeId: number): string => `/r/themes/${themeId}/poster.jpg`;

/**
 * The theme card's label and artwork (spec 1, section 2.2). A custom theme shows its own title card, which only
 * signed-in staff may load (/custom_themes/{id}/preview.jpg); a family sees the poster of the theme it is drawn on.
 */
export function chosenTheme(list: ThemeList | undefined, values: { themeId: number; customThemeId: number | null }, videoId: number | null, isAnonymous: boolean): ChosenTheme | null {
  const { themeId, customThemeId } = values;
  const base = themeId ? list?.themes.find((t) => t.id === themeId) : undefined;
  if (customThemeId) {
    const custom = isAnonymous ? undefined : list?.customThemes.find((t) => t.id === customThemeId);
    const label = themeLabel(custom ?? { id: customThemeId, themeTitle: null, custom: true });
    if (isAnonymous) return { label, poster: base?.posterUrl ?? (themeId ? themePosterUrl(themeId) : null) };
    const own = `/custom_themes/${customThemeId}/preview.jpg${videoId ? `?video_id=${videoId}` : ''}`;
    return { label, poster: custom?.posterUrl ?? own };
  }
  if (!themeId) return null;
  return { label: themeLabel(base ?? { id: themeId, themeTitle: null, custom: false }), poster: base?.posterUrl ?? base?.thumbnailUrl ?? null };
}

/** 'Edit Custom Theme' opens the signed-in custom theme editor: never for a family (spec 1, section 2.3). */
export const showsEditCustomTheme = (customThemeId: number | null, isAnonymous: boolean): boolean => customThemeId !== null && customThemeId > 0 && !isAnonymous;
