import type { Db } from '../db/database.ts';
import type { OutboxFields } from '../wire/outbox.ts';

export type OutboxRow = OutboxFields<Date>;

export function outboxRepository(db: Db) {
  return {
    async add(message: Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'body'> & Partial<OutboxRow>): Promise<OutboxRow> {
      const [row] = await db('outbox').insert(message).returning('*');
      return row as OutboxRow;
    },
    async find(id: number): Promise<OutboxRow | undefined> {
      return db<OutboxRow>('outbox').where({ id }).first();
    },
    async markSent(id: number): Promise<void> {
      await db('outbox').where({ id }).update({ sent_at: new Date(), last_error: null, updated_at: db.fn.now() });
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db('outbox').where({ id }).increment('attempts', 1).update({ last_error: error.slice(0, 2000), updated_at: db.fn.now() });
    },
    async page(offset: number, limit: number, recipient?: string): Promise<{ rows: OutboxRow[]; total: number }> {
      const base = db<OutboxRow>('outbox').modify((q) => {
        if (recipient) q.whereILike('recipient', `%${recipient}%`);
      });
      const [{ count }] = await base.clone().count<{ count: number }[]>('* as count');
      const rows = await base.clone().orderBy('id', 'desc').offset(offset).limit(limit);
      return { rows, total: Number(count) };
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
