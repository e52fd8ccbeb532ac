import { isValidEmail } from '../../../../common/share-rules.ts';
import { LINK_FULL_ACCESS, parsePhotoLimit } from '../../../../common/upload-link.ts';
import type { UploadLink, UploadLinkChange } from './api.ts';

/** The Family Upload Settings dialog's fields as typed (spec 1, section 2.5). */
export interface SettingsForm {
  note: string;
  limitOn: boolean;
  /** Text while typed; spec 1, section 4: switching the limit on leaves it empty to be filled in. */
  limit: string;
  fullAccess: boolean;
  musicUpload: boolean;
  doneButton: boolean;
  doneEmail: string;
}

export type SettingsErrors = Partial<Record<'limit' | 'doneEmail', string>>;

export const DONE_EMAIL_ERROR = 'Enter a valid email address, or leave it blank.';

export function formOf(link: UploadLink): SettingsForm {
  return {
    note: link.uploadLinkNote,
    limitOn: link.uploadLinkLimit !== null,
    limit: link.uploadLinkLimit === null ? '' : String(link.uploadLinkLimit),
    fullAccess: link.uploadLinkAccessLevel === LINK_FULL_ACCESS,
    musicUpload: link.uploadLinkAllowMusicUpload,
    doneButton: link.uploadLinkDoneButton,
    doneEmail: link.uploadLinkDoneEmail,
  };
}

/** Only a limit that is on and a notification address that is in use are checked. */
export function settingsErrors(form: SettingsForm): SettingsErrors {
  const errors: SettingsErrors = {};
  if (form.limitOn) {
    const parsed = parsePhotoLimit(form.limit);
    if (!parsed.ok) errors.limit = parsed.error;
  }
  if (form.doneButton && form.doneEmail.trim() !== '' && !isValidEmail(form.doneEmail)) errors.doneEmail = DONE_EMAIL_ERROR;
  return errors;
}

/** The PATCH body for a valid form; music upload goes only where the organization offers it. */
export function changeOf(form: SettingsForm, musicUploadAvailable: boolean): UploadLinkChange {
  const limit = form.limitOn ? parsePhotoLimit(form.limit) : null;
  const change: UploadLinkChange = {
    uploadLinkNote: form.note,
    uploadLinkLimit: limit && limit.ok ? limit.limit : null,
    fullAccess: form.fullAccess,
    uploadLinkDoneButton: form.doneButton,
  };
  if (form.doneButton) change.uploadLinkDoneEmail = form.doneEmail.trim();
  if (musicUploadAvailable) change.uploadLinkAllowMusicUpload = form.musicUpload;
  return change;
}
