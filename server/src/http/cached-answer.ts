import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { AnswerScope, AnswerVersionRepository } from '../repositories/answer-version.repository.ts';
import { encodeBody } from './content-coding.ts';
import { chooseEncoding, type Encoding } from './static.ts';

/**
 * The big read answers (videos list, dashboard, slide list, generation statuses) made once per change instead of
 * once per request, sent compressed and answered 304 when the browser already has them.
 *
 * Correctness rests on the key: the call, the database's change versions of every scope the answer is made of
 * (read fresh from the database on every request, so a write through any process is seen by the next request of
 * every process), and every fact about the caller and the query that changes the answer. Access is checked by the
 * route before, on every request: the cache only saves making the answer, never the decision to give it.
 */
export interface CachedAnswer {
  /** Names the call, so two calls never share an answer. */
  call: string;
  /** What the answer is made of (see AnswerScope). */
  scopes: readonly AnswerScope[];
  /**
   * Everything else the answer depends on: the caller's facets that change it, the query's parameters, and whatever
   * `build` takes from rows read before the versions (an access check's video row): a write between that read and
   * the versions' would otherwise file an answer made from the old row under the new versions.
   */
  facets: unknown;
  /** Makes the answer; it must read only what the scopes cover. */
  build: () => Promise<unknown>;
}

interface Entry {
  key: string;
  json: Buffer;
  /** The hash of the JSON: the strong ETag of the plain answer; each coding adds its name. */
  tag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  bytes: number;
}

export interface AnswerCacheOptions {
  /** The most the answers and their compressed forms may take together. */
  maxBytes: number;
}

const etagOf = (tag: string, encoding: Encoding | undefined) => `"${tag}${encoding ? `-${encoding}` : ''}"`;

/** Whether If-None-Match names this answer, in whatever coding the browser received it (weak comparison, RFC 9110). */
function matches(ifNoneMatch: string, tag: string): boolean {
  return ifNoneMatch.split(',').some((part) => {
    const value = part.trim().replace(/^W\//, '');
    return value === '*' || value === `"${tag}"` || value.startsWith(`"${tag}-`);
  });
}

export function answerCache(versions: AnswerVersionRepository, options: AnswerCacheOptions) {
  /** Least recently used first: a hit moves its entry to the end. */
  const entries = new Map<string, Entry>();
  /** Answers being made: requests that arrive meanwhile wait for the same one instead of making it again. */
  const making = new Map<string, Promise<Entry>>();
  let bytes = 0;

  function evict(): void {
    for (const [key, entry] of entries) {
      if (bytes <= options.maxBytes) return;
      entries.delete(key);
      bytes -= entry.bytes;
    }
  }

  function remember(entry: Entry): void {
    // An answer larger than a quarter of the room would push out everything else: it is made for each request.
    if (entry.bytes > options.maxBytes / 4 || entries.has(entry.key)) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    evict();
  }

  async function make(key: string, spec: CachedAnswer): Promise<Entry> {
    const json = Buffer.from(JSON.stringify(await spec.build()));
    const entry: Entry = { key, json, tag: createHash('sha256').update(json).digest('base64url').slice(0, 27), encoded: {}, bytes: json.length };
    remember(entry);
    return entry;
  }

  async function entryFor(spec: CachedAnswer): Promise<Entry> {
    // The versions are read before anything the answer is made of: the answer is then at least as new as its key.
    const version = await versions.read(spec.scopes);
    const key = createHash('sha256').update(JSON.stringify([spec.call, version, spec.facets])).digest('base64url');
    const cached = entries.get(key);
    if (cached) {
      entries.delete(key);
      entries.set(key, cached);
      return cached;
    }
    let pending = making.get(key);
    if (!pending) {
      pending = make(key, spec).finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  /** The answer in a coding, compressed once (off the event loop) and counted in the cache's bytes while it is kept. */
  function encoded(entry: Entry, encoding: Encoding): Promise<Buffer> {
    let pending = entry.encoded[encoding];
    if (!pending) {
      pending = encodeBody(encoding, entry.json);
      entry.encoded[encoding] = pending;
      pending.then(
        (body) => {
          entry.bytes += body.length;
          if (entries.get(entry.key) !== entry) return;
          bytes += body.length;
          evict();
        },
        () => delete entry.encoded[encoding],
      );
    }
    return pending;
  }

  return {
    /**
     * Answers the request with the call's JSON: 304 when If-None-Match names it, else the JSON in the best coding
     * Accept-Encoding allows. `private, no-cache`: a browser may keep it but asks each time, and no shared cache
     * keeps one user's answer for another.
     */
    async send(ctx: Context, spec: CachedAnswer): Promise<void> {
      const entry = await entryFor(spec);
      const encoding = chooseEncoding(ctx.get('Accept-Encoding'));
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.vary('Accept-Encoding');
      ctx.set('ETag', etagOf(entry.tag, encoding));
      const ifNoneMatch = ctx.get('If-None-Match');
      if (ifNoneMatch && matches(ifNoneMatch, entry.tag)) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json; charset=utf-8';
      if (encoding) ctx.set('Content-Encoding', encoding);
      ctx.body = encoding ? await encoded(entry, encoding) : entry.json;
    },

    /** What the cache holds: for tests and for a look from a debugger. */
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type AnswerCache = ReturnType<typeof answerCache>;
