import { AppError } from '../http/errors.ts';
import type { OutboxRepository } from '../repositories/outbox.repository.ts';
import type { SmsTransport } from '../repositories/sms.repository.ts';

export const SMS_FAILED = 'The text message could not be sent. Please try again later.';

/**
 * Every text message is written to the outbox (channel 'sms') first, so each one is on record whether or not a
 * provider is configured; with a provider it is sent at once and marked sent, or marked failed (the provider's answer kept in the
 * outbox row) and refused.
 */
export function smsService(outbox: OutboxRepository, transport: SmsTransport | undefined) {
  return {
    async send(to: string, body: string): Promise<void> {
      const row = await outbox.add({ channel: 'sms', recipient: to, subject: '', body });
      if (!transport) return;
      try {
        await transport.send(to, body);
        await outbox.markSent(row.id);
      } catch (err) {
        await outbox.markFailed(row.id, String(err));
        throw new AppError(502, SMS_FAILED);
      }
    },
  };
}

export type SmsService = ReturnType<typeof smsService>;
