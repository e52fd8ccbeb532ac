import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../http/errors.ts';
import { SESSION_TTL_MS } from '../http/session.ts';
import type { ActivityLogRepository } from '../repositories/activity-log.repository.ts';
import type { LoginAttemptRepository } from '../repositories/login-attempt.repository.ts';
import { passwordHasher } from '../repositories/password.repository.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRepository, UserRow, UserWithOrg } from '../repositories/user.repository.ts';

/**
 * After this many failures in the window a login is slowed; after lockAfter it is refused until the lock ends.
 * An address counts ipFactor times as many failures before the same happens: a whole office may share one.
 */
export const THROTTLE = { slowAfter: 3, lockAfter: 8, ipFactor: 4, windowMs: 15 * 60_000, lockMs: 15 * 60_000, delayStepMs: 250, maxDelayMs: 2000 };

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export function validateEmail(email: unknown): string {
  const text = typeof email === 'string' ? email.trim() : '';
  if (!EMAIL.test(text) || text.length > 320) throw new AppError(400, 'Please enter a valid email address.');
  return text;
}

export function validatePassword(password: unknown): string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError(400, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (password.length > 200) throw new AppError(400, 'The password is too long.');
  return password;
}

/** Checks the password rules, then hashes. */
export async function hashPassword(password: unknown): Promise<string> {
  return passwordHasher.hash(validatePassword(password));
}

/** A required line of text such as a name ('your name'): trimmed, not empty, not longer than the column. */
export function requiredText(value: unknown, what: string, maxLength = 250): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw new AppError(400, `Please enter ${what}.`);
  if (text.length > maxLength) throw new AppError(400, `${what[0].toUpperCase()}${what.slice(1)} is too long (at most ${maxLength} characters).`);
  return text;
}

/** Opens a session for a user who just proved who they are, and notes it in the activity log. Returns the cookie token. */
export function sessionStarter(users: UserRepository, sessions: SessionRepository, activity: ActivityLogRepository) {
  return async (user: Pick<UserRow, 'id'>, meta: ClientMeta, action: string): Promise<string> => {
    await users.update(user.id, { last_login_at: new Date() });
    await activity.record({ action, userId: user.id, ip: meta.ip, userAgent: meta.userAgent });
    return sessions.create(user.id, SESSION_TTL_MS, meta);
  };
}

export type StartSession = ReturnType<typeof sessionStarter>;

/** Checked when the address is unknown, so a wrong address takes as long to refuse as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function authService(users: UserRepository, sessions: SessionRepository, attempts: LoginAttemptRepository, startSession: StartSession) {
  const keysFor = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];
  const weight = (key: string) => (key.startsWith('ip:') ? THROTTLE.ipFactor : 1);

  /** Refuses while a key is locked; otherwise answers how many failures (scaled per key) came before. */
  async function assertNotLocked(keys: string[]): Promise<number> {
    const rows = await attempts.find(keys);
    const now = Date.now();
    for (const row of rows) {
      if (row.locked_until && new Date(row.locked_until).getTime() > now) {
        const minutes = Math.ceil((new Date(row.locked_until).getTime() - now) / 60_000);
        throw new AppError(429, `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
    }
    return Math.max(0, ...rows.map((r) => Math.floor(r.failures / weight(r.key))));
  }

  async function recordFailure(keys: string[]): Promise<void> {
    for (const key of keys) {
      const row = await attempts.recordFailure(key, THROTTLE.windowMs);
      if (row.failures >= THROTTLE.lockAfter * weight(key)) await attempts.lock(key, new Date(Date.now() + THROTTLE.lockMs));
    }
  }

  return {
    /** Checks the password and opens a new session; the caller sets the returned token as the cookie. */
    async login(emailInput: unknown, password: unknown, meta: ClientMeta): Promise<{ user: UserWithOrg; token: string }> {
      const email = typeof emailInput === 'string' ? emailInput.trim() : '';
      const keys = keysFor(email, meta.ip);
      const failures = await assertNotLocked(keys);
      if (failures >= THROTTLE.slowAfter) {
        await sleep(Math.min(THROTTLE.maxDelayMs, (failures - THROTTLE.slowAfter + 1) * THROTTLE.delayStepMs));
      }
      const user = email ? await users.findByEmail(email) : undefined;
      decoyHash ??= passwordHasher.hash('no account has this password');
      const ok = await passwordHasher.verify(user?.password_hash ?? (await decoyHash), typeof password === 'string' ? password : '');
      if (!user || !ok) {
        await recordFailure(keys);
        throw new AppError(401, 'The email or password is not correct.');
      }
      if (user.disabled) throw new AppError(403, 'This account has been disabled. Please contact your administrator.');
      // Only the account's own count: a success must not wipe out what an address did against other accounts.
      await attempts.clear(keys[0]);
      return { user, token: await startSession(user, meta, 'login') };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.remove(token);
    },

    /** Lets the owner in at once after proving the address some other way (a reset link). */
    async clearFailures(email: string): Promise<void> {
      await attempts.clear(keysFor(email, '')[0]);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
