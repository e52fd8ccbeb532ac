import { filledEntries, isValidEmail, isValidPhone, keepsLink, phoneToE164, SMS_LIMIT, smsLength } from '../../../common/share-rules.ts';
import { AppError } from '../http/errors.ts';
import type { Body } from '../http/request.ts';
import type { ShareLogListRow, ShareLogRepository } from '../repositories/share-log.repository.ts';
import type { WireSent, WireShareLogRow } from '../wire/share.ts';
import type { MailService } from './mail.service.ts';
import type { SmsService } from './sms.service.ts';
import type { VideoAccess } from './video-access.ts';

/** Enough for a family's circle; more looks like a mailing list, which this is not. */
export const MAX_EMAIL_RECIPIENTS = 50;
export const MAX_SMS_RECIPIENTS = 20;
const MESSAGE_MAX = 10_000;

export const SHARE_ERRORS = {
  noEmail: 'Enter at least one email address.',
  badEmail: (address: string) => `${address} is not a valid email address.`,
  tooManyEmails: `Send to at most ${MAX_EMAIL_RECIPIENTS} addresses at a time.`,
  badReplyTo: 'The reply address is not a valid email address.',
  noPhone: 'Enter at least one phone number.',
  badPhone: (number: string) => `${number} is not a phone number of the form (NNN) NNN-NNNN.`,
  tooManyPhones: `Send to at most ${MAX_SMS_RECIPIENTS} numbers at a time.`,
  tooLong: `A text message holds at most ${SMS_LIMIT} characters.`,
  lostLink: 'The message must keep the link, on a new line.',
  foreignLink: 'Only links to this site can be shared.',
} as const;

const bad = (message: string): never => {
  throw new AppError(400, message);
};

function text(body: Body, key: string, max: number): string {
  const value = body[key] ?? '';
  if (typeof value !== 'string') return bad(`${key} must be text.`);
  if (value.length > max) return bad(`${key} is too long.`);
  return value;
}

function list(body: Body, key: string): string[] {
  const value = body[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return bad(`${key} must be a list of text.`);
  return filledEntries(value as string[]);
}

/** The kind of thing shared ('upload_link', 'video' ...), as the share log groups it. */
export function shareTypeOf(value: unknown): string {
  const type = value === undefined || value === null || value === '' ? 'video' : value;
  return typeof type === 'string' && /^[a-z_]{1,50}$/.test(type) ? type : bad('share_type is not valid.');
}

/** The product's own address and anything under it; the share endpoints never carry another site's link. */
export const isOwnLink = (link: string, publicUrl: string): boolean => link === publicUrl || link.startsWith(`${publicUrl}/`);

export interface EmailShare {
  link: string;
  emails: string[];
  message: string;
  subject: string;
  fromName: string;
  replyTo: string;
  shareType: string;
}

export function parseEmailShare(body: Body, publicUrl: string): EmailShare {
  const link = text(body, 'link', 2000);
  if (!isOwnLink(link, publicUrl)) bad(SHARE_ERRORS.foreignLink);
  const emails = list(body, 'emails');
  if (emails.length === 0) bad(SHARE_ERRORS.noEmail);
  if (emails.length > MAX_EMAIL_RECIPIENTS) bad(SHARE_ERRORS.tooManyEmails);
  const wrong = emails.find((address) => !isValidEmail(address));
  if (wrong !== undefined) bad(SHARE_ERRORS.badEmail(wrong));
  const replyTo = text(body, 'reply_to', 320).trim();
  if (replyTo && !isValidEmail(replyTo)) bad(SHARE_ERRORS.badReplyTo);
  const message = text(body, 'message', MESSAGE_MAX);
  if (!keepsLink(message, link)) bad(SHARE_ERRORS.lostLink);
  return {
    link,
    emails: [...new Set(emails.map((e) => e.toLowerCase()))],
    message,
    subject: text(body, 'subject', 250).trim(),
    fromName: text(body, 'from_name', 250).trim(),
    replyTo,
    shareType: shareTypeOf(body.share_type),
  };
}

export interface SmsShare {
  numbers: string[];
  message: string;
  shareType: string;
}

export function parseSmsShare(body: Body, publicUrl: string): SmsShare {
  const numbers = list(body, 'numbers');
  if (numbers.length === 0) bad(SHARE_ERRORS.noPhone);
  if (numbers.length > MAX_SMS_RECIPIENTS) bad(SHARE_ERRORS.tooManyPhones);
  const wrong = numbers.find((n) => !isValidPhone(n));
  if (wrong !== undefined) bad(SHARE_ERRORS.badPhone(wrong));
  const message = text(body, 'message', 1000);
  if (smsLength(message) > SMS_LIMIT) bad(SHARE_ERRORS.tooLong);
  // No link field here: the message must carry one of this site's links on a line of its own.
  const lineStarts = [...message.replace(/\r\n/g, '\n').matchAll(/\n(\S+)/g)].map((m) => m[1]);
  if (!lineStarts.some((word) => isOwnLink(word, publicUrl))) bad(SHARE_ERRORS.lostLink);
  return { numbers: [...new Set(numbers)], message, shareType: shareTypeOf(body.share_type) };
}

export function toShareLogRow(row: ShareLogListRow): WireShareLogRow {
  return {
    id: row.id,
    user_full_name: row.user_name || row.user_email || '',
    method: row.method,
    recipient: row.recipient,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface ShareDeps {
  mail: Pick<MailService, 'send'>;
  sms: Pick<SmsService, 'send'>;
  shareLogs: ShareLogRepository;
  publicUrl: string;
}

/** Sending a video's link by email or text message, and the log of who sent what to whom. */
export function shareService({ mail, sms, shareLogs, publicUrl }: ShareDeps) {
  return {
    async sendEmail({ video, user }: VideoAccess, body: Body): Promise<WireSent> {
      const share = parseEmailShare(body, publicUrl);
      for (const to of share.emails) {
        await mail.send({
          to,
          subject: share.subject || video.title,
          body: share.message,
          fromName: share.fromName || undefined,
          replyTo: share.replyTo || undefined,
        });
      }
      await shareLogs.addMany(
        share.emails.map((recipient) => ({ video_id: video.id, user_id: user?.id ?? null, share_type: share.shareType, method: 'email', recipient })),
      );
      return { success: true, sent: share.emails.length };
    },

    async sendSms({ video, user }: VideoAccess, body: Body): Promise<WireSent> {
      const share = parseSmsShare(body, publicUrl);
      const sent: string[] = [];
      try {
        for (const number of share.numbers) {
          await sms.send(phoneToE164(number), share.message);
          sent.push(number);
        }
      } finally {
        await shareLogs.addMany(
          sent.map((recipient) => ({ video_id: video.id, user_id: user?.id ?? null, share_type: share.shareType, method: 'sms', recipient })),
        );
      }
      return { success: true, sent: sent.length };
    },

    async log(videoId: number, shareType: string | undefined): Promise<WireShareLogRow[]> {
      return (await shareLogs.list(videoId, shareType)).map(toShareLogRow);
    },
  };
}

export type ShareService = ReturnType<typeof shareService>;
