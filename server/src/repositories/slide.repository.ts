import type { Knex } from 'knex';
import type { Db } from '../db/database.ts';
import type { ProcessingState, SlideFields } from '../wire/slide.ts';

/** A slide's row: the fields it shares with its wire shape, and the columns only the server reads. */
export interface SlideRow extends SlideFields<Date> {
  position: number;
  tus_id: string | null;
  orig_filename: string | null;
  mime: string | null;
  sha256: string | null;
  fingerprint: string | null;
  upload_activity_at: Date | null;
  via_upload_link: boolean;
  deleted_at: Date | null;
  updated_at: Date;
}

/** Columns a copy of a slide takes over (everything but identity, position and timestamps). */
const COPY_OMIT = new Set(['id', 'position', 'tus_id', 'upload_id', 'created_at', 'updated_at', 'deleted_at']);
const JSON_COLUMNS = ['crop', 'redeyes', 'blemishes', 'effect_data'] as const;

/** knex hands plain arrays to pg as PostgreSQL arrays: jsonb columns need JSON text. */
function encode(values: Partial<SlideRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const col of JSON_COLUMNS) if (col in out && out[col] !== null) out[col] = JSON.stringify(out[col]);
  return out;
}

export function slideRepository(db: Db) {
  const active = (q: Knex.QueryBuilder) => q.whereNull('deleted_at').whereIn('processing_state', ['pending', 'ready']);
  return {
    /** The grid's slides in order: not deleted and not still uploading. */
    async listActive(videoId: number): Promise<SlideRow[]> {
      return db<SlideRow>('slides').where({ video_id: videoId }).modify(active).orderBy([{ column: 'position' }, { column: 'id' }]);
    },
    async listDeleted(videoId: number): Promise<SlideRow[]> {
      return db<SlideRow>('slides').where({ video_id: videoId }).whereNotNull('deleted_at').whereNot('processing_state', 'uploading').orderBy('deleted_at', 'desc');
    },
    async find(id: number): Promise<SlideRow | undefined> {
      if (!Number.isSafeInteger(id) || id <= 0) return undefined;
      return db<SlideRow>('slides').where({ id }).first();
    },
    async findByTusId(tusId: string): Promise<SlideRow | undefined> {
      return db<SlideRow>('slides').where({ tus_id: tusId }).first();
    },
    /** The slides of one video among `ids` (others are silently not found). */
    async findMany(videoId: number, ids: number[], trx: Knex | Knex.Transaction = db): Promise<SlideRow[]> {
      const clean = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
      if (!clean.length) return [];
      return trx<SlideRow>('slides').where({ video_id: videoId }).whereIn('id', clean);
    },
    async insert(values: Partial<SlideRow> & { video_id: number }, trx: Knex | Knex.Transaction = db): Promise<SlideRow> {
      const [row] = await trx('slides').insert(encode(values)).returning('*');
      return row as SlideRow;
    },
    async update(id: number, values: Partial<SlideRow>): Promise<SlideRow> {
      const [row] = await db('slides').where({ id }).update({ ...encode(values), updated_at: db.fn.now() }).returning('*');
      return row as SlideRow;
    },
    async updateMany(videoId: number, ids: number[], values: Partial<SlideRow>): Promise<void> {
      await db('slides').where({ video_id: videoId }).whereIn('id', ids).update({ ...encode(values), updated_at: db.fn.now() });
    },
    async nextPosition(videoId: number, trx: Knex | Knex.Transaction = db): Promise<number> {
      const row = await trx('slides').where({ video_id: videoId }).max<{ max: number | null }>('position as max').first();
      return (row?.max ?? 0) + 1;
    },
    /** Rewrites positions 1..n in the given order; slides not named keep their relative order after them. */
    async reorder(videoId: number, orderedIds: number[]): Promise<void> {
      await db.transaction(async (trx) => {
        const rows = await trx('slides').where({ video_id: videoId }).orderBy([{ column: 'position' }, { column: 'id' }]).select<{ id: number }[]>('id');
        const named = new Set(orderedIds);
        const order = [...orderedIds, ...rows.map((r) => r.id).filter((id) => !named.has(id))];
        if (!order.length) return;
        await trx.raw(
          `UPDATE slides SET position = o.pos, updated_at = now() FROM unnest(?::int[]) WITH ORDINALITY AS o(id, pos)
           WHERE slides.id = o.id AND slides.video_id = ?`,
          [order, videoId],
        );
      });
    },
    /** Copies each slide right after its original; answers the copies. Within `outer` when given (a savepoint). */
    async duplicate(videoId: number, ids: number[], outer: Knex | Knex.Transaction = db): Promise<SlideRow[]> {
      return outer.transaction(async (trx) => {
        const rows = await trx<SlideRow>('slides').where({ video_id: videoId }).orderBy([{ column: 'position' }, { column: 'id' }]);
        const wanted = new Set(ids);
        const copies: SlideRow[] = [];
        const order: number[] = [];
        for (const row of rows) {
          order.push(row.id);
          if (!wanted.has(row.id) || row.deleted_at) continue;
          const values = Object.fromEntries(Object.entries(row).filter(([k]) => !COPY_OMIT.has(k))) as Partial<SlideRow>;
          const copy = await this.insert({ ...values, video_id: videoId, position: row.position }, trx);
          copies.push(copy);
          order.push(copy.id);
        }
        await trx.raw(
          `UPDATE slides SET position = o.pos FROM unnest(?::int[]) WITH ORDINALITY AS o(id, pos) WHERE slides.id = o.id`,
          [order],
        );
        return copies;
      });
    },
    async softDelete(videoId: number, ids: number[]): Promise<number[]> {
      const rows = await db('slides')
        .where({ video_id: videoId })
        .whereIn('id', ids)
        .whereNull('deleted_at')
        .update({ deleted_at: db.fn.now(), updated_at: db.fn.now() })
        .returning<{ id: number }[]>('id');
      return rows.map((r) => r.id);
    },
    async undelete(videoId: number, ids: number[], trx: Knex | Knex.Transaction = db): Promise<number[]> {
      const rows = await trx('slides')
        .where({ video_id: videoId })
        .whereIn('id', ids)
        .whereNotNull('deleted_at')
        .whereIn('processing_state', ['pending', 'ready'])
        .update({ deleted_at: null, updated_at: db.fn.now() })
        .returning<{ id: number }[]>('id');
      return rows.map((r) => r.id);
    },
    /**
     * Runs `work` in a transaction holding the video's row lock, so calls that add slides to one video take turns
     * (a count made under the lock stays true until the transaction ends). `work` gets the video's upload-link
     * limit as it is now, and must do all its reads and writes through `trx`.
     */
    async withVideoLock<T>(videoId: number, work: (trx: Knex.Transaction, uploadLinkLimit: number | null) => Promise<T>): Promise<T> {
      return db.transaction(async (trx) => {
        const video = await trx('videos').where({ id: videoId }).forUpdate().first<{ upload_link_limit: number | null } | undefined>('upload_link_limit');
        return work(trx, video?.upload_link_limit ?? null);
      });
    },
    /** Slides that count against an upload limit: every slide not deleted, including uploads under way. */
    async countLive(videoId: number, trx: Knex | Knex.Transaction = db): Promise<number> {
      const row = await trx('slides').where({ video_id: videoId }).whereNull('deleted_at').count<{ count: number }[]>('* as count').first();
      return Number(row?.count ?? 0);
    },
    async inState(state: ProcessingState): Promise<SlideRow[]> {
      return db<SlideRow>('slides').where({ processing_state: state }).whereNull('deleted_at');
    },
    async staleUploads(before: Date): Promise<SlideRow[]> {
      return db<SlideRow>('slides').where({ processing_state: 'uploading' }).whereNull('deleted_at').where('upload_activity_at', '<', before);
    },
  };
}

export type SlideRepository = ReturnType<typeof slideRepository>;
