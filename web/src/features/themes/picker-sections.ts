import { CUSTOM_THEME_BASE_ID } from '../../../../common/custom-theme.ts';
import type { ThemeList, ThemeTile } from '../../api/index.ts';
import { matchesThemeSearch } from './theme-search.ts';
import { sortThemes, type ThemeSort } from './theme-sort.ts';

export interface PickerSection {
  key: 'custom' | 'themes' | 'unreleased';
  title: string;
  themes: ThemeTile[];
}

/**
 * The picker's sections (spec 1, section 2.3): the user's custom themes, the released themes in the chosen
 * order, then 'Unreleased Themes'. The Custom Theme Base is not a tile: the Custom Theme button builds on it.
 */
export function pickerSections(list: ThemeList, query: string, sort: ThemeSort, isAnonymous: boolean): PickerSection[] {
  const found = (themes: ThemeTile[]) => themes.filter((t) => matchesThemeSearch(query, t));
  const plain = sortThemes(found(list.themes.filter((t) => t.id !== CUSTOM_THEME_BASE_ID)), sort, list.popular, list.recent);
  const sections: PickerSection[] = [
    { key: 'custom', title: 'My Custom Themes', themes: isAnonymous ? [] : found(list.customThemes).sort((a, b) => b.id - a.id) },
    { key: 'themes', title: 'Themes', themes: plain.filter((t) => !t.debug) },
    { key: 'unreleased', title: 'Unreleased Themes', themes: plain.filter((t) => t.debug) },
  ];
  return sections.filter((s) => s.themes.length > 0);
}

/** A tile's identity across sections: plain and custom ids are separate number spaces. */
export const tileKey = (theme: Pick<ThemeTile, 'id' | 'custom'>): string => `${theme.custom ? 'custom' : 'theme'}-${theme.id}`;

/** What applying a tile sets on the video (spec 1, section 4 "Theme choice"). */
export function themeChoice(theme: ThemeTile): { themeId: number; customThemeId: number | null } {
  return theme.custom ? { themeId: theme.themeId ?? 0, customThemeId: theme.id } : { themeId: theme.id, customThemeId: null };
}
