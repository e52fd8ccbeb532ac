import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { bodyOf, clientMeta, intParam, isFormPost } from '../http/request.ts';
import { SESSION_COOKIE, cookieOptions, requireSuper, requireUser } from '../http/session.ts';
import { accountRepository } from '../repositories/account.repository.ts';
import { loginAttemptRepository } from '../repositories/login-attempt.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import { authService, sessionStarter } from '../services/auth.service.ts';
import { invitationAcceptanceService } from '../services/invitation-acceptance.service.ts';
import { passwordResetService } from '../services/password-reset.service.ts';
import { registrationService } from '../services/registration.service.ts';
import { userSwitchService } from '../services/user-switch.service.ts';
import { toWireUser } from '../wire/user.wire.ts';

/** Pages the web app draws at paths that also take a POST: without a GET here, the router would answer 405 instead of the app. */
const PAGES = ['/users/login', '/users/register', '/users/logout', '/users/logout/in', '/users/forgot_password', '/users/reset_password/:token', '/users/invitation/:token'];

/** Where a login form may send the browser afterwards: same-site paths only. */
function safeNext(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}

type SignIn = () => Promise<{ user: UserWithOrg; token: string }>;

export function usersRoutes(deps: Deps): Router {
  const router = new Router();
  const { users, sessions, userTokens, activityLogs } = deps.repos;
  const accounts = accountRepository(deps.db);
  const startSession = sessionStarter(users, sessions, activityLogs);
  const auth = authService(users, sessions, loginAttemptRepository(deps.db), startSession);
  const registration = registrationService(users, accounts, startSession);
  const resets = passwordResetService({ users, tokens: userTokens, accounts, mail: deps.mail, auth, startSession, publicUrl: deps.config.publicUrl });
  const invitations = invitationAcceptanceService(users, userTokens, accounts, startSession);
  const switcher = userSwitchService(users, sessions, activityLogs);

  const setSession = (ctx: Context, token: string | null) => ctx.cookies.set(SESSION_COOKIE, token, cookieOptions(deps.config.secureCookies));

  /**
   * Runs a sign-in and sets its cookie. A new session id every time, and the old one ends, so a planted cookie cannot ride along.
   * Form posts (the login and register pages) are sent on, or back to the form with the error; scripts get JSON.
   */
  async function signIn(ctx: Context, run: SignIn, pages: { next: string; form: string }): Promise<void> {
    try {
      const { user, token } = await run();
      await auth.logout(ctx.state.auth.sessionToken);
      setSession(ctx, token);
      if (isFormPost(ctx)) return ctx.redirect(pages.next);
      ctx.body = { user: toWireUser(user) };
    } catch (err) {
      if (!isFormPost(ctx)) throw err;
      if (!(err instanceof AppError)) ctx.app.emit('error', err, ctx);
      const message = err instanceof AppError ? err.message : 'Something went wrong. Please try again.';
      const back = new URL(pages.form, 'http://x');
      back.searchParams.set('error', message);
      ctx.redirect(back.pathname + back.search);
    }
  }

  for (const page of PAGES) router.get(page, (_ctx, next) => next());

  router.post('/users/login', async (ctx) => {
    const body = bodyOf(ctx);
    const next = safeNext(body.next);
    const form = next === '/dashboard' ? '/users/login' : `/users/login?next=${encodeURIComponent(next)}`;
    await signIn(ctx, () => auth.login(body.email, body.password, clientMeta(ctx)), { next, form });
  });

  router.post('/users/register', async (ctx) => {
    await signIn(ctx, () => registration.register(bodyOf(ctx), clientMeta(ctx)), { next: '/dashboard', form: '/users/register' });
  });

  router.post('/users/logout', async (ctx) => {
    await auth.logout(ctx.state.auth.sessionToken);
    setSession(ctx, null);
    if (isFormPost(ctx)) return ctx.redirect('/users/login');
    ctx.body = { success: true };
  });

  router.post('/users/forgot_password', async (ctx) => {
    ctx.body = { message: await resets.request(bodyOf(ctx).email) };
  });

  router.get('/r/password_resets/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await resets.describe(ctx.params.token);
  });

  router.post('/users/reset_password/:token', async (ctx) => {
    const page = `/users/reset_password/${encodeURIComponent(ctx.params.token)}`;
    await signIn(ctx, () => resets.reset(ctx.params.token, bodyOf(ctx).password, clientMeta(ctx)), { next: '/dashboard', form: page });
  });

  router.get('/r/invitations/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await invitations.describe(ctx.params.token);
  });

  router.post('/users/invitation/:token', async (ctx) => {
    const page = `/users/invitation/${encodeURIComponent(ctx.params.token)}`;
    await signIn(ctx, () => invitations.accept(ctx.params.token, bodyOf(ctx), clientMeta(ctx)), { next: '/dashboard', form: page });
  });

  router.post('/r/users/:id/switch', async (ctx) => {
    const admin = requireSuper(ctx);
    const { user, token } = await switcher.switchTo(ctx.state.auth, admin, intParam(ctx.params.id), clientMeta(ctx));
    setSession(ctx, token);
    ctx.body = { user: toWireUser(user) };
  });

  router.post('/users/logout/in', async (ctx) => {
    requireUser(ctx);
    const { user, token } = await switcher.switchBack(ctx.state.auth, clientMeta(ctx));
    setSession(ctx, token);
    ctx.body = { user: toWireUser(user) };
  });

  router.get('/r/users/me', async (ctx) => {
    const { user, adminUser } = ctx.state.auth;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: user ? toWireUser(user) : null, via_admin: Boolean(adminUser) };
  });

  return router;
}
