import type { WireCustomThemeChange, WireCustomThemeCreated, WireCustomThemeDeleted, WireCustomThemeReply } from '../../../server/src/wire/custom-theme.ts';
import { getJson, sendFile, sendJson } from './http.ts';
import type { Camelized } from './types.ts';

/** Custom themes (spec 1, sections 2.3 and 7) and the calls of their embedded editor. */
export type CustomThemeReply = Camelized<WireCustomThemeReply>;
export type CustomTheme = CustomThemeReply['customTheme'];
export type CustomThemeDesign = CustomTheme['design'];
export type CustomThemeChange = Camelized<WireCustomThemeChange>;
export type FontChoice = CustomThemeReply['fonts'][number];
export type PictureSlot = 'intro' | 'background';

export const createCustomTheme = (videoId: number, themeId: number) =>
  sendJson<Camelized<WireCustomThemeCreated>>('POST', '/custom_themes', { videoId, themeId });

export const deleteCustomTheme = (id: number) => sendJson<Camelized<WireCustomThemeDeleted>>('DELETE', `/custom_themes/${id}`);

export const customThemeKey = (id: number) => `/r/custom_themes/${id}`;

export const fetchCustomTheme = (id: number) => getJson<CustomThemeReply>(customThemeKey(id));

export const changeCustomTheme = (id: number, change: CustomThemeChange) => sendJson<CustomThemeReply>('PATCH', customThemeKey(id), change);

export const uploadCustomThemePicture = (id: number, slot: PictureSlot, file: Blob) =>
  sendFile<CustomThemeReply>(`/r/custom_themes/${id}/images/${slot}`, 'file', file);
