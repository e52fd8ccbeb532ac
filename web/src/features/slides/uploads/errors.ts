import type { UploadError } from './types.ts';

/** What went wrong with one upload request, as far as the browser can tell. */
export type UploadFailure =
  | { kind: 'response'; status: number; body: string | null }
  /** No answer at all: offline, server restarting, proxy dropped the connection. */
  | { kind: 'network' }
  /** The browser could not read the file (moved, deleted or locked since it was chosen). */
  | { kind: 'local'; message: string };

export const NETWORK_MESSAGE = 'The connection to the server was lost. Still trying...';

/** tus: 409 (offset mismatch) and 423 (locked by a request still running) clear up when the client asks again. */
const RETRYABLE_CLIENT_STATUSES = new Set([409, 423]);

/**
 * Whether asking again can help. 4xx answers are final (too large, not media, limit reached, no access, link off).
 * 507 is final too: the server marks the slide failed when its disk fills, so a retry would only find it gone.
 * Other 5xx and lost connections are passing troubles.
 */
export function isRetryable(failure: UploadFailure): boolean {
  if (failure.kind === 'network') return true;
  if (failure.kind === 'local') return false;
  if (failure.status === 507) return false;
  if (failure.status >= 400 && failure.status < 500) return RETRYABLE_CLIENT_STATUSES.has(failure.status);
  return true;
}

/** The server's own message (`{errors: [message]}`), else what the status says. */
function responseMessage(status: number, body: string | null): string {
  try {
    const errors = (JSON.parse(body ?? '') as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && String(errors[0])) return String(errors[0]);
  } catch {
    // A proxy's HTML error page: fall back to the status below.
  }
  return `Server problem: ${status}`;
}

export function describeFailure(failure: UploadFailure): UploadError {
  const permanent = !isRetryable(failure);
  if (failure.kind === 'network') return { message: NETWORK_MESSAGE, permanent };
  if (failure.kind === 'local') return { message: `This file could not be read: ${failure.message}`, permanent };
  return { message: responseMessage(failure.status, failure.body), permanent };
}

export const limitMessage = (limit: number): string => `Too many slides, limit is ${limit}.`;

export const PROCESSING_FAILED = 'This file could not be processed.';
