import { createHash } from 'node:crypto';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { OrganizationScope, VideoListRepository, VideoListRow } from '../repositories/video-list.repository.ts';
import type { VideoAdminExtras, VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireAdminJob, WireVideo, WireVideoList, WireVideoListItem, WireVideoUrls } from '../wire/video.ts';
import { playerPath } from './embed.service.ts';
import { slideUrls } from './slide-media.service.ts';
import type { VideoAccess } from './video-access.ts';

/** How videos without an organization are named in lists (the spec's organization 0). */
export const NO_ORGANIZATION_NAME = 'No Organization';

export const coverThumbUrl = (video: Pick<VideoRow, 'id' | 'updated_at'>): string =>
  `/r/videos/${video.id}/cover_thumb?v=${new Date(video.updated_at).getTime().toString(36)}`;

type CoverRef = Pick<VideoRow, 'id' | 'updated_at'>;

/**
 * Each video's cover thumbnail: the derived cover image of its first photo once that photo is ready,
 * else its placeholder (/r/videos/{id}/cover_thumb).
 */
export async function coverThumbUrls(videoList: VideoListRepository, videos: CoverRef[], securityHash?: string): Promise<Map<number, string>> {
  const slides = await videoList.coverSlides([...new Set(videos.map((v) => v.id))]);
  const photos = new Map(slides.map((slide) => [slide.video_id, slideUrls(slide, securityHash).cover_thumb_url]));
  return new Map(videos.map((v) => [v.id, photos.get(v.id) ?? coverThumbUrl(v)]));
}

export function toListItem(row: VideoListRow, covers: Map<number, string>): WireVideoListItem {
  return {
    id: row.id,
    title: row.title,
    intro_text: row.intro_text,
    subtitle: row.subtitle,
    date_in_queue: row.date_in_queue ? new Date(row.date_in_queue).toISOString() : null,
    finished: row.finished,
    viewed: row.viewed,
    organization_id: row.organization_id ?? 0,
    cover_photo_thumb_url: covers.get(row.id) ?? coverThumbUrl(row),
  };
}

/** The organizations a user's lists cover: super users see every organization. */
export const scopeOf = (user: UserWithOrg): OrganizationScope =>
  user.role === 'super' ? 'all' : { organizationId: user.organization_id };

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The letters a placeholder cover shows: first letters of the first and last words of the title. */
export function initialsOf(title: string): string {
  const words = title
    .split(/\s+/)
    .map((w) => w.match(/\p{L}|\p{N}/u)?.[0])
    .filter((c): c is string => Boolean(c));
  if (words.length === 0) return '';
  return (words.length === 1 ? words[0] : words[0] + words[words.length - 1]).toLocaleUpperCase();
}

const COVER_COLOURS = ['#5b7083', '#7a6a58', '#5f7a68', '#7b6478', '#5d6b8a', '#876f57', '#4f7478'];

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

export function placeholderCover(video: Pick<VideoRow, 'id' | 'title'>): string {
  const colour = COVER_COLOURS[video.id % COVER_COLOURS.length];
  const initials = escapeXml(initialsOf(video.title));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">',
    `<rect width="320" height="180" fill="${colour}"/>`,
    '<rect x="10" y="10" width="300" height="160" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2" rx="6"/>',
    initials
      ? `<text x="160" y="92" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'Times New Roman', serif" font-size="64" fill="#ffffff" fill-opacity="0.92" letter-spacing="4">${initials}</text>`
      : '',
    '</svg>',
  ].join('');
}

export type CoverThumb = { photo: string } | { svg: string; etag: string };

type TributeRef = Pick<VideoRow, 'video_code' | 'date_in_queue' | 'deleted_at'> & { obit_url?: unknown; hide_embed?: unknown };

/**
 * The public page where the video is watched: the family's obituary page (obit_url), which embeds the player, else
 * the player page itself; none before the video is finalized, once it is deleted, or while its owner hides a player
 * that has no obituary page around it.
 */
