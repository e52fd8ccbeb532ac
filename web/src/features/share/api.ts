import type { WireSendEmail, WireSendSms, WireSent } from '../../../../server/src/wire/share.ts';
import { sendJson, withQuery, type Camelized } from '../../api/index.ts';

export type EmailShare = Camelized<WireSendEmail>;
export type SmsShare = Camelized<WireSendSms>;
export type Sent = Camelized<WireSent>;

export const sendShareEmail = (share: EmailShare) => sendJson<Sent>('POST', '/r/messages/send_email', share);

export const sendShareSms = (share: SmsShare) => sendJson<Sent>('POST', '/r/messages/send_sms', share);

/** Spec 1, section 2.12: the QR image and its download are made by this site from the link. */
export const qrInlineUrl = (link: string): string => withQuery('/r/qr/inline', { d: link });

export const qrDownloadUrl = (link: string, title: string): string => withQuery('/r/qr/download', { d: link, t: title });
