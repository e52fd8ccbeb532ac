import type { SlideRow } from '../repositories/slide.repository.ts';
import type { WireSlide } from './slide.ts';

export interface SlideUrls {
  thumb_url: string | null;
  square_url: string | null;
  big_url: string | null;
  huge_url: string | null;
  cover_thumb_url: string | null;
  cover_big_url: string | null;
  video_url: string | null;
}

export const NO_URLS: SlideUrls = {
  thumb_url: null,
  square_url: null,
  big_url: null,
  huge_url: null,
  cover_thumb_url: null,
  cover_big_url: null,
  video_url: null,
};

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function toWireSlide(row: SlideRow, index: number, urls: SlideUrls): WireSlide {
  return {
    id: row.id,
    video_id: row.video_id,
    index,
    upload_id: row.upload_id,
    type: row.is_text ? 'text' : 'image',
    is_text: row.is_text,
    is_video: row.is_video,
    stock_video_id: row.stock_video_id,
    orig_path: row.orig_filename,
    ...urls,
    angle: row.angle,
    crop: row.crop,
    hue: row.hue,
    brightness: row.brightness,
    contrast: row.contrast,
    saturation: row.saturation,
    redeyes: row.redeyes,
    blemishes: row.blemishes,
    straighten: row.straighten,
    enhance: row.enhance,
    has_been_edited: row.has_been_edited,
    clip_start: row.clip_start,
    clip_end: row.clip_end,
    clip_duration: row.clip_duration,
    clip_volume: row.clip_volume,
    duck_volume: row.duck_volume,
    font: row.font,
    font_size: row.font_size,
    caption_position: row.caption_position,
    caption_remove_backdrop: row.caption_remove_backdrop,
    slide_background: row.slide_background,
    slide_caption: row.slide_caption,
    effect_id: row.effect_id,
    overlay_id: row.overlay_id,
    border_id: row.border_id,
    transition_id: row.transition_id,
    user_set_effect: row.user_set_effect,
    user_set_overlay: row.user_set_overlay,
    user_set_border: row.user_set_border,
    user_set_transition: row.user_set_transition,
    effect_data: row.effect_data,
    slide_time: row.slide_time,
    user_set_slide_time: row.user_set_slide_time,
    duplicate: row.duplicate,
    datetime: iso(row.datetime),
    width: row.width,
    height: row.height,
    bytes: row.bytes === null ? null : Number(row.bytes),
    deleted: row.deleted_at !== null,
    processing_state: row.processing_state,
    processing_error: row.processing_error,
    created_at: new Date(row.created_at).toISOString(),
  };
}
