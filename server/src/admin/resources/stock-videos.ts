import { FieldsError } from '../../http/errors.ts';
import type { StockVideoRow } from '../../services/stock-clip-library.service.ts';
import { StockVideoFileProblem, stockVideoFiles } from '../../services/stock-video-files.ts';
import { toWireAdminStockVideo } from '../../wire/stock-admin.wire.ts';
import type { AdminResource } from '../resource.ts';

/**
 * /settings/stock_videos: the stock video library the slide editor's Stock Videos dialog offers
 * (services/stock-clip.service.ts): the clips the engine draws and clips uploaded here, each with its tile still
 * and hover preview. The dialog shows a clip once its files are in place and it is not hidden.
 */
export const stockVideosResource: AdminResource = {
  name: 'stock_videos',
  table: 'stock_videos',
  plural: 'stock_videos',
  singular: 'stock_video',
  fields: [
    { column: 'video_title', label: 'title', kind: 'text', required: true },
    { column: 'tags', label: 'tags', kind: 'text', max: 500, blank: '' },
    { column: 'disabled', label: 'hidden', kind: 'bool' },
  ],
  searchable: ['stock_videos.video_title', 'stock_videos.tags'],
  order: 'lower(stock_videos.video_title), stock_videos.id',
  remove: 'delete',
  attachment: {
    field: 'file',
    label: 'video',
    maxBytes: 100 * 1024 * 1024,
    required: true,
    types: ['video/mp4', 'video/quicktime'],
    typesLabel: 'an MP4 or MOV video',
    prefix: 'stock_videos',
    // Probed, and given its still and preview, instead of kept as it came (services/stock-video-files.ts).
    async store(id, file, storage) {
      try {
        return await stockVideoFiles(storage)(id, file.buffer);
      } catch (err) {
        if (err instanceof StockVideoFileProblem) throw new FieldsError({ file: err.message });
        throw err;
      }
    },
  },
  toWire: (row) => toWireAdminStockVideo(row as unknown as StockVideoRow & { updated_at: Date }),
};
