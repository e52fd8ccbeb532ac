/** Wire shapes of sharing (spec 1, sections 2.12, 5 and 7; spec 3, section 7 share logs). */

/** How a share went out; the share_logs table also knows 'copy' and 'qr'. */
export type ShareMethod = 'email' | 'sms';

/** A row of GET /share_logs.json. */
export interface WireShareLogRow {
  id: number;
  user_full_name: string;
  method: string;
  recipient: string;
  created_at: string;
}

/** GET /share_logs.json?video_id=&share_type= */
export type WireShareLog = WireShareLogRow[];

/** POST /r/messages/send_email */
export interface WireSendEmail {
  link: string;
  emails: string[];
  message: string;
  subject: string;
  from_name: string;
  reply_to: string;
  video_id: number;
  share_type: string;
}

/** POST /r/messages/send_sms */
export interface WireSendSms {
  numbers: string[];
  message: string;
  video_id: number;
  share_type: string;
}

/** Both sends answer how many messages went out. */
export interface WireSent {
  success: true;
  sent: number;
}

/** What a share toolbar offers in its dialogs before the user edits them (spec 1, section 3 "Share props"). */
export interface WireShareDefaults {
  email_subject: string;
  email: string;
  text: string;
  from_name: string;
  reply_to: string;
}
