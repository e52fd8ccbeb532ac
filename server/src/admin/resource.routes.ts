import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import { singleFileUpload, uploadedFile } from '../http/logo-upload.ts';
import { idFilter, pagingOf } from '../http/paging.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { requireSuper } from '../http/session.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import { searchTerms } from '../services/accent-fold.ts';
import { readFields, refuseProblems, type FieldMessages } from './fields.ts';
import { resourceRepository } from './resource.repository.ts';
import type { AdminAttachment, AdminResource, Row } from './resource.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** The file columns every resource with an attachment has (see admin/resource.ts). */
interface StoredFile {
  file_key: string;
  file_name: string;
  file_type: string;
  file_size: number;
}

/** The routes of one declared admin resource. Every call answers 404 to anyone but a super user, before anything else. */
export function adminResourceRoutes(db: Db, storage: StorageRepository, resource: AdminResource): Router {
  const router = new Router({ prefix: `/r/settings/${resource.name}` });
  const rows = resourceRepository(db, resource);
  const toWire = resource.toWire ?? ((row: Row) => row);
  const one = (row: Row) => ({ [resource.singular]: toWire(row) });
  const attachment = resource.attachment;

  // The super check runs before a multipart body is read, so nobody else can make the server read an upload.
  router.use(async (ctx: Context, next: Next) => {
    requireSuper(ctx);
    await next();
  });
  const upload = attachment ? optionalUpload(attachment) : async (_ctx: Context, next: Next) => next();

  async function existing(ctx: Context): Promise<Row> {
    const row = await rows.find(intParam(ctx.params.id));
    if (!row) throw notFound();
    return row;
  }

  /** The checked values of a body, or a 400 naming every field that is wrong. */
  async function valuesOf(ctx: Context, current: Row | undefined): Promise<Record<string, unknown>> {
    const { values, problems } = readFields(resource.fields, bodyOf(ctx), current === undefined);
    const references: Record<string, [string, number]> = {};
    for (const field of resource.fields) {
      if (field.references && typeof values[field.column] === 'number') references[field.column] = [field.references, values[field.column] as number];
    }
    for (const key of await rows.missingReferences(references)) {
      problems[key] = `Please choose a valid ${resource.fields.find((f) => f.column === key)!.label}.`;
    }
    for (const field of resource.fields) {
      const ids = values[field.column];
      if (field.kind === 'ids' && field.references && Array.isArray(ids) && ids.length && (await rows.anyMissing(field.references, ids))) {
        problems[field.column] = `Please choose valid ${field.label}.`;
      }
    }
    const file = uploadedFile(ctx);
    if (attachment) Object.assign(problems, fileProblems(attachment, file, current === undefined));
    if (Object.keys(problems).length === 0 && resource.check) Object.assign(problems, await resource.check(values, current, db));
    refuseProblems(problems);
    return values;
  }

  /** Stores an uploaded file under the row and answers its columns; the previous file (if any) is removed after. */
  async function storeFile(ctx: Context, id: number, previous: string | undefined): Promise<Partial<StoredFile>> {
    const file = uploadedFile(ctx);
    if (!attachment || !file) return {};
    if (attachment.store) return attachment.store(id, file, storage);
    const name = safeFileName(file.originalname);
    const key = `${attachment.prefix}/${id}/${randomBytes(6).toString('hex')}-${name}`;
    await storage.write(key, file.buffer);
    if (previous) await storage.removeTree(previous);
    return { file_key: key, file_name: name, file_type: file.mimetype, file_size: file.size };
  }

  router.get('/', async (ctx) => {
    const paging = pagingOf(ctx);
    const ids: Record<string, number> = {};
    for (const [param, column] of Object.entries(resource.filters ?? {})) {
      const id = idFilter(ctx.query[param]);
      if (id) ids[column] = id;
    }
    const { rows: found, total } = await rows.list({ terms: searchTerms(ctx.query.q), ids, offset: paging.offset, limit: paging.perPage });
    ctx.body = { [resource.plural]: found.map(toWire), total, page: paging.page, per_page: paging.perPage };
  });

  router.post('/', upload, async (ctx) => {
    const values = await valuesOf(ctx, undefined);
    const id = resource.save ? await resource.save.create(values, db) : await rows.create(values);
    try {
      await rows.update(id, await storeFile(ctx, id, undefined));
    } catch (err) {
      // A file refused by the resource's `store` leaves no row without its file.
      await rows.remove(id);
      if (attachment) await storage.removeTree(`${attachment.prefix}/${id}`);
      throw err;
    }
    ctx.status = 201;
    ctx.body = one((await rows.find(id))!);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = one(await existing(ctx));
  });

  router.patch('/:id', upload, async (ctx) => {
    const current = await existing(ctx);
    const values = await valuesOf(ctx, current);
    const file = await storeFile(ctx, current.id, current.file_key as string | undefined);
    if (resource.save) await resource.save.update(current, values, db);
    await rows.update(current.id, resource.save ? file : { ...values, ...file });
    ctx.body = one((await rows.find(current.id))!);
  });

  router.delete('/:id', async (ctx) => {
    const current = await existing(ctx);
    const refusal = await resource.refusal?.(current, db);
    if (refusal) throw new AppError(409, refusal);
    if (resource.remove !== 'delete') {
      await rows.update(current.id, { [resource.remove.flag]: true });
      ctx.body = one((await rows.find(current.id))!);
      return;
    }
    try {
      await rows.remove(current.id);
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new AppError(409, resource.inUse ?? 'Other records still use this one.');
      throw err;
    }
    if (attachment) await storage.removeTree(`${attachment.prefix}/${current.id}`);
    ctx.body = one(current);
  });

  if (attachment) {
    router.get('/:id/file', async (ctx) => {
      const row = (await existing(ctx)) as Row & Partial<StoredFile>;
      const data = row.file_key ? await storage.read(row.file_key) : null;
      if (!data) throw notFound();
      ctx.type = row.file_type || 'application/octet-stream';
      ctx.set('Content-Disposition', `attachment; filename="${row.file_name ?? 'file'}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = data;
    });
  }

  return router;
}

/** Reads a multipart body when one is sent; a JSON PATCH (say, a new expiry date alone) passes straight through. */
function optionalUpload(attachment: AdminAttachment) {
  const upload = singleFileUpload(attachment.field, attachment.maxBytes, attachment.label);
  return async (ctx: Context, next: Next) => (ctx.is('multipart/form-data') ? upload(ctx, next) : next());
}

function fileProblems(attachment: AdminAttachment, file: Express.Multer.File | undefined, creating: boolean): FieldMessages {
  if (!file?.size) return creating && attachment.required ? { [attachment.field]: `Please choose the ${attachment.label} file to upload.` } : {};
  if (!attachment.types.includes(file.mimetype)) return { [attachment.field]: `The ${attachment.label} must be ${attachment.typesLabel}.` };
  return {};
}

/** A file name safe to keep in a storage key and a Content-Disposition header. */
function safeFileName(original: string): string {
  const base = path.basename(original || 'file').normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '');
  return base.slice(-100) || 'file';
}
