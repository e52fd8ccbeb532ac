/** Wire shapes of the outbox page (snake_case), shared with the web app through `import type`. */
/** One message of the outbox, defined once: the row (repositories/outbox.repository.ts) is `OutboxFields<Date>`. */
export interface OutboxFields<Time = string> {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  from_name: string | null;
  reply_to: string | null;
  subject: string;
  body: string;
  created_at: Time;
  sent_at: Time | null;
  attempts: number;
  last_error: string | null;
}

export type WireOutboxMessage = OutboxFields;

export interface WireOutboxPage {
  messages: WireOutboxMessage[];
  total: number;
}
