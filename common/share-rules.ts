/**
 * Sharing rules of spec 1, section 5 (email and text-message shares). Pure, so the dialogs and the server
 * judge addresses, numbers and messages the same way.
 */

/** Spec 1, section 9: a text message holds at most 140 characters. */
export const SMS_LIMIT = 140;
export const EMAIL_MAX_LENGTH = 320;

/** One address, no display name: a local part, an @ and a dotted domain whose labels are letters, digits and dashes. */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}

/** Spec 1, section 5: (NNN) NNN-NNNN, and the first digit is 1 to 9. */
const PHONE = /^\([1-9]\d{2}\) \d{3}-\d{4}$/;

export const isValidPhone = (value: string): boolean => PHONE.test(value.trim());

/** The ten digits of a valid number, as an E.164 North American number for the provider. */
export const phoneToE164 = (value: string): string => `+1${value.replace(/\D/g, '')}`;

/**
 * The input mask: whatever is typed becomes (NNN) NNN-NNNN as far as it goes. Separators appear only once a
 * digit follows them, so deleting backwards never gets stuck on a bracket or a dash.
 */
export function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Spec 1, section 5: an edited message must still hold the link, with a line break right before it. */
export function keepsLink(message: string, link: string): boolean {
  return link.length > 0 && message.replace(/\r\n/g, '\n').includes(`\n${link}`);
}

/** Spec 1, section 5: the text message is sent with a trailing space appended (once). */
export const withTrailingSpace = (message: string): string => (message.endsWith(' ') ? message : `${message} `);

/** The length the 140-character counter shows: the message as typed, without the appended space. */
export const smsLength = (message: string): number => [...message.replace(/ $/, '')].length;

/** The entries of a recipient list worth sending: trimmed, not empty (spec 1, section 5: empty entries are dropped). */
export const filledEntries = (entries: string[]): string[] => entries.map((e) => e.trim()).filter((e) => e !== '');
