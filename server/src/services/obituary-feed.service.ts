import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import { MAX_CSV_BYTES, type ImportResult, type ObituaryImportService } from './obituary-import.service.ts';

/** A feed has this long to answer, and at most MAX_CSV_BYTES. */
const FEED_TIMEOUT_MS = 20_000;

export interface FeedRow {
  id: number;
  organization_id: number;
  organization_name: string;
  url: string;
  last_run_at: Date | null;
  last_result: (ImportResult | { error: string }) | null;
}

/** Reads a feed's CSV: http or https, a 2xx answer, no larger than the import takes. */
export async function fetchFeed(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), redirect: 'follow', headers: { Accept: 'text/csv, text/plain;q=0.9, */*;q=0.1' } });
  if (!response.ok) throw new Error(`The feed answered ${response.status} ${response.statusText}.`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_CSV_BYTES) throw new Error(`The feed is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_CSV_BYTES) {
      await reader.cancel();
      throw new Error(`The feed is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const isFeedAddress = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && url.length <= 1000;
  } catch {
    return false;
  }
};

/**
 * Organizations' obituary feeds: saved by a super user on /settings/obituaries, fetched there at once and then every
 * hour by the `obituaries.feeds` job; each run's answer (or why the feed could not be read) is kept with the feed.
 */
export function obituaryFeedService(db: Db, importer: ObituaryImportService) {
  const list = () =>
    db('obituary_feeds as f')
      .join('organizations as o', 'o.id', 'f.organization_id')
      .select<FeedRow[]>('f.id', 'f.organization_id', 'o.organization_name', 'f.url', 'f.last_run_at', 'f.last_result')
      .orderBy('o.organization_name');

  async function run(feed: Pick<FeedRow, 'id' | 'organization_id' | 'url'>): Promise<FeedRow['last_result']> {
    let result: FeedRow['last_result'];
    try {
      result = await importer.importCsv(feed.organization_id, await fetchFeed(feed.url));
    } catch (err) {
      const reason = err instanceof Error ? (err.name === 'TimeoutError' ? `The feed did not answer within ${FEED_TIMEOUT_MS / 1000} s.` : err.message) : String(err);
      result = { error: reason };
    }
    await db('obituary_feeds').where({ id: feed.id }).update({ last_run_at: db.fn.now(), last_result: JSON.stringify(result), updated_at: db.fn.now() });
    return result;
  }

  return {
    list: () => list(),

    /** Saves the organization's feed address and reads it now. */
    async save(organizationId: number, url: string): Promise<FeedRow> {
      if (!isFeedAddress(url)) throw new AppError(400, 'The feed address must be a web address starting with http:// or https://.');
      if (!(await db('organizations').where({ id: organizationId }).first('id'))) throw new AppError(400, 'Please choose an organization.');
      const [feed] = await db('obituary_feeds')
        .insert({ organization_id: organizationId, url })
        .onConflict('organization_id')
        .merge({ url, updated_at: db.fn.now() })
        .returning<{ id: number; organization_id: number; url: string }[]>(['id', 'organization_id', 'url']);
      await run(feed);
      return (await list().where('f.id', feed.id))[0];
    },

    async remove(id: number): Promise<void> {
      if (!(await db('obituary_feeds').where({ id }).delete())) throw notFound();
    },

    /** The scheduled job: every feed in turn; one feed's failure is kept with it and does not stop the others. */
    async runAll(): Promise<void> {
      for (const feed of await list()) await run(feed);
    },
  };
}

export type ObituaryFeedService = ReturnType<typeof obituaryFeedService>;
