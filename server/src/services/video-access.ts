import type { Context } from 'koa';
import { AppError } from '../http/errors.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';

/**
 * What a caller wants to do with a video:
 * view (read it), upload (add slides or songs), edit (change slides, music, setup), manage (delete, finalize, link settings).
 */
export type VideoAction = 'view' | 'upload' | 'edit' | 'manage';

export const ACCESS_OFF = 0;
export const ACCESS_FULL = 1;
export const ACCESS_UPLOAD_ONLY = 2;

export interface VideoAccess {
  video: VideoRow;
  user?: UserWithOrg;
  /** Set when the caller came through the family upload link. */
  linkLevel?: number;
}

const LINK_ALLOWS: Record<number, VideoAction[]> = {
  [ACCESS_FULL]: ['view', 'upload', 'edit'],
  [ACCESS_UPLOAD_ONLY]: ['view', 'upload'],
};

const missing = (): AppError => new AppError(404, 'Not found');

/** The upload-link hash as CONVENTIONS.md says: `security_hash` in the query string or the body. */
export function securityHashOf(ctx: Context): string | undefined {
  const fromQuery = ctx.query.security_hash;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const fromBody = body?.security_hash;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  // Raw-body endpoints (resumable uploads) take it from a header; the upload middleware puts it here.
  const fromState = (ctx.state as { securityHash?: unknown }).securityHash;
  return typeof fromState === 'string' && fromState ? fromState : undefined;
}

export function userCanSee(user: UserWithOrg | undefined, video: Pick<VideoRow, 'organization_id'>): boolean {
  if (!user) return false;
  return user.role === 'super' || (user.organization_id !== null && user.organization_id === video.organization_id);
}

/** A finalized video is read-only until someone with manage rights reopens it for editing. */
export const isReadOnly = (video: Pick<VideoRow, 'date_in_queue'>): boolean => video.date_in_queue !== null;

function assertEditable(video: VideoRow, action: VideoAction): void {
  if ((action === 'edit' || action === 'upload') && isReadOnly(video)) {
    throw new AppError(409, 'The video has already been finalized. Uploads and edits are disabled.');
  }
}

/** Decides whether the caller may act on a video; anything not allowed looks exactly like a missing video. */
export function videoAccessChecker(videos: VideoRepository) {
  async function checkLink(hash: string, action: VideoAction, video?: VideoRow): Promise<VideoAccess> {
    const found = video ?? (await videos.findBySecurityHash(hash));
    if (!found || found.security_hash !== hash || found.deleted_at) throw missing();
    const level = found.upload_link_access_level;
    if (level === ACCESS_OFF || found.family_upload_finished) {
      throw new AppError(410, 'This upload link is no longer active. Please contact the person who sent it to you.');
    }
    if (!(LINK_ALLOWS[level] ?? []).includes(action)) throw missing();
    return { video: found, linkLevel: level };
  }

  async function resolve(ctx: Context, videoIdOrHash: number | string, action: VideoAction): Promise<VideoAccess> {
    const id = typeof videoIdOrHash === 'number' ? videoIdOrHash : /^\d+$/.test(videoIdOrHash) ? Number(videoIdOrHash) : NaN;
    if (Number.isNaN(id)) return checkLink(String(videoIdOrHash), action);
    const video = await videos.findById(id);
    if (!video) throw missing();
    return decide(ctx, video, action);
  }

  /** The caller's access to a video already read; reads nothing more. */
  async function decide(ctx: Context, video: VideoRow, action: VideoAction): Promise<VideoAccess> {
    const user = ctx.state.auth?.user;
    if (userCanSee(user, video)) {
      if (video.deleted_at && action !== 'view' && action !== 'manage') throw missing();
      return { video, user };
    }
    const hash = securityHashOf(ctx);
    if (!hash) throw missing();
    return checkLink(hash, action, video);
  }

  return {
    /** For routes addressed by video id (or by a security hash in place of the id, as creator URLs allow). */
    async check(ctx: Context, videoIdOrHash: number | string, action: VideoAction): Promise<VideoAccess> {
      const access = await resolve(ctx, videoIdOrHash, action);
      assertEditable(access.video, action);
      return access;
    },

    /**
     * The videos among `ids` the caller may act on, each with its access, read in one query (a list page's poll
     * names many). Videos not allowed, missing or refused are left out, so nothing tells them apart.
     */
    async checkMany(ctx: Context, ids: number[], action: VideoAction): Promise<VideoAccess[]> {
      const found = await videos.findByIds(ids);
      const allowed = await Promise.all(
        found.map(async (video) => {
          try {
            const access = await decide(ctx, video, action);
            assertEditable(access.video, action);
            return access;
          } catch {
            return undefined;
          }
        }),
      );
      return allowed.filter((access): access is VideoAccess => access !== undefined);
    },
  };
}

export type VideoAccessChecker = ReturnType<typeof videoAccessChecker>;
