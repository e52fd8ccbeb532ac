import type { WireSlide, WireSlideListMeta } from '../../../server/src/wire/slide.ts';
import { getJson, sendJson, withQuery, withSecurityHash } from './http.ts';
import type { Camelized } from './types.ts';

/** Slide calls of spec 2 section 7. `videoAuthOrId` is a video id, or the family link's hash on link pages. */
export type Slide = Camelized<WireSlide>;
export type SlideListMeta = Camelized<WireSlideListMeta>;
export type VideoRef = number | string;

export interface SlideList {
  slides: Slide[];
  meta?: SlideListMeta;
}

export const slideListKey = (video: VideoRef, deleted = false) => ['slides', String(video), deleted] as const;

export function fetchSlideList(video: VideoRef, options: { meta?: boolean; deleted?: boolean } = {}): Promise<SlideList> {
  return getJson<SlideList>(`/slides/slide_list/${encodeURIComponent(String(video))}`, {
    meta: options.meta ? 1 : undefined,
    deleted: options.deleted ? 1 : undefined,
  });
}

export const reorderSlides = (videoId: VideoRef, imageIds: number[]) =>
  sendJson<{ success: boolean }>('POST', '/r/slides/reorder', { imageIds, videoId }, { alertErrors: false });

export const deleteSlides = (videoId: VideoRef, ids: number[]) => sendJson<{ ids: number[] }>('POST', '/r/slides/delete', { ids, videoId });

export const undeleteSlides = (videoId: VideoRef, ids: number[]) => sendJson<{ ids: number[] }>('POST', '/r/slides/undelete', { ids, videoId });

export const duplicateSlides = (videoId: VideoRef, ids: number[]) =>
  sendJson<{ slides: Slide[] }>('POST', '/r/slides/duplicate/', { ids, videoId });

/** `angles[i]` is the change in degrees for `ids[i]`. The reply carries `errorMessage` instead of slides on refusal. */
export const rotateSlides = (videoId: VideoRef, ids: number[], angles: number[]) =>
  sendJson<{ slides?: Slide[]; errorMessage?: string }>('POST', '/slides/rotate/', { ids, angles, videoId }, { alertErrors: false });

export const enhanceSlides = (videoId: VideoRef, ids: number[], value: boolean) =>
  sendJson<{ slides: Slide[] }>('POST', '/r/slides/enhance/', { ids, value, videoId });

/** Creates a text slide when `slideId` is absent (CONVENTIONS). */
export const saveSlide = (videoId: VideoRef, attributes: Partial<Slide> & { slideId?: number }) =>
  sendJson<{ slide: Slide }>('POST', '/slides/save', { ...attributes, videoId });

export const addSampleSlides = (videoId: VideoRef) => sendJson<{ slides: Slide[] }>('POST', '/r/slides/add_sample_slides', { videoId });

export const fetchProcessing = (videoId: VideoRef, ids: number[]) =>
  getJson<{ slides: Pick<Slide, 'id' | 'processingState' | 'processingError'>[] }>('/r/slides/processing', { video_id: String(videoId), ids: ids.join(',') });

export const originalDownloadUrl = (slideId: number) => withSecurityHash(`/r/slides/download/${slideId}`);

export const zipDownloadUrl = (videoId: VideoRef, ids?: number[]) =>
  withSecurityHash(withQuery(`/slides/download_zip/${videoId}`, ids?.length ? { ids: ids.join(',') } : undefined));
