/** A slide as the server sends it (spec 2 section 3). The web camelizes it once in web/src/api. */
export interface WireCrop {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

export type ProcessingState = 'uploading' | 'pending' | 'ready' | 'failed';

/**
 * The slide editor's tool images (spec 2: big_sans_{tool}_url): the big image with every edit but the tool's own
 * (crop and straighten: the whole photo, unstraightened and uncropped). big_blemish_blur_url is the photo without
 * blemish strokes, smoothed as the concealer smooths, for the brush preview. Null for clips and text slides.
 */
export interface WireToolUrls {
  big_sans_crop_url: string | null;
  big_sans_straighten_url: string | null;
  big_sans_color_url: string | null;
  big_sans_redeyes_url: string | null;
  big_sans_blemishes_url: string | null;
  big_blemish_blur_url: string | null;
}

/** What the photo inspection dialog shows (GET /r/slides/{id}/inspect). */
export interface WireSlideInspection {
  file_name: string | null;
  /** MIME type of the original. */
  type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  /** When the photo was taken (EXIF), else null. */
  taken_at: string | null;
  uploaded_at: string;
  /** EXIF make and model, e.g. 'Canon EOS 5D', else null. */
  camera: string | null;
}

/**
 * The columns a slide's row and its wire shape both carry, defined once: the row (repositories/slide.repository.ts)
 * holds them with `Time = Date`, the answers with ISO strings. A new column the app shows goes here, once.
 */
export interface SlideFields<Time = string> {
  id: number;
  video_id: number;
  upload_id: string | null;
  is_text: boolean;
  is_video: boolean;
  stock_video_id: number | null;
  /** The original file name as uploaded (sort by filename, inspection dialog title). */
  orig_path: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  /** When the photo was taken, from its metadata. */
  datetime: Time | null;
  processing_state: ProcessingState;
  processing_error: string | null;
  angle: number;
  crop: WireCrop | null;
  hue: number;
  brightness: number;
  contrast: number;
  saturation: number;
  redeyes: [number, number, number][];
  blemishes: [number, number, number][];
  straighten: number;
  enhance: boolean;
  has_been_edited: boolean;
  clip_start: number | null;
  clip_end: number | null;
  clip_duration: number | null;
  clip_volume: number;
  duck_volume: number;
  font: string | null;
  font_size: number;
  caption_position: '1' | '2';
  caption_remove_backdrop: boolean;
  slide_background: number | null;
  slide_caption: string;
  effect_id: number;
  overlay_id: number;
  border_id: number;
  transition_id: number;
  user_set_effect: boolean;
  user_set_overlay: boolean;
  user_set_border: boolean;
  user_set_transition: boolean;
  effect_data: { kenburns: [WireCrop, WireCrop] } | null;
  slide_time: number | null;
  user_set_slide_time: boolean;
  duplicate: boolean | null;
  /** Upload time (the upload-time sort uses the id, this is for the inspection dialog). */
  created_at: Time;
}

/** The tool image URLs come with every slide the slide calls answer (list, save, crop, revert, replace). */
export interface WireSlide extends SlideFields, Partial<WireToolUrls> {
  index: number;
  type: 'image' | 'text';
  thumb_url: string | null;
  square_url: string | null;
  cover_thumb_url: string | null;
  big_url: string | null;
  cover_big_url: string | null;
  huge_url: string | null;
  /** Browser-playable H.264 proxy of a clip. */
  video_url: string | null;
  deleted: boolean;
}

export interface WireSlideListMeta {
  transitions: WireLookList;
  effects: WireLookList;
  overlays: WireLookList;
  borders: WireLookList;
  backgrounds: WireLookList;
  background_options: { value: number; label: string }[];
  cover_photo_ratio: number;
  upload_link_limit: number | null;
  show_sample_button: boolean;
  download_url: string;
  read_only: boolean;
  /** False for an upload-only family link: the grid offers uploads but no edits. */
  can_edit: boolean;
  is_super: boolean;
  /** Spec 2 "Workspace data" showIdeas: the page polls for rotation ideas (an editor, and the server analyses photos). */
  show_ideas: boolean;
  max_upload_bytes: number;
}

export interface WireLookTile {
  id: number;
  type: string;
  direction: string | null;
  enabled: boolean;
  label: string;
  preview_url: string | null;
  poster_url: string | null;
}

export interface WireLookList {
  order: number[];
  by_id: Record<string, WireLookTile>;
}

export interface WireSlideList {
  slides: WireSlide[];
  meta?: WireSlideListMeta;
}
