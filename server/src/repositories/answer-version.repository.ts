import type { Db } from '../db/database.ts';

/**
 * A scope whose change version the database keeps (migration 20261127103000_create_answer_versions): a video (its
 * row, slides and renders), an organization (its row, videos, their slides and orders; 0 for videos of none), the
 * look modifiers or the products; `org:*` is every organization at once.
 */
export type AnswerScope = `video:${number}` | `org:${number}` | 'org:*' | 'looks:0' | 'products:0';

/** Every TRUNCATE of a watched table moves this one, so it is part of every version. */
const EPOCH = 'epoch:0';

export function answerVersionRepository(db: Db) {
  return {
    /**
     * One text that changes whenever anything in the scopes has changed since it was last read: each scope's version
     * (0 while it never changed). `org:*` is the sum and count of the organizations' versions: each only grows, so
     * the sum moves with any one of them, and it needs no row that every writer would have to lock.
     */
    async read(scopes: readonly AnswerScope[]): Promise<string> {
      const exact = [EPOCH, ...new Set(scopes.filter((s) => s !== 'org:*'))];
      const [kinds, ids] = [exact.map((s) => s.split(':')[0]), exact.map((s) => Number(s.split(':')[1]))];
      const everyOrg = scopes.includes('org:*');
      const { rows } = await db.raw<{ rows: { version: string | number | null; every_org: string | null }[] }>(
        `SELECT v.version, CASE WHEN w.ord = 1 AND ? THEN (SELECT coalesce(sum(version), 0) || '/' || count(*) FROM answer_versions WHERE kind = 'org') END AS every_org
           FROM unnest(?::text[], ?::bigint[]) WITH ORDINALITY AS w(kind, id, ord)
           LEFT JOIN answer_versions AS v USING (kind, id)
          ORDER BY w.ord`,
        [everyOrg, kinds, ids],
      );
      const parts = exact.map((scope, i) => `${scope}=${rows[i]?.version ?? 0}`);
      if (everyOrg) parts.push(`org:*=${rows[0]?.every_org ?? ''}`);
      return parts.join(' ');
    },
  };
}

export type AnswerVersionRepository = ReturnType<typeof answerVersionRepository>;
