/** Wire shapes of the outbox page (snake_case), shared with the web app through `import type`. */
export interface WireOutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  from_name: string | null;
  reply_to: string | null;
  subject: string;
  body: string;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
}

export interface WireOutboxPage {
  messages: WireOutboxMessage[];
  total: number;
}
