/**
 * The family upload link's access level (spec 1, sections 3 and 4): 0 off, 1 full access, 2 upload only.
 * Pure, so the panel shows what the server will store.
 */

export const LINK_OFF = 0;
export const LINK_FULL_ACCESS = 1;
export const LINK_UPLOAD_ONLY = 2;

export type LinkLevel = typeof LINK_OFF | typeof LINK_FULL_ACCESS | typeof LINK_UPLOAD_ONLY;

export const isLinkLevel = (value: unknown): value is LinkLevel => value === LINK_OFF || value === LINK_FULL_ACCESS || value === LINK_UPLOAD_ONLY;

/** The enable switch: turning it on opens an off link as upload only and keeps an open one as it is; off is 0. */
export function levelAfterSwitch(current: LinkLevel, enabled: boolean): LinkLevel {
  if (!enabled) return LINK_OFF;
  return current === LINK_OFF ? LINK_UPLOAD_ONLY : current;
}

/** The full-access switch moves an open link between 1 and 2; it cannot open a link that is off. */
export function levelAfterFullAccess(current: LinkLevel, fullAccess: boolean): LinkLevel {
  if (current === LINK_OFF) return LINK_OFF;
  return fullAccess ? LINK_FULL_ACCESS : LINK_UPLOAD_ONLY;
}

/** The largest photo limit the settings accept; more than any tribute video holds. */
export const PHOTO_LIMIT_MAX = 10_000;
export const PHOTO_LIMIT_ERROR = `Enter a number of photos from 1 to ${PHOTO_LIMIT_MAX}.`;

export type ParsedLimit = { ok: true; limit: number } | { ok: false; error: string };

/** The photo limit field: a whole number from 1 up (spec 1, section 4: switching the limit on leaves it empty to fill in). */
export function parsePhotoLimit(text: string): ParsedLimit {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: PHOTO_LIMIT_ERROR };
  const limit = Number(trimmed);
  return limit >= 1 && limit <= PHOTO_LIMIT_MAX ? { ok: true, limit } : { ok: false, error: PHOTO_LIMIT_ERROR };
}

/** The family's link as the staff hand it out (CONVENTIONS: identity and access). */
export const uploadLinkUrl = (publicUrl: string, securityHash: string): string => `${publicUrl.replace(/\/+$/, '')}/creator/${securityHash}/slides`;