export function tributeUrl(video: TributeRef): string | null {
  if (video.deleted_at || !video.date_in_queue) return null;
  if (typeof video.obit_url === 'string' && /^https?:\/\//i.test(video.obit_url)) return video.obit_url;
  return video.hide_embed ? null : playerPath(video.video_code);
}

/** Super users' administration pages (the Organizations page opens the one it is given in its edit form). */
export const editOrganizationPath = (id: number): string => `/settings/organizations?edit=${id}`;
export const editUserPath = (id: number): string => `/settings/users/${id}`;

interface UrlFacts {
  securityHash?: string;
  /** The caller is a super user: the administration links are theirs alone. */
  admin: boolean;
  creatorOrgId: number | null;
}

/** The cover in both sizes (its first photo's, else the placeholder), the editor, the tribute page and the admin links. */
async function videoUrls(videoList: VideoListRepository, video: CoverRef & TributeRef & Pick<VideoRow, 'organization_id' | 'user_id'>, facts: UrlFacts): Promise<WireVideoUrls> {
  const [slide] = await videoList.coverSlides([video.id]);
  const photo = slide ? slideUrls(slide, facts.securityHash) : null;
  const { admin, creatorOrgId } = facts;
  return {
    cover: photo?.cover_thumb_url ?? coverThumbUrl(video),
    cover_big: photo?.cover_big_url ?? coverThumbUrl(video),
    editor: `/creator/${video.id}/slides`,
    tribute: tributeUrl(video),
    preview: `/creator/${video.id}/preview`,
    edit_video_org: admin && video.organization_id ? editOrganizationPath(video.organization_id) : null,
    edit_user: admin && video.user_id ? editUserPath(video.user_id) : null,
    edit_user_org: admin && creatorOrgId ? editOrganizationPath(creatorOrgId) : null,
  };
}

function adminJobs({ renders, postback }: VideoAdminExtras): WireAdminJob[] {
  const jobs: WireAdminJob[] = renders.map((r) => ({
    job: r.kind as WireAdminJob['job'],
    status: r.status,
    progress: r.progress,
    message: r.message,
    updated_at: new Date(r.updated_at).toISOString(),
  }));
  if (postback) {
    const ok = postback.status_code !== null && postback.status_code >= 200 && postback.status_code < 300;
    jobs.push({
      job: 'postback',
      status: ok ? 'done' : 'failed',
      progress: ok ? 100 : 0,
      message: postback.status_code !== null ? `HTTP ${postback.status_code}` : (postback.error ?? ''),
      updated_at: new Date(postback.created_at).toISOString(),
    });
  }
  return jobs;
}

/** Facts read beside the video row: its largest slide file (the slow-generation warning) and its top referers. */
export interface VideoFacts {
  largestSlideBytes(videoId: number): Promise<number>;
  topReferers(videoId: number): Promise<{ referer: string; count: number }[]>;
}

/** Listing, reading and deleting videos; access is decided before any of these run. */
export function videoService(videos: VideoRepository, videoList: VideoListRepository, slides?: VideoFacts) {
  return {
    async list(user: UserWithOrg): Promise<WireVideoList> {
      const rows = await videoList.list(scopeOf(user));
      const ids = [...new Set(rows.map((r) => r.organization_id).filter((id): id is number => id !== null))];
      if (ids.length === 0 && user.organization_id !== null) ids.push(user.organization_id);
      const [organizations, covers] = await Promise.all([videoList.organizationNames(ids), coverThumbUrls(videoList, rows)]);
      return { videos: rows.map((row) => toListItem(row, covers)), organizations, tmp_org_name: NO_ORGANIZATION_NAME };
    },

    async remove({ video }: VideoAccess): Promise<void> {
      await videos.softDelete(video.id);
    },

    async read({ video, user, linkLevel }: VideoAccess, securityHash?: string): Promise<WireVideo> {
      const extras = await videos.readExtras(video);
      // Spec 3 section 5: only a video in the queue and still being made can warn that a huge slide slows it down.
      const rendering = video.date_in_queue !== null && !video.finished && video.deleted_at === null;
      const maxSlideSize = rendering && slides ? await slides.largestSlideBytes(video.id) : null;
      const lengthLimit = extras.organization?.video_length_limit ?? 30;
      const staff = linkLevel === undefined;
      const wire: WireVideo = {
        id: video.id,
        video_code: video.video_code,
        title: video.title,
        subtitle: video.subtitle,
        intro_text: video.intro_text,
        urls: await videoUrls(videoList, video, { securityHash, admin: user?.role === 'super', creatorOrgId: extras.creator?.organization_id ?? null }),
        hd_size: (video.hd_size as number | null) ?? null,
        iso_size: (video.iso_size as number | null) ?? null,
        dvd_path: staff ? ((video.dvd_path as string | null) ?? null) : null,
        silks: staff ? extras.silks : [],
        finished: video.finished,
        deleted: video.deleted_at !== null,
        date_in_queue: video.date_in_queue ? new Date(video.date_in_queue).toISOString() : null,
        project_start: new Date(video.created_at).toISOString(),
        hide_embed: Boolean(video.hide_embed),
        embed_hide_buy: Boolean(video.embed_hide_buy),
        override_length_limit: Boolean(video.override_length_limit),
        over_length_limit: video.video_duration !== null && video.video_duration > lengthLimit * 60,
        length_limit: lengthLimit,
        video_duration: video.video_duration,
        display_duration: formatDuration(video.video_duration),
        viewed: video.viewed,
        max_slide_size: maxSlideSize,
        // Billing ids and integration addresses are the organization's business, not the family's.
        billing_id: staff ? video.billing_id : '',
        billing_id_prompt: staff ? (extras.organization?.billing_id_prompt ?? null) : null,
        theme_id: video.theme_id,
        theme_title: extras.themeTitle,
        custom_theme_id: video.custom_theme_id,
        custom_theme_title: extras.customThemeTitle,
        obit_url: (video.obit_url as string | null) ?? null,
        obituary_qr_link: staff && Boolean(extras.organization?.obituary_qr_link),
        foreign_id: staff ? ((video.foreign_id as string | null) ?? null) : null,
        postback_url: staff ? ((video.postback_url as string | null) ?? null) : null,
        order_postback_url: staff ? ((video.order_postback_url as string | null) ?? null) : null,
        organization_id: video.organization_id,
        user_id: video.user_id,
      };
      if (user?.role === 'super') {
        const admin = await videos.readAdminExtras(video);
        wire.details = {
          video_org_name: extras.organization?.organization_name ?? null,
          video_user_name: extras.creator?.name ?? null,
          user_org_id: extras.creator?.organization_id ?? null,
          user_org_name: extras.creator?.organization_name ?? null,
          affiliate_name: extras.organization?.partner_name ?? null,
          affiliate_is_tribute_production: Boolean(extras.organization?.partner_name?.trim()) && extras.organization?.partner_dev === false,
          admin_jobs: adminJobs(admin),
          affiliate_id: admin.website?.id ?? null,
          affiliate_customer: admin.website?.name ?? null,
          top_referers: slides ? await slides.topReferers(video.id) : [],
          max_override_length: admin.maxOverrideLength,
        };
      }
      return wire;
    },

    /** The cover photo's thumbnail once the first photo is ready, else a placeholder with the title's initials. */
    async coverThumb({ video }: VideoAccess, securityHash?: string): Promise<CoverThumb> {
      const [slide] = await videoList.coverSlides([video.id]);
      const photo = slide && slideUrls(slide, securityHash).cover_thumb_url;
      if (photo) return { photo };
      const svg = placeholderCover(video);
      return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
    },
  };
}

export type VideoService = ReturnType<typeof videoService>;
