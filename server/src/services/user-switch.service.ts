import { AppError } from '../http/errors.ts';
import { SESSION_TTL_MS, type AuthState } from '../http/session.ts';
import type { ActivityLogRepository } from '../repositories/activity-log.repository.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { ClientMeta } from './auth.service.ts';

/**
 * A super user acting as another user (spec 1, 2.10): the session carries both ids, so every page works as the
 * target sees it and /users/logout/in returns to the super user's own session.
 */
export function userSwitchService(users: UserRepository, sessions: SessionRepository, activity: ActivityLogRepository) {
  async function replaceSession(currentToken: string | undefined, userId: number, meta: ClientMeta, adminUserId: number | null): Promise<string> {
    if (currentToken) await sessions.remove(currentToken);
    return sessions.create(userId, SESSION_TTL_MS, { ...meta, adminUserId });
  }

  return {
    async switchTo(auth: AuthState, admin: UserWithOrg, targetId: number, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const target = Number.isNaN(targetId) ? undefined : await users.findById(targetId);
      if (!target) throw new AppError(404, 'Not found');
      if (target.id === admin.id) throw new AppError(400, 'You are already logged in as this user.');
      if (target.disabled) throw new AppError(400, 'This user is disabled and cannot be logged in as.');
      await activity.record({ action: `switch_user:${target.id}`, userId: admin.id, ip: meta.ip, userAgent: meta.userAgent });
      // A super user who switched from a switched session still returns to their own account.
      const adminUserId = auth.adminUser?.id ?? admin.id;
      return { user: target, token: await replaceSession(auth.sessionToken, target.id, meta, adminUserId) };
    },

    async switchBack(auth: AuthState, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const admin = auth.adminUser;
      if (!admin) throw new AppError(400, 'You are not logged in as another user.');
      if (admin.disabled) throw new AppError(403, 'This account has been disabled. Please contact your administrator.');
      return { user: admin, token: await replaceSession(auth.sessionToken, admin.id, meta, null) };
    },
  };
}
