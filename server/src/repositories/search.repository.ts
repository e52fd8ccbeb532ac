import type { SearchSourceName } from '../../../common/search-sources.ts';
import type { Db } from '../db/database.ts';
import { containsPattern } from './text-search.ts';

/**
 * One source of the global search: the rows it reads and the document it matches. `document` is, column for
 * column, the expression that migration 20261127041600 indexed (trigram GIN over immutable_unaccent(lower(...)), and
 * 20261127072800 the same as a tsvector), so the planner answers both tests below from that index; change one only with a new migration for the other.
 */
interface SourceQuery {
  from: string;
  id: string;
  document: string;
  columns: string;
}

const SOURCES: Record<SearchSourceName, SourceQuery> = {
  videos: {
    from: 'videos v LEFT JOIN organizations o ON o.id = v.organization_id',
    id: 'v.id',
    document: "coalesce(v.title, '') || ' ' || coalesce(v.subtitle, '')",
    columns: 'v.id, v.title, v.subtitle, o.organization_name, v.date_in_queue, v.created_at, v.deleted_at IS NOT NULL AS deleted',
  },
  users: {
    from: 'users u LEFT JOIN organizations o ON o.id = u.organization_id',
    id: 'u.id',
    document: "coalesce(u.name, '') || ' ' || u.email",
    columns: 'u.id, u.name, u.email, u.role, o.organization_name, u.disabled, u.last_login_at',
  },
  organizations: {
    from: 'organizations o',
    id: 'o.id',
    document: "o.organization_name || ' ' || coalesce(o.partner_name, '')",
    columns: `o.id, o.organization_name, o.partner_name, o.disabled,
      (SELECT w.domain FROM obituary_websites w WHERE w.organization_id = o.id ORDER BY w.id LIMIT 1) AS website_domain`,
  },
  brands: {
    from: 'brands b LEFT JOIN organizations o ON o.id = b.organization_id',
    id: 'b.id',
    document: 'b.name',
    columns: 'b.id, b.name, o.organization_name, b.disabled',
  },
  orders: {
    from: 'orders r LEFT JOIN videos v ON v.id = r.video_id LEFT JOIN organizations o ON o.id = r.organization_id',
    id: 'r.id',
    document: "coalesce(r.customer_name, '') || ' ' || coalesce(r.customer_email, '')",
    columns: 'r.id, r.customer_name, r.customer_email, r.video_id, v.title AS video_title, o.organization_name, r.order_date',
  },
  slides: {
    from: 'slides s JOIN videos v ON v.id = s.video_id',
    id: 's.id',
    document: 's.orig_filename',
    // The rest are what a slide's image address depends on (services/slide-media.service.ts slideUrls).
    columns: `s.id, s.orig_filename, s.video_id, v.title AS video_title, s.created_at, s.deleted_at IS NOT NULL AS deleted,
      s.is_text, s.is_video, s.orig_path, s.sha256, s.processing_state, s.angle, s.crop, s.hue, s.brightness, s.contrast,
      s.saturation, s.straighten, s.enhance, s.redeyes, s.blemishes`,
  },
  songs: {
    from: 'songs g JOIN videos v ON v.id = g.video_id',
    id: 'g.id',
    document: "coalesce(g.title, '') || ' ' || coalesce(g.artist, '') || ' ' || coalesce(g.song_orig_name, '')",
    columns: 'g.id, g.title, g.artist, g.song_orig_name, g.video_id, v.title AS video_title, g.deleted_at IS NOT NULL AS deleted',
  },
  devices: {
    from: 'silks k LEFT JOIN organizations o ON o.id = k.organization_id',
    id: 'k.id',
    document: "k.label || ' ' || k.device_id",
    columns: 'k.id, k.device_id, k.label, o.organization_name, k.disabled, k.last_seen_at',
  },
  obituaries: {
    from: 'obituaries b LEFT JOIN obituary_websites w ON w.id = b.website_id',
    id: 'b.id',
    document: 'b.slug',
    // The obituary's video (its newest live record), for the builder link.
    columns:
      'b.id, b.slug, w.name AS website_name, w.domain, w.obituary_slug, b.published_at, b.deleted_at IS NOT NULL AS deleted, ' +
      '(SELECT ov.video_id FROM obituary_videos ov WHERE ov.obituary_id = b.id AND ov.deleted_at IS NULL ORDER BY ov.id DESC LIMIT 1) AS video_id',
  },
  obituary_websites: {
    from: 'obituary_websites w LEFT JOIN organizations o ON o.id = w.organization_id',
    id: 'w.id',
    document: "w.name || ' ' || w.domain",
    columns: 'w.id, w.name, w.domain, o.organization_name',
  },
  stock_songs: {
    from: 'stock_songs t',
    id: 't.id',
    document: "t.song_name || ' ' || coalesce(t.artist_name, '')",
    columns: 't.id, t.song_name, t.artist_name, t.song_length, t.premium, t.disabled',
  },
  themes: {
    from: 'themes t',
    id: 't.id',
    document: "t.theme_title || ' ' || coalesce(t.tags, '')",
    columns: 't.id, t.theme_title, t.tags, t.debug, t.disabled',
  },
  custom_themes: {
    from: 'custom_themes c LEFT JOIN organizations o ON o.id = c.organization_id',
    id: 'c.id',
    document: 'c.title',
    columns: 'c.id, c.title, c.theme_id, o.organization_name, c.deleted_at IS NOT NULL AS deleted',
  },
  stock_texts: {
    from: 'stock_texts t',
    id: 't.id',
    document: "t.text_title || ' ' || coalesce(t.author_name, '')",
    columns: 't.id, t.text_title, t.author_name, t.disabled',
  },
  stock_videos: {
    from: 'stock_videos t',
    id: 't.id',
    document: "t.video_title || ' ' || coalesce(t.tags, '')",
    columns: 't.id, t.video_title, t.tags, t.duration, t.disabled',
  },
  products: {
    from: 'products p',
    id: 'p.id',
    document: 'p.product_title',
    columns: 'p.id, p.product_title, p.kind, p.price_cents, p.enabled',
  },
};

