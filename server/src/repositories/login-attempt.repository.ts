import type { Db } from '../db/database.ts';

export interface LoginAttemptRow {
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export function loginAttemptRepository(db: Db) {
  return {
    async find(keys: string[]): Promise<LoginAttemptRow[]> {
      return db<LoginAttemptRow>('login_attempts').whereIn('key', keys);
    },
    /** Counts a failure atomically; the window restarts when the last one is older than windowMs. */
    async recordFailure(key: string, windowMs: number): Promise<LoginAttemptRow> {
      const { rows } = await db.raw<{ rows: LoginAttemptRow[] }>(
        `INSERT INTO login_attempts (key, failures, window_started_at) VALUES (?, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN login_attempts.window_started_at < now() - (? * interval '1 millisecond') THEN 1 ELSE login_attempts.failures + 1 END,
           window_started_at = CASE WHEN login_attempts.window_started_at < now() - (? * interval '1 millisecond') THEN now() ELSE login_attempts.window_started_at END
         RETURNING *`,
        [key, windowMs, windowMs],
      );
      return rows[0];
    },
    async lock(key: string, until: Date): Promise<void> {
      await db('login_attempts').where({ key }).update({ locked_until: until });
    },
    async clear(key: string): Promise<void> {
      await db('login_attempts').where({ key }).delete();
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof loginAttemptRepository>;
