import type { StockVideoRow } from '../services/stock-clip-library.service.ts';
import type { WireAdminStockVideo } from './stock-admin.ts';

/** The tile's files, with the row's version: a replaced clip's still must not be the browser's day-old copy. */
const tileUrl = (row: StockVideoRow & { updated_at: Date }, key: string | null, file: string): string | null =>
  key ? `/r/stock_videos/${row.id}/${file}?v=${new Date(row.updated_at).getTime().toString(36)}` : null;

export const toWireAdminStockVideo = (row: StockVideoRow & { updated_at: Date }): WireAdminStockVideo => ({
  id: row.id,
  video_title: row.video_title,
  tags: row.tags,
  duration: row.duration,
  disabled: row.disabled,
  source: row.generator ? 'engine' : 'upload',
  thumb_url: tileUrl(row, row.thumb_path, 'thumb.jpg'),
  preview_url: tileUrl(row, row.preview_path, 'preview.mp4'),
});