export type SearchDbRow = Record<string, unknown> & { id: number };

type Sql = { sql: string; bindings: (string | number)[] };

/** A LIKE pattern for the words as they stand, with LIKE's own wildcards taken literally. */
const literal = (words: string): string => words.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The SQL of one source's search, for the repository and for EXPLAIN in the tests and the bench. Two tiers, so
 * that a common name does not cost a similarity score for each of its thousands of rows:
 * - `exact`: the folded words occur in the document (LIKE, from the trigram index), or every word's stem is one of
 *   the document's (full text, from the tsvector index of 20261127072800: 'running' finds "Run for Jim"), or a
 *   number is the row's id; a whole-word match first, then a match at a word's start, then the shortest document
 *   (the words are more of it), then the newest.
 * - `near`: asked only when `exact` found fewer than the limit; names within SIMILARITY_THRESHOLD of the words
 *   (<<%, strict_word_similarity, from the same index), most alike first.
 * The words are folded by the same function as the index (an immutable call on a constant is folded once, when
 * the query is planned). `OFFSET 0` keeps the inner query apart, so each row's document is folded once for the
 * ordering rather than once per term of it.
 */
export function searchSql(source: SearchSourceName, words: string, limit: number): { exact: Sql; near: Sql } {
  const { from, id, document, columns } = SOURCES[source];
  const folded = `immutable_unaccent(lower(${document}))`;
  const stems = `to_tsvector('english'::regconfig, ${folded}) @@ plainto_tsquery('english'::regconfig, immutable_unaccent(lower(?)))`;
  const numericId = /^\d{1,9}$/.test(words) ? Number(words) : null;
  const escaped = literal(words);
  const byId = numericId === null ? '' : ` OR ${id} = ?`;
  const exact: Sql = {
    sql: `SELECT * FROM (SELECT ${columns}, ${folded} AS document FROM ${from} WHERE ${folded} LIKE immutable_unaccent(lower(?)) OR ${stems}${byId} OFFSET 0) m
      ORDER BY ${numericId === null ? '' : 'm.id = ? DESC, '}' ' || m.document || ' ' LIKE immutable_unaccent(lower(?)) DESC,
        ' ' || m.document LIKE immutable_unaccent(lower(?)) DESC, length(m.document), m.id DESC
      LIMIT ?`,
    bindings: [
      containsPattern(words),
      words,
      ...(numericId === null ? [] : [numericId, numericId]),
      `% ${escaped} %`,
      `% ${escaped}%`,
      limit,
    ],
  };
  const near: Sql = {
    sql: `SELECT * FROM (SELECT ${columns}, ${folded} AS document FROM ${from} WHERE immutable_unaccent(lower(?)) <<% ${folded} AND NOT ${stems} OFFSET 0) m
      WHERE NOT m.document LIKE immutable_unaccent(lower(?))
      ORDER BY strict_word_similarity(immutable_unaccent(lower(?)), m.document) DESC, m.id DESC
      LIMIT ?`,
    bindings: [words, words, containsPattern(words), words, limit],
  };
  return { exact, near };
}

/**
 * How alike whole words of a name must be for <<%. The strict form compares whole words: plain
 * word_similarity lets a match run across a word's edge, so 'jose' found "...House John..." ('se ' + ' jo').
 * pg_trgm's default, 0.5, sits exactly on one changed letter of an eight-letter name ('thompsen' is 0.5 of
 * 'thompson'); 0.45 keeps those and a letter left out ('margret', 0.55 of 'margaret') and still leaves
 * unrelated names out ('josh' is 0.43 of 'jose'). The setting lives only in the query's transaction.
 */
export const SIMILARITY_THRESHOLD = 0.45;

/** The only code that reads the database for the global search. */
export function searchRepository(db: Db) {
  return {
    async search(source: SearchSourceName, words: string, limit: number): Promise<SearchDbRow[]> {
      const { exact, near } = searchSql(source, words, limit);
      const { rows } = await db.raw<{ rows: SearchDbRow[] }>(exact.sql, exact.bindings);
      if (rows.length >= limit) return rows;
      return db.transaction(async (trx) => {
        await trx.raw("SELECT set_config('pg_trgm.strict_word_similarity_threshold', ?, true)", [String(SIMILARITY_THRESHOLD)]);
        const more = (await trx.raw<{ rows: SearchDbRow[] }>(near.sql, near.bindings)).rows;
        // A row found by its id may also be a near spelling of that number.
        const seen = new Set(rows.map((row) => row.id));
        return [...rows, ...more.filter((row) => !seen.has(row.id))].slice(0, limit);
      });
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
