import type { OutboxRepository, OutboxRow } from '../repositories/outbox.repository.ts';
import type { WireOutboxMessage, WireOutboxPage } from '../wire/outbox.ts';

export const OUTBOX_PAGE_SIZES = [25, 50, 100];

const toWire = (row: OutboxRow): WireOutboxMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  from_name: row.from_name,
  reply_to: row.reply_to,
  subject: row.subject,
  body: row.body,
  created_at: new Date(row.created_at).toISOString(),
  sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  attempts: row.attempts,
  last_error: row.last_error,
});

/** Reading every message the product sent or kept (super users): newest first, searchable by recipient. */
export function outboxService(outbox: OutboxRepository) {
  return {
    async list(query: { q?: unknown; page?: number; perPage?: number }): Promise<WireOutboxPage> {
      const perPage = OUTBOX_PAGE_SIZES.includes(query.perPage ?? NaN) ? query.perPage! : OUTBOX_PAGE_SIZES[0];
      const page = Number.isSafeInteger(query.page) && query.page! > 0 ? query.page! : 1;
      const q = typeof query.q === 'string' ? query.q.trim().slice(0, 320) : '';
      const { rows, total } = await outbox.page((page - 1) * perPage, perPage, q || undefined);
      return { messages: rows.map(toWire), total };
    },
  };
}
