import type { WireLookCustomizations, WireStockText, WireStockVideosData } from '../../../server/src/wire/stock.ts';
import type { Slide, VideoRef } from './slides.ts';
import { getJson, sendForm, sendJson } from './http.ts';
import type { Camelized } from './types.ts';

/** Spec 2 section 7's calls of the stock dialogs, Reuse Text and Customize Look. */
export type StockText = Camelized<WireStockText>;
export type StockVideosData = Camelized<WireStockVideosData>;
export type StockVideo = StockVideosData['videos'][number];
export type LookCustomizations = Camelized<WireLookCustomizations>;

export const fetchStockTexts = () => getJson<{ stockTexts: StockText[] }>('/r/stock_texts');

/** The reply is a plain list of captions. */
export const fetchPreviousCaptions = (videoId: VideoRef) => getJson<string[]>('/r/slides/previous_captions', { video_id: String(videoId) });

export const fetchStockVideos = (videoId: VideoRef) => getJson<StockVideosData>(`/r/videos/${encodeURIComponent(String(videoId))}/stock_videos`);

export const addStockVideoClips = (videoId: VideoRef, selectedVideos: number[]) =>
  sendJson<{ data: Slide[] }>('POST', `/r/videos/${encodeURIComponent(String(videoId))}/add_stock_video_clips`, { selectedVideos });

export const fetchLookCustomizations = (videoId: VideoRef) => getJson<LookCustomizations>('/r/slides/customizations', { video_id: String(videoId) });

/** Form-encoded as the spec sends it: `transition_3=true` for each selected tile, the background id, and remember. */
export function saveCustomizations(videoId: VideoRef, selected: Record<'transition' | 'effect' | 'overlay' | 'border', number[]>, background: number | null, remember: boolean) {
  const fields: Record<string, string> = { video_id: String(videoId), remember_user_config: String(remember) };
  for (const [type, ids] of Object.entries(selected)) for (const id of ids) fields[`${type}_${id}`] = 'true';
  if (background !== null) fields.background = String(background);
  return sendForm<{ success: boolean }>('/r/slides/save_customizations', fields);
}

/** Removes a photo's custom zoom (the effect chooser's 'Remove custom zoom'). */
export const clearCustomZoom = (videoId: VideoRef, slideId: number) => sendJson<unknown>('POST', '/r/effects/clear_ken_burns', { slideId, videoId });
