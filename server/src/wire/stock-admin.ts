/**
 * Wire shapes of the super drawer's stock libraries (/settings/stock_texts and /settings/stock_videos): the very
 * records the slide editor's stock text and stock video dialogs read (wire/stock.ts), with what an administrator
 * edits beside them. Imported by the web as types.
 */
/** A row of GET /r/settings/stock_text_categories (admin/resources/stock-text-categories.ts). */
export interface WireStockTextCategory {
  id: number;
  name: string;
  /** How many texts are filed under it. */
  texts: number;
}

export interface WireAdminStockText {
  id: number;
  text_title: string;
  author_name: string;
  text: string;
  category_ids: number[];
  /** Hidden from the slide editor's dialog. */
  disabled: boolean;
}

export interface WireAdminStockVideo {
  id: number;
  video_title: string;
  tags: string;
  /** Seconds; null until its file is in place. */
  duration: number | null;
  /** Hidden from the slide editor's dialog. */
  disabled: boolean;
  /** 'engine': drawn by the library preparation (media/stock-clips.ts); 'upload': a file an administrator uploaded. */
  source: 'engine' | 'upload';
  /** Null until the clip's files are in place. */
  thumb_url: string | null;
  preview_url: string | null;
}
