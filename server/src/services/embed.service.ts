import { SMS_LIMIT } from '../../../common/share-rules.ts';
import { WEB } from '../render/compile/profiles.ts';
import { AppError } from '../http/errors.ts';
import type { Body } from '../http/request.ts';
import type { EmbedFacts, EmbedRepository } from '../repositories/embed.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireEmbedCodes, WireEmbedSettings, WireToggleEmbed } from '../wire/embed.ts';
import type { WireShareDefaults } from '../wire/share.ts';
import type { DownloadFile, downloadService } from './download.service.ts';
import { PLAYER_BAR_PX, type PlayerPage } from './embedded-player-page.ts';
import type { VideoAccess } from './video-access.ts';

export const EMBED_ERRORS = {
  noFlag: 'Send hide_embed or embed_hide_buy, as true or false.',
  notBoolean: (name: string) => `${name} must be true or false.`,
} as const;

export const playerPath = (videoCode: string): string => `/videos/embedded_video/${encodeURIComponent(videoCode)}`;
export const hardCopiesPath = (videoCode: string): string => `/orders/hard_copies/${encodeURIComponent(videoCode)}`;

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The two embed codes of a player. Both are iframes of the player page: the responsive one in a box as wide as its
 * container, 16:9 plus the page's title bar; the fixed one at the web video's own size, which exists only once the
 * web video does (until then responsive is the only choice, spec 3 section 5).
 */
export function embedCodes(playerUrl: string, title: string, webReady: boolean): WireEmbedCodes {
  const src = `<iframe src="${escapeAttribute(playerUrl)}" title="${escapeAttribute(title.trim() || 'Tribute video')}"`;
  const allow = ' allow="fullscreen; picture-in-picture" allowfullscreen></iframe>';
  const responsive = [
    `<div style="position:relative;width:100%;height:0;padding-bottom:calc(56.25% + ${PLAYER_BAR_PX}px);overflow:hidden">`,
    src,
    ' style="position:absolute;top:0;left:0;width:100%;height:100%;border:0"',
    allow,
    '</div>',
  ].join('\n');
  const fixed = [src, ` width="${WEB.width}" height="${WEB.height + PLAYER_BAR_PX}" style="border:0"`, allow].join('\n');
  return { responsive, fixed: webReady ? fixed : null };
}

/** The words the share dialogs start from for the video's own link. */
export function videoShareDefaults(title: string, link: string, fromName: string, replyTo: string): WireShareDefaults {
  const name = title.trim();
  const ofWhom = name ? ` for ${name}` : '';
  const text = `Watch the tribute video${ofWhom}:\n${link}`;
  return {
    email_subject: `The tribute video${ofWhom}`,
    email: [`You are invited to watch the tribute video${ofWhom}.`, '', 'Open this link on a computer, tablet or phone to play it:', link].join('\n'),
    text: [...text].length <= SMS_LIMIT ? text : `Watch the tribute video:\n${link}`,
    from_name: fromName,
    reply_to: replyTo,
  };
}

/** The buy link shows on the player only with branding, when neither the video nor its owner hides it. */
export const showsBuyLink = (embedHideBuy: boolean, facts: EmbedFacts): boolean => facts.show_branding && !facts.owner_hides_buy_links && !embedHideBuy;

function flag(body: Body, name: 'hide_embed' | 'embed_hide_buy'): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  // Form posts send text; JSON sends booleans. Anything else is a mistake worth naming.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new AppError(400, EMBED_ERRORS.notBoolean(name));
}

export function parseToggleEmbed(body: Body): WireToggleEmbed {
  const hideEmbed = flag(body, 'hide_embed');
  const hideBuy = flag(body, 'embed_hide_buy');
  if (hideEmbed === undefined && hideBuy === undefined) throw new AppError(400, EMBED_ERRORS.noFlag);
  return { ...(hideEmbed === undefined ? {} : { hide_embed: hideEmbed }), ...(hideBuy === undefined ? {} : { embed_hide_buy: hideBuy }) };
}

export interface EmbedServiceDeps {
  videos: Pick<VideoRepository, 'update'>;
  embed: EmbedRepository;
  downloads: ReturnType<typeof downloadService>;
  publicUrl: string;
}

const isNotFound = (err: unknown): boolean => err instanceof AppError && err.status === 404;

/** Embedding a video: the Share or Embed tab's settings and the public player page that honours them. */
export function embedService({ videos, embed, downloads, publicUrl }: EmbedServiceDeps) {
  /** The finished web video, or null while there is none to play. */
  const webVideo = (video: VideoRow): Promise<DownloadFile | null> => downloads.video(video, 'web').catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)));

  async function settings({ video, user }: VideoAccess): Promise<WireEmbedSettings> {
    const [facts, web] = await Promise.all([embed.facts(video), webVideo(video)]);
    const playerUrl = `${publicUrl}${playerPath(video.video_code)}`;
    return {
      hide_embed: Boolean(video.hide_embed),
      embed_hide_buy: Boolean(video.embed_hide_buy),
      buy_option: facts.show_branding && !facts.owner_hides_buy_links,
      player_url: playerUrl,
      embed_codes: embedCodes(playerUrl, video.title, web !== null),
      share: videoShareDefaults(video.title, playerUrl, facts.organization_name || user?.name || '', user?.email ?? ''),
      text_enabled: facts.show_branding,
      public: video.date_in_queue !== null && !video.hide_embed && video.deleted_at === null,
      public_title: video.title.trim() ? `The tribute video for ${video.title.trim()}` : 'A tribute video',
    };
  }

  return {
    settings,

    async toggle(access: VideoAccess, body: Body): Promise<WireEmbedSettings> {
      const video = await videos.update(access.video.id, { ...parseToggleEmbed(body) });
      return settings({ ...access, video });
    },

    /** What the player page shows for a video code; a deleted video is as missing as an unknown one. */
    async page(code: string): Promise<PlayerPage> {
      const video = await downloads.findByCode(code).catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)));
      if (!video || video.deleted_at) return { kind: 'missing' };
      if (video.hide_embed) return { kind: 'hidden', title: video.title };
      const web = await webVideo(video);
      if (!web) return { kind: 'not_ready', title: video.title };
      const facts = await embed.facts(video);
      return {
        kind: 'player',
        videoId: video.id,
        title: video.title,
        videoUrl: `/downloads/video/${encodeURIComponent(video.video_code)}/web.mp4`,
        posterUrl: `${playerPath(video.video_code)}/poster.jpg`,
        buyUrl: showsBuyLink(Boolean(video.embed_hide_buy), facts) ? `${publicUrl}${hardCopiesPath(video.video_code)}` : null,
        viewUrl: `${playerPath(video.video_code)}/view`,
      };
    },

    /** The player's poster: the video's cover, or its snapshot when the video has no photo to make a cover from. */
    async poster(code: string): Promise<DownloadFile> {
      const video = await downloads.findByCode(code);
      if (video.hide_embed) throw new AppError(404, 'Not found');
      return downloads.cover(video).catch((err: unknown) => (isNotFound(err) ? downloads.snapshot(video) : Promise.reject(err)));
    },
  };
}

export type EmbedService = ReturnType<typeof embedService>;
