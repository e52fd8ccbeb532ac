import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { WireSlide } from '../wire/slide.ts';
import type { WireStockVideo, WireStockVideosData } from '../wire/stock.ts';
import { addWithinLinkLimit } from './link-limit.ts';
import { CAPTION_FONT } from './slide-attributes.ts';
import type { Caller, SlideService } from './slide.service.ts';
import type { StockClipLibrary, StockVideoRow } from './stock-clip-library.service.ts';

export interface StockClipServiceDeps {
  db: Db;
  slides: SlideRepository;
  storage: StorageRepository;
  library: StockClipLibrary;
  /** Probes a clip slide and makes its thumbnail and browser proxy, as for an uploaded clip. */
  process(slideId: number): Promise<void>;
  toWire: Pick<SlideService, 'list'>;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

/** At most this many clips in one Add N Clips. */
export const MAX_CLIPS_AT_ONCE = 30;

const words = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));

/** Clips sharing a tag word with the theme's tags, most shared first (the dialog's 'Suggested Clips'). */
export function suggestedClips(themeTags: string, clips: readonly Pick<StockVideoRow, 'id' | 'tags'>[], limit = 6): number[] {
  const theme = words(themeTags);
  return clips
    .map((c) => ({ id: c.id, score: [...words(c.tags)].filter((w) => theme.has(w)).length }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, limit)
    .map((c) => c.id);
}

/**
 * A clip's tile still or hover preview. The files are cached a day: their addresses carry the row's version, so a
 * clip replaced on the stock videos page (/settings/stock_videos) is not shown with the old still.
 */
export const stockVideoFileUrl = (row: Pick<StockVideoRow, 'id'> & { updated_at?: Date }, file: 'thumb.jpg' | 'preview.mp4'): string =>
  `/r/stock_videos/${row.id}/${file}${row.updated_at ? `?v=${new Date(row.updated_at).getTime().toString(36)}` : ''}`;

/** The stock video dialog's data and its Add N Clips (spec 2 "Stock video dialog", section 7). */
export function stockClipService(deps: StockClipServiceDeps) {
  async function ready(): Promise<StockVideoRow[]> {
    const rows: StockVideoRow[] = await deps.db('stock_videos').where({ disabled: false }).whereNotNull('file_path').orderBy('video_title');
    const out: StockVideoRow[] = [];
    for (const row of rows) if (await deps.library.placed(row)) out.push(row);
    return out;
  }

  const tile = (row: StockVideoRow): WireStockVideo => ({
    id: row.id,
    video_title: row.video_title,
    tags: row.tags,
    thumb_url: stockVideoFileUrl(row, 'thumb.jpg'),
    preview_url: stockVideoFileUrl(row, 'preview.mp4'),
    duration: row.duration ?? 0,
  });

  return {
    async list(caller: Caller): Promise<WireStockVideosData> {
      const video = caller.access.video;
      const clips = await ready();
      const themeId = video.custom_theme_id
        ? ((await deps.db('custom_themes').where({ id: video.custom_theme_id }).first('theme_id'))?.theme_id ?? video.theme_id)
        : video.theme_id;
      const theme = themeId ? await deps.db('themes').where({ id: themeId }).first<{ tags: string; theme_title: string } | undefined>('tags', 'theme_title') : undefined;
      return {
        theme_clips: theme ? suggestedClips(`${theme.tags} ${theme.theme_title}`, clips) : [],
        videos: clips.map(tile),
        preparing: await deps.library.preparing(),
      };
    },

    /** Adds one clip slide per chosen stock clip, at the end, in the order chosen; answers the new slides. */
    async add(caller: Caller, ids: number[]): Promise<WireSlide[]> {
      if (!ids.length) throw new AppError(400, 'Choose at least one clip.');
      if (ids.length > MAX_CLIPS_AT_ONCE) throw new AppError(400, `Add at most ${MAX_CLIPS_AT_ONCE} clips at once.`);
      const byId = new Map((await ready()).map((r) => [r.id, r]));
      const chosen = ids.map((id) => byId.get(id));
      if (chosen.some((c) => !c)) throw new AppError(404, 'That clip is not available.');
      const videoId = caller.access.video.id;
      const rows = await addWithinLinkLimit(
        deps.slides,
        caller.access,
        () => chosen.length,
        async (trx) => {
          const added: SlideRow[] = [];
          for (const clip of chosen as StockVideoRow[]) {
            added.push(
              await deps.slides.insert(
                {
                  video_id: videoId,
                  position: await deps.slides.nextPosition(videoId, trx),
                  orig_filename: `${clip.video_title}.mp4`,
                  stock_video_id: clip.id,
                  font: CAPTION_FONT,
                  processing_state: 'pending',
                  via_upload_link: caller.access.linkLevel !== undefined,
                },
                trx,
              ),
            );
          }
          return added;
        },
      );
      // Each slide gets its own copy of the clip, so it is an uploaded clip to everything after this point.
      for (const [i, row] of rows.entries()) {
        const clip = chosen[i]!;
        const key = `videos/${videoId}/slides/${row.id}/original.mp4`;
        const data = await deps.storage.read(clip.file_path!);
        if (!data) throw Object.assign(new Error(`Not in storage: ${clip.file_path}`), { code: 'ENOENT' });
        await deps.storage.write(key, data);
        await deps.slides.update(row.id, { orig_path: key, mime: 'video/mp4', bytes: data.length });
        await deps.process(row.id);
      }
      await deps.notify(videoId, caller.socketId);
      const wanted = new Set(rows.map((r) => r.id));
      return (await deps.toWire.list(caller)).filter((s) => wanted.has(s.id));
    },
  };
}

export type StockClipService = ReturnType<typeof stockClipService>;
