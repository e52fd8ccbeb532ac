import { isValidEmail, SMS_LIMIT } from '../../../common/share-rules.ts';
import {
  isLinkLevel,
  LINK_FULL_ACCESS,
  LINK_OFF,
  levelAfterFullAccess,
  levelAfterSwitch,
  PHOTO_LIMIT_ERROR,
  PHOTO_LIMIT_MAX,
  uploadLinkUrl,
  type LinkLevel,
} from '../../../common/upload-link.ts';
import { AppError } from '../http/errors.ts';
import type { Body } from '../http/request.ts';
import type { OrganizationRow } from '../repositories/organization.repository.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { UploadLinkRepository } from '../repositories/upload-link.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireShareDefaults } from '../wire/share.ts';
import type { WireFamilyUploadLink, WireUploadLink } from '../wire/upload-link.ts';
import type { MailService } from './mail.service.ts';
import type { ShareLogRepository } from '../repositories/share-log.repository.ts';
import { toShareLogRow } from './share.service.ts';
import type { VideoAccess } from './video-access.ts';

/** How shares of the family link are grouped in the share log. */
export const UPLOAD_LINK_SHARE_TYPE = 'upload_link';
const NOTE_MAX = 2000;

export const UPLOAD_LINK_ERRORS = {
  linksOff: 'Upload links are turned off for this organization.',
  linkOff: 'Turn the upload link on first.',
  musicUnavailable: 'Music upload is not available for this organization.',
  badDoneEmail: 'The notification address is not a valid email address.',
  onlyReset: 'Only the family can mark their uploads as finished.',
  noDoneButton: 'This upload link has no Done button.',
} as const;

const bad = (message: string, status = 400): never => {
  throw new AppError(status, message);
};

function bool(body: Body, key: string): boolean | undefined {
  if (!(key in body)) return undefined;
  return typeof body[key] === 'boolean' ? (body[key] as boolean) : bad(`${key} must be true or false.`);
}

function photoLimit(value: unknown): number | null {
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= PHOTO_LIMIT_MAX ? value : bad(PHOTO_LIMIT_ERROR);
}

/**
 * Reads a PATCH body into column changes, following spec 1, section 4: the enable switch opens a link as upload only
 * and closes it to 0, the full-access switch moves an open link between 1 and 2, the limit is null or a count.
 */
export function parseUploadLinkChange(body: Body, video: VideoRow, org: Pick<OrganizationRow, 'upload_links_enabled' | 'music_upload_available'> | undefined): Partial<VideoRow> {
  const changes: Partial<VideoRow> = {};
  const current: LinkLevel = isLinkLevel(video.upload_link_access_level) ? video.upload_link_access_level : LINK_OFF;
  let level = current;
  const enabled = bool(body, 'enabled');
  if (enabled !== undefined) level = levelAfterSwitch(level, enabled);
  if (level !== LINK_OFF && current === LINK_OFF && !org?.upload_links_enabled) bad(UPLOAD_LINK_ERRORS.linksOff, 403);
  const fullAccess = bool(body, 'full_access');
  if (fullAccess !== undefined) {
    if (level === LINK_OFF) bad(UPLOAD_LINK_ERRORS.linkOff, 409);
    level = levelAfterFullAccess(level, fullAccess);
  }
  if (level !== current) changes.upload_link_access_level = level;

  if ('upload_link_note' in body) {
    const note = body.upload_link_note;
    if (typeof note !== 'string') bad('upload_link_note must be text.');
    else if (note.length > NOTE_MAX) bad(`The note to the family holds at most ${NOTE_MAX} characters.`);
    else changes.upload_link_note = note;
  }
  if ('upload_link_limit' in body) changes.upload_link_limit = photoLimit(body.upload_link_limit);
  const music = bool(body, 'upload_link_allow_music_upload');
  if (music === true && !org?.music_upload_available) bad(UPLOAD_LINK_ERRORS.musicUnavailable);
  if (music !== undefined) changes.upload_link_allow_music_upload = music;
  const doneButton = bool(body, 'upload_link_done_button');
  if (doneButton !== undefined) changes.upload_link_done_button = doneButton;
  if ('upload_link_done_email' in body) {
    const email = body.upload_link_done_email;
    if (typeof email !== 'string') bad(UPLOAD_LINK_ERRORS.badDoneEmail);
    const trimmed = (email as string).trim();
    if (trimmed && !isValidEmail(trimmed)) bad(UPLOAD_LINK_ERRORS.badDoneEmail);
    changes.upload_link_done_email = trimmed;
  }
  const finished = bool(body, 'family_upload_finished');
  if (finished === true) bad(UPLOAD_LINK_ERRORS.onlyReset);
  if (finished === false) changes.family_upload_finished = false;
  return changes;
}

