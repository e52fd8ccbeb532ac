import type { Queue } from '../jobs/queue.ts';
import type { OutboxRepository } from '../repositories/outbox.repository.ts';
import type { MailTransport } from '../repositories/smtp.repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  fromName?: string;
  replyTo?: string;
}

/**
 * Every message is written to the outbox first, so nothing is lost when SMTP is down or absent;
 * a job then delivers it when SMTP is configured. Super users read the outbox at /settings/outbox.
 */
export function mailService(outbox: OutboxRepository, queue: Pick<Queue, 'send'> | undefined, transport: MailTransport | undefined) {
  return {
    async send(mail: OutgoingMail): Promise<number> {
      const row = await outbox.add({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        from_name: mail.fromName ?? null,
        reply_to: mail.replyTo ?? null,
      });
      if (transport && queue) await queue.send('mail.deliver', { outboxId: row.id });
      return row.id;
    },

    async deliver(outboxId: number): Promise<void> {
      const row = await outbox.find(outboxId);
      if (!row || row.sent_at || !transport) return;
      try {
        await transport.send({ to: row.recipient, subject: row.subject, text: row.body, fromName: row.from_name, replyTo: row.reply_to });
        await outbox.markSent(row.id);
      } catch (err) {
        await outbox.markFailed(row.id, String(err));
        throw err; // pg-boss retries with backoff
      }
    },
  };
}

export type MailService = ReturnType<typeof mailService>;
