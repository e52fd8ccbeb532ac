/** Wire shapes of the stock dialogs and the customize-look dialog (spec 2 section 3), imported by the web as types. */
export interface WireStockText {
  id: number;
  text_title: string;
  author_name: string;
  text: string;
  categories: { id: number; name: string }[];
}

/** A stock video tile (spec 2 "Stock video tile"). */
export interface WireStockVideo {
  id: number;
  video_title: string;
  tags: string;
  thumb_url: string;
  preview_url: string;
  duration: number;
}

/** The stock video dialog's data: ids suggested by the video's theme, and every ready clip. */
export interface WireStockVideosData {
  theme_clips: number[];
  videos: WireStockVideo[];
  /** How many clips are still being made by the library preparation. */
  preparing: number;
}

/** The look chosen for a whole video: per type a map of id to selected, and the one background. */
export interface WireLookCustomizations {
  customizations: Record<'transition' | 'effect' | 'overlay' | 'border', Record<string, boolean>>;
  background: number | null;
  can_remember: boolean;
}
