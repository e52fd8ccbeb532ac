/**
 * The burn window's calls to the server (spec 3 section 7). They show no error dialog: a failure is said in the
 * window's own rows and message area (spec 3 section 8), worded by httpFailureMessage.
 */

/** Response headers that carry an error meant for the user, and a general one (spec 3 section 8). */
export const USER_ERROR_HEADER = 'X-User-Error';
export const GENERAL_ERROR_HEADER = 'X-Error';

export class BurnHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The first of this server's `{errors: [message]}` body (server/src/http/errors.ts), which is meant for users. */
function bodyError(body: string): string | null {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    return Array.isArray(errors) && typeof errors[0] === 'string' && errors[0] ? errors[0] : null;
  } catch {
    return null;
  }
}

/**
 * Spec 3 section 8: the message from a user-error response header, else a general error header, else the status
 * text. This server says its user errors in the body (`{errors: [message]}`) rather than a header, so that counts
 * as the user error too; a proxy in front of it that answers with neither leaves the status text.
 */
export function httpFailureMessage(status: number, statusText: string, headers: { get(name: string): string | null }, body: string): string {
  const user = headers.get(USER_ERROR_HEADER) || bodyError(body);
  if (user) return user;
  const general = headers.get(GENERAL_ERROR_HEADER);
  if (general) return general;
  return statusText || `HTTP ${status}`;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new BurnHttpError(0, 'The server could not be reached.');
  }
  const text = await response.text();
  if (!response.ok) throw new BurnHttpError(response.status, httpFailureMessage(response.status, response.statusText, response.headers, text));
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new BurnHttpError(response.status, response.statusText || 'The server answered something unexpected.');
  }
}

/** POST /downloads/request_iso: starts the DVD image when needed; a null progress_stage means it is ready. */
export const requestIso = (videoId: number) => call<{ progress_stage: string | null }>('POST', '/downloads/request_iso', { video_id: videoId });

/** The DVD image's finalize progress: the dvd stage of the generation status (CONVENTIONS). */
export const dvdStatus = (videoId: number) =>
  call<{ complete: number; message: string; failed?: boolean }>('GET', `/r/videos/${videoId}/check_generation_status?stage=dvd`);

/** POST /downloads/iso: the image's addresses keyed by source (the keys are not camelized: they are names). */
export const isoInfo = (videoId: number) => call<{ urls: Record<string, string>; iso_size: number; sha256: string }>('POST', '/downloads/iso', { video_id: videoId });

/** GET /r/videos/{id}: the window needs the title and the cover. */
export const videoInfo = (videoId: number) => call<{ id: number; title: string; urls: { cover_big?: string; cover?: string } }>('GET', `/r/videos/${videoId}`);

export type BurnApi = { requestIso: typeof requestIso; dvdStatus: typeof dvdStatus; isoInfo: typeof isoInfo };
export const burnApi: BurnApi = { requestIso, dvdStatus, isoInfo };
