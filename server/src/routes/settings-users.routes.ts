import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { idFilter, pagingOf } from '../http/paging.ts';
import { bodyOf } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import { userDirectoryRepository } from '../repositories/user-directory.repository.ts';
import { invitationService } from '../services/invitation.service.ts';
import { settingsUserService } from '../services/settings-user.service.ts';
import { toWireAdminUser, toWireInvitation } from '../wire/settings.wire.ts';
import { idParam } from './organizations.routes.ts';

/** Every user of every organization, for super users (/settings/users). */
export function settingsUsersRoutes(deps: Deps): Router {
  const router = new Router();
  const invitations = invitationService(deps.repos.userTokens, deps.repos.users, deps.repos.organizations, deps.mail, deps.config.publicUrl);
  const users = settingsUserService(deps.repos.users, userDirectoryRepository(deps.db), deps.repos.organizations, deps.repos.sessions, invitations);

  router.get('/r/settings/users', async (ctx) => {
    requireSuper(ctx);
    const paging = pagingOf(ctx);
    const { rows, total } = await users.list({ q: ctx.query.q, organizationId: idFilter(ctx.query.organization_id) }, paging);
    ctx.body = { users: rows.map(toWireAdminUser), total, page: paging.page, per_page: paging.perPage };
  });

  router.post('/r/settings/users', async (ctx) => {
    const actor = requireSuper(ctx);
    const created = await users.create(actor, bodyOf(ctx));
    ctx.status = 201;
    ctx.body = 'user' in created ? { user: toWireAdminUser(created.user) } : { invitation: toWireInvitation(created.invitation) };
  });

  router.get('/r/settings/users/:id', async (ctx) => {
    requireSuper(ctx);
    ctx.body = { user: toWireAdminUser(await users.find(idParam(ctx))) };
  });

  router.patch('/r/settings/users/:id', async (ctx) => {
    const actor = requireSuper(ctx);
    ctx.body = { user: toWireAdminUser(await users.update(actor, idParam(ctx), bodyOf(ctx))) };
  });

  return router;
}
