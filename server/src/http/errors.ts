import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';

/** An error a user may read: its status and message go to the client as `{errors: [message]}`. */
export class AppError extends Error {
  readonly status: number;
  readonly expose = true;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const notFound = (what = 'Not found'): AppError => new AppError(404, what);

/**
 * A form's problems, one message per field (keyed as on the wire). The body keeps `errors` (every message) for
 * callers that show one line, and adds `fields` so a form can show each message beside its field.
 */
export class FieldsError extends AppError {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super(400, Object.values(fields)[0] ?? 'Please check the form.');
    this.fields = fields;
  }
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  fields?: Record<string, string>;
}

/** First in the chain: every error becomes `{errors: [message]}`; 5xx texts are hidden and logged. */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (raw) {
    const err = (raw ?? {}) as HttpishError;
    const status = err.status ?? err.statusCode ?? 500;
    const expose = status < 500 && (err.expose ?? true);
    ctx.status = status;
    ctx.body = { errors: [expose && err.message ? err.message : 'Server error'] };
    if (expose && err.fields) ctx.body = { errors: Object.values(err.fields), fields: err.fields };
    if (status >= 500) ctx.app.emit('error', raw, ctx);
    await drainRequest(ctx.req);
  }
}

/** How much of a refused request's body is read and dropped so the client gets the answer (see drainRequest). */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_WAIT_MS = 5000;

/**
 * An upload refused before its body was read (no access, music not allowed) would otherwise be answered on a socket
 * the server then closes while the client is still sending, so the client sees a broken pipe instead of the reason.
 * Reading the rest of a modest body first lets the message arrive; a huge one is cut off as before.
 */
export function drainRequest(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > DRAIN_LIMIT_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_WAIT_MS);
    req.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
    req.resume();
  });
}
