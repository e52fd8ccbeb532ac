import type { StockVideoRow } from '../services/stock-clip-library.service.ts';
import { stockVideoFileUrl } from '../services/stock-clip.service.ts';
import type { WireAdminStockVideo } from './stock-admin.ts';

export const toWireAdminStockVideo = (row: StockVideoRow & { updated_at: Date }): WireAdminStockVideo => ({
  id: row.id,
  video_title: row.video_title,
  tags: row.tags,
  duration: row.duration,
  disabled: row.disabled,
  source: row.generator ? 'engine' : 'upload',
  thumb_url: row.thumb_path ? stockVideoFileUrl(row, 'thumb.jpg') : null,
  preview_url: row.preview_path ? stockVideoFileUrl(row, 'preview.mp4') : null,
});
