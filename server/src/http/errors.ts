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

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
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
    if (status >= 500) ctx.app.emit('error', raw, ctx);
  }
}