/** The words the share dialogs start from; the text message leaves out the title when it would not fit. */
export function uploadLinkShareDefaults(title: string, link: string, fromName: string, replyTo: string): WireShareDefaults {
  const name = title.trim();
  const forWhom = name ? ` for ${name}` : '';
  const text = `Please add photos to the tribute video${forWhom}:\n${link}`;
  return {
    email_subject: `Add photos to the tribute video${forWhom}`,
    email: [
      `You are invited to add photos and video clips to the tribute video${forWhom}.`,
      '',
      'Open this link on a computer or phone to upload them:',
      link,
      '',
      'Thank you.',
    ].join('\n'),
    text: [...text].length <= SMS_LIMIT ? text : `Please add photos to the tribute video:\n${link}`,
    from_name: fromName,
    reply_to: replyTo,
  };
}

export interface UploadLinkDeps {
  videos: VideoRepository;
  organizations: OrganizationRepository;
  links: UploadLinkRepository;
  shareLogs: Pick<ShareLogRepository, 'list'>;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
}

/** The family upload link of a video: staff read and change it; the family reads its part and says when it is done. */
export function uploadLinkService({ videos, organizations, links, shareLogs, mail, publicUrl }: UploadLinkDeps) {
  const organizationOf = (video: VideoRow) => (video.organization_id ? organizations.findById(video.organization_id) : Promise.resolve(undefined));
  const staffAddress = async (video: VideoRow): Promise<string | undefined> =>
    video.upload_link_done_email || (await links.activeUserEmail(video.user_id)) || (await links.organizationAdminEmail(video.organization_id));

  async function read({ video, user }: VideoAccess): Promise<WireUploadLink> {
    const [org, fallback, count, log] = await Promise.all([
      organizationOf(video),
      links.activeUserEmail(video.user_id).then(async (email) => email ?? (await links.organizationAdminEmail(video.organization_id)) ?? null),
      links.familyUploadCount(video.id),
      shareLogs.list(video.id, UPLOAD_LINK_SHARE_TYPE),
    ]);
    const link = uploadLinkUrl(publicUrl, video.security_hash);
    return {
      id: video.id,
      title: video.title,
      upload_link: link,
      upload_link_access_level: video.upload_link_access_level,
      upload_link_note: video.upload_link_note,
      upload_link_limit: video.upload_link_limit,
      upload_link_allow_music_upload: video.upload_link_allow_music_upload,
      upload_link_done_button: video.upload_link_done_button,
      upload_link_done_email: video.upload_link_done_email,
      done_email_fallback: fallback,
      family_upload_finished: video.family_upload_finished,
      last_family_upload: video.last_family_upload ? new Date(video.last_family_upload).toISOString() : null,
      family_upload_count: count,
      upload_links_enabled: org?.upload_links_enabled ?? false,
      music_upload_available: org?.music_upload_available ?? false,
      show_branding: org?.show_branding ?? false,
      share: uploadLinkShareDefaults(video.title, link, org?.organization_name || user?.name || '', user?.email ?? ''),
      share_log: log.map(toShareLogRow),
    };
  }

  return {
    read,

    async family({ video }: VideoAccess): Promise<WireFamilyUploadLink> {
      const org = await organizationOf(video);
      return {
        title: video.title,
        organization_name: org?.organization_name ?? null,
        upload_link_note: video.upload_link_note,
        upload_link_limit: video.upload_link_limit,
        upload_link_done_button: video.upload_link_done_button,
        full_access: video.upload_link_access_level === LINK_FULL_ACCESS,
      };
    },

    async update(access: VideoAccess, body: Body): Promise<WireUploadLink> {
      if (access.video.deleted_at) bad('Not found', 404);
      const changes = parseUploadLinkChange(body, access.video, await organizationOf(access.video));
      const video = Object.keys(changes).length ? await videos.update(access.video.id, changes) : access.video;
      return read({ ...access, video });
    },

    /** The family pressed Done: the link closes and the staff hear of it once, by mail. */
    async finish({ video }: VideoAccess): Promise<void> {
      if (!video.upload_link_done_button) bad(UPLOAD_LINK_ERRORS.noDoneButton, 403);
      if (!(await links.markFinished(video.id))) return;
      const to = await staffAddress(video);
      if (!to) {
        console.warn(`[upload-link] video ${video.id}: the family finished but nobody has an address to be told`);
        return;
      }
      const title = video.title || 'Untitled video';
      const count = await links.familyUploadCount(video.id);
      await mail.send({
        to,
        subject: `The family has finished uploading: ${title}`,
        body: [
          `The family has pressed Done on the upload link of "${title}".`,
          `They added ${count} ${count === 1 ? 'photo or clip' : 'photos and clips'} through the link.`,
          '',
          'Review the slides:',
          `${publicUrl}/creator/${video.id}/slides`,
          '',
          'The link is now closed to them. To let them add more, turn it back on at the Upload Link step:',
          `${publicUrl}/creator/${video.id}/link`,
        ].join('\n'),
      });
    },
  };
}

export type UploadLinkService = ReturnType<typeof uploadLinkService>;
