import { getJson, sendFile, sendJson, withSecurityHash } from './http.ts';
import type { Slide, VideoRef } from './slides.ts';

/** The slide editor's calls (spec 2 section 7): crop, revert, Ken Burns, replace, and the short address's lookup. */

export interface CropRect {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** /slides/{slide_id} opens over its video's grid: the server names the video (404 for another organization's slide). */
export const fetchSlideVideo = (slideId: number) => getJson<{ videoId: number }>(`/r/slides/${slideId}/video`);

/** With `asNew` the server crops a copy and answers the copy ('Crop as New'). */
export const cropSlide = (videoId: VideoRef, imageId: number, crop: CropRect, asNew = false) =>
  sendJson<{ slide: Slide }>('POST', '/r/slides/crop/', { videoId, imageId, ...crop, ...(asNew ? { asNew: true } : {}) });

export const revertSlide = (videoId: VideoRef, slideId: number) => sendJson<{ slide: Slide }>('POST', '/r/slides/revert', { slideId, videoId });

/** `coords` is the start and end rectangle in crop space (CONVENTIONS: effect_data.kenburns). */
export const saveKenBurns = (videoId: VideoRef, slideId: number, coords: [CropRect, CropRect]) =>
  sendJson<unknown>('POST', '/r/effects/save_ken_burns', { coords, slideId, videoId });

/** A short render of the motion by the engine: `coords` as drawn, or the saved custom zoom without them. */
export const previewKenBurns = (videoId: VideoRef, slideId: number, coords: [CropRect, CropRect] | null) =>
  sendJson<{ url: string; seconds: number; width: number; height: number }>('POST', '/r/effects/preview_ken_burns', { slideId, videoId, ...(coords ? { coords } : {}) });

/** GET /r/slides/{id}/inspect: what the photo inspection dialog shows. */
export interface SlideInspection {
  fileName: string | null;
  type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  takenAt: string | null;
  uploadedAt: string;
  camera: string | null;
}
export const fetchSlideInspection = (slideId: number) => getJson<SlideInspection>(`/r/slides/${slideId}/inspect`);

export const clearKenBurns = (videoId: VideoRef, slideId: number) => sendJson<unknown>('POST', '/r/effects/clear_ken_burns', { slideId, videoId });

/** Upload and replace: the new file under `uploadfile`; the reply's slide replaces the old one. */
export const replaceSlideImage = (videoId: VideoRef, slideId: number, file: Blob, signal?: AbortSignal) =>
  sendFile<{ slide: Slide }>(withSecurityHash(`/slides/edit_slide_image/${videoId}/${slideId}`), 'uploadfile', file, { signal, alertErrors: false });

/** The fonts captions and text slides may use, by their stored names; each file is served for previews. */
export const fetchSlideFonts = () => getJson<{ fonts: string[] }>('/r/slide_fonts');
export const slideFontUrl = (name: string) => `/r/slide_fonts/${encodeURIComponent(name)}`;
