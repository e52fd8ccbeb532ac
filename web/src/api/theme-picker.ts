import useSWR from 'swr';
import type { WireThemeFavorite, WireThemeList } from '../../../server/src/wire/theme.ts';
import { refreshWhilePreparing } from '../ui/PreparingNote.tsx';
import { getJson, sendJson } from './http.ts';
import type { VideoRef } from './slides.ts';
import type { Camelized } from './types.ts';

/**
 * GET /r/themes as the theme picker reads it (spec 1, sections 3 and 7), camelCase: plain and custom tiles in
 * one shape. Tags may come as one comma-separated text or as a list; the picker's search reads either.
 */
export interface ThemeTile {
  id: number;
  themeTitle: string | null;
  tags: string | string[] | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  posterUrl: string | null;
  favorite?: boolean;
  debug?: boolean;
  custom: boolean;
  /** A custom theme's base theme. */
  themeId?: number;
}

export interface ThemeList {
  themes: ThemeTile[];
  customThemes: ThemeTile[];
  popular: number[];
  recent: number[];
  current: { themeId: number; customThemeId: number | null } | null;
  /** Themes whose pictures or preview are still being made on a new installation. */
  preparing: number;
}

export const themeListKey = (userId: number | null, video: VideoRef | null) => ['/r/themes', userId ?? '', video === null ? '' : String(video)] as const;

export function useThemeList(userId: number | null, video: VideoRef | null) {
  const { data, error, mutate } = useSWR<ThemeList, Error>(
    themeListKey(userId, video),
    async ([path, user, videoId]: readonly [string, number | string, string]): Promise<ThemeList> =>
      getJson<Camelized<WireThemeList>>(path, { user_id: user || undefined, video_id: videoId || undefined }),
    { revalidateOnFocus: false, refreshInterval: refreshWhilePreparing },
  );
  return { list: data, error, mutate };
}

export const setThemeFavorite = (themeId: number, favorite: boolean) =>
  sendJson<Camelized<WireThemeFavorite>>('POST', `/themes/${themeId}/${favorite ? 'favorite' : 'unfavorite'}`);
