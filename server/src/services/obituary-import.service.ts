import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { readCsv } from './csv-read.ts';

/**
 * The obituary import (/settings/obituaries): a CSV of a funeral home's obituary pages, uploaded or fetched from its
 * feed on a schedule, fills obituary_websites, obituaries and obituary_videos, which the admin's obituary widget reads
 * (spec 3 section 2.8). Each row is checked on its own: good rows are stored, and each bad one is answered with its
 * row number (the header is row 1, as a spreadsheet numbers it) and what is wrong.
 */

/** The columns, in the order a template lists them; `slug` and `domain` are required. */
export const OBITUARY_COLUMNS = ['website_name', 'domain', 'obituary_path', 'slug', 'foreign_id', 'published_at', 'deleted_at', 'video_code', 'video_name', 'video_ready'] as const;
type Column = (typeof OBITUARY_COLUMNS)[number];

export const MAX_ROWS = 5000;
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

export interface RowProblem {
  row: number;
  messages: string[];
}

export interface ImportResult {
  rows: number;
  imported: number;
  /** Obituaries new to the tables (the rest were updated). */
  created: number;
  problems: RowProblem[];
}

const HOST = /^(?=.{1,250}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SLUG = /^[^/?#\s]{1,250}$/;

function dateOf(text: string, column: string, messages: string[]): Date | null {
  if (!text) return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) {
    messages.push(`${column} is not a date (use 2026-11-28 or 2026-11-28T14:30:00Z): ${text}`);
    return null;
  }
  return new Date(time);
}

function booleanOf(text: string, messages: string[]): boolean {
  const value = text.toLowerCase();
  if (['', '0', 'false', 'no', 'n'].includes(value)) return false;
  if (['1', 'true', 'yes', 'y'].includes(value)) return true;
  messages.push(`video_ready must be yes or no: ${text}`);
  return false;
}

export function obituaryImportService(db: Db) {
  /** One checked row into the three tables; answers whether the obituary was new. */
  async function store(organizationId: number, present: ReadonlySet<string>, row: Record<Column, string>, dates: { published: Date | null; deleted: Date | null }, video: { id: number; name: string; ready: boolean } | null): Promise<boolean> {
    return db.transaction(async (trx) => {
      const domain = row.domain.toLowerCase();
      let website = await trx('obituary_websites').where({ organization_id: organizationId }).whereRaw('lower(domain) = ?', [domain]).first<{ id: number } | undefined>('id');
      // An empty name or path keeps what the website has (a new one is named by its domain, its pages under /obituaries).
      const path = row.obituary_path.replace(/^\/+|\/+$/g, '');
      const given = { ...(row.website_name ? { name: row.website_name } : {}), ...(path ? { obituary_slug: path } : {}) };
      if (website) await trx('obituary_websites').where({ id: website.id }).update({ ...given, updated_at: trx.fn.now() });
      else [website] = await trx('obituary_websites').insert({ organization_id: organizationId, domain, name: domain, obituary_slug: 'obituaries', ...given }).returning<{ id: number }[]>('id');
      const existing = await trx('obituaries').where({ website_id: website!.id, slug: row.slug }).first<{ id: number } | undefined>('id');
      // Only the columns the file has are changed: a file of domains and slugs alone does not unpublish anything.
      const obituaryFields = {
        ...(present.has('foreign_id') ? { foreign_id: row.foreign_id || null } : {}),
        ...(present.has('published_at') ? { published_at: dates.published } : {}),
        ...(present.has('deleted_at') ? { deleted_at: dates.deleted } : {}),
        updated_at: trx.fn.now(),
      };
      let obituaryId: number;
      if (existing) {
        await trx('obituaries').where({ id: existing.id }).update(obituaryFields);
        obituaryId = existing.id;
      } else {
        [{ id: obituaryId }] = await trx('obituaries').insert({ website_id: website!.id, slug: row.slug, ...obituaryFields }).returning<{ id: number }[]>('id');
      }
      if (video) {
        await trx('obituary_videos')
          .insert({ obituary_id: obituaryId, video_id: video.id, name: video.name, is_ready: video.ready, deleted_at: null })
          .onConflict(['obituary_id', 'video_id'])
          .merge({ name: video.name, is_ready: video.ready, deleted_at: null, updated_at: trx.fn.now() });
      }
      return !existing;
    });
  }

  return {
    /** Checks and stores every row of the CSV for the organization. */
    async importCsv(organizationId: number, text: string): Promise<ImportResult> {
      if (Buffer.byteLength(text) > MAX_CSV_BYTES) throw new AppError(413, `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
      const [header, ...lines] = readCsv(text);
      if (!header) throw new AppError(400, 'The file is empty. Its first row names the columns: ' + OBITUARY_COLUMNS.join(', ') + '.');
      const names = header.map((name) => name.trim().toLowerCase());
      const unknown = names.filter((name) => name && !(OBITUARY_COLUMNS as readonly string[]).includes(name));
      if (unknown.length) throw new AppError(400, `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. The columns are: ${OBITUARY_COLUMNS.join(', ')}.`);
      for (const required of ['domain', 'slug'] as const) if (!names.includes(required)) throw new AppError(400, `The first row must name the column ${required}.`);
      if (lines.length > MAX_ROWS) throw new AppError(413, `The file has ${lines.length} rows; at most ${MAX_ROWS} are read at once.`);

      const result: ImportResult = { rows: lines.length, imported: 0, created: 0, problems: [] };
      for (const [index, cells] of lines.entries()) {
        const rowNumber = index + 2;
        const row = Object.fromEntries(OBITUARY_COLUMNS.map((column) => [column, (cells[names.indexOf(column)] ?? '').trim()])) as Record<Column, string>;
        const messages: string[] = [];
        if (cells.length > names.length) messages.push(`has ${cells.length} fields but the header names ${names.length}`);
        if (!row.domain) messages.push('domain is required.');
        else if (!HOST.test(row.domain.toLowerCase())) messages.push(`domain must be a host name such as www.example.com: ${row.domain}`);
        if (!row.slug) messages.push('slug is required.');
        else if (!SLUG.test(row.slug)) messages.push(`slug must be the last part of the obituary's address, without / or spaces: ${row.slug}`);
        if (row.website_name.length > 250) messages.push('website_name must be at most 250 characters.');
        if (row.foreign_id.length > 250) messages.push('foreign_id must be at most 250 characters.');
        if (row.video_name.length > 250) messages.push('video_name must be at most 250 characters.');
        const published = dateOf(row.published_at, 'published_at', messages);
        const deleted = dateOf(row.deleted_at, 'deleted_at', messages);
        const ready = booleanOf(row.video_ready, messages);
        let video: { id: number; name: string; ready: boolean } | null = null;
        if (row.video_code) {
          const found = await db('videos').where({ video_code: row.video_code }).first<{ id: number; organization_id: number | null; title: string } | undefined>('id', 'organization_id', 'title');
          if (!found || found.organization_id !== organizationId) messages.push(`video_code is not a video of this organization: ${row.video_code}`);
          else video = { id: found.id, name: row.video_name || found.title, ready };
        }
        if (messages.length) {
          result.problems.push({ row: rowNumber, messages });
          continue;
        }
        if (await store(organizationId, new Set(names), row, { published, deleted }, video)) result.created += 1;
        result.imported += 1;
      }
      return result;
    },
  };
}

export type ObituaryImportService = ReturnType<typeof obituaryImportService>;
