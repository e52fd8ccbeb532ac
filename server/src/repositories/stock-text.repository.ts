import type { Db } from '../db/database.ts';

export interface StockTextRow {
  id: number;
  text_title: string;
  author_name: string;
  text: string;
  categories: { id: number; name: string }[];
}

/** Most previous captions the Reuse Text dialog lists. */
export const PREVIOUS_CAPTIONS_LIMIT = 100;

export function stockTextRepository(db: Db) {
  return {
    /** Enabled texts with their categories, by title; a text without a category is left out (spec 2 section 3). */
    async list(): Promise<StockTextRow[]> {
      const texts = await db('stock_texts').where({ disabled: false }).orderBy('text_title').select<Omit<StockTextRow, 'categories'>[]>('id', 'text_title', 'author_name', 'text');
      const links = await db('stock_text_category_links as l')
        .join('stock_text_categories as c', 'c.id', 'l.stock_text_category_id')
        .orderBy('c.id')
        .select<{ stock_text_id: number; id: number; name: string }[]>('l.stock_text_id', 'c.id', 'c.name');
      const byText = new Map<number, { id: number; name: string }[]>();
      for (const link of links) {
        const list = byText.get(link.stock_text_id) ?? [];
        list.push({ id: link.id, name: link.name });
        byText.set(link.stock_text_id, list);
      }
      return texts.filter((t) => byText.has(t.id)).map((t) => ({ ...t, categories: byText.get(t.id) ?? [] }));
    },

    /**
     * Text-slide captions written before, newest first and each once: from every live video of `ownerId` when the
     * caller is that staff user's organization, else (a family link) from this video only.
     */
    async previousCaptions(scope: { videoId: number; ownerId: number | null }): Promise<string[]> {
      const rows = await db('slides as s')
        .join('videos as v', 'v.id', 's.video_id')
        .where('s.is_text', true)
        .whereNull('s.deleted_at')
        .whereNull('v.deleted_at')
        .whereRaw("btrim(coalesce(s.slide_caption, '')) <> ''")
        .modify((q) => {
          if (scope.ownerId !== null) q.where((w) => w.where('v.user_id', scope.ownerId).orWhere('v.id', scope.videoId));
          else q.where('v.id', scope.videoId);
        })
        .groupBy('s.slide_caption')
        .orderByRaw('max(s.updated_at) desc')
        .limit(PREVIOUS_CAPTIONS_LIMIT)
        .select<{ slide_caption: string }[]>('s.slide_caption');
      return rows.map((r) => r.slide_caption);
    },
  };
}

export type StockTextRepository = ReturnType<typeof stockTextRepository>;
