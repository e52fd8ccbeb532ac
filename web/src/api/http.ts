import { showAlert } from './alerts.ts';
import { camelize, snakify } from './case.ts';
import { getLiveSocketId, getSecurityHash, LIVE_SOCKET_HEADER } from './context.ts';

export class ServerProblem extends Error {
  readonly status: number;
  /** A form's problems by field (camelCase keys), when the server named the fields. */
  readonly fields?: Record<string, string>;
  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

interface Options {
  /** Calls that the spec lists with "no error dialog" pass false. */
  alertErrors?: boolean;
  signal?: AbortSignal;
  /**
   * The browser finishes the request even if the page goes away meanwhile (Back to another site, closing the tab):
   * for small saves a page sends as it is left. Bodies are capped at 64 KB.
   */
  keepalive?: boolean;
}

export async function readReply<T>(response: Response, alertErrors: boolean): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: reported below as a server problem.
  }
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first = String(errors[0]);
    if (alertErrors) showAlert(first);
    const fields = (data as { fields?: Record<string, string> }).fields;
    throw new ServerProblem(response.status, first, fields ? camelize<Record<string, string>>(fields) : undefined);
  }
  if (!response.ok || data === undefined) {
    throw new ServerProblem(response.status, `Server problem: ${response.status} ${text || response.statusText}`);
  }
  return camelize<T>(data);
}

function headers(extra: Record<string, string>): Record<string, string> {
  const socket = getLiveSocketId();
  return socket ? { ...extra, [LIVE_SOCKET_HEADER]: socket } : extra;
}

/** A URL for links and images that need the family hash too (downloads, derived images). */
export function withSecurityHash(path: string): string {
  const hash = getSecurityHash();
  return hash ? withQuery(path, { security_hash: hash }) : path;
}

/** Sends one file as multipart/form-data (the browser sets the boundary); errors behave like sendJson's. */
export async function sendFile<T>(path: string, field: string, file: Blob, options: Options = {}): Promise<T> {
  const body = new FormData();
  body.append(field, file);
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: headers({ Accept: 'application/json' }), body, signal: options.signal });
  return readReply<T>(response, options.alertErrors ?? true);
}

export async function getJson<T>(path: string, query?: Query, options: Options = {}): Promise<T> {
  const hash = getSecurityHash();
  const response = await fetch(withQuery(path, hash ? { security_hash: hash, ...query } : query), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    // Always asks the server, but lets the browser send the ETag of what it holds: the big read calls then answer
    // 304 with no body (server/src/http/cached-answer.ts). Answers sent no-store are never kept.
    cache: 'no-cache',
    signal: options.signal,
  });
  return readReply<T>(response, options.alertErrors ?? false);
}

function withHash(body: unknown): unknown {
  const hash = getSecurityHash();
  if (!hash || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { security_hash: hash, ...body };
}

/** POST, PATCH, PUT or DELETE with a JSON body (camelCase in, snake_case on the wire). */
export async function sendJson<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, options: Options = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: headers({ 'Content-Type': 'application/json', Accept: 'application/json' }),
    body: JSON.stringify(withHash(snakify(body ?? {}))),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  return readReply<T>(response, options.alertErrors ?? true);
}

/** Form-encoded POST, for the calls the spec sends as forms. */
export async function sendForm<T>(path: string, fields: Record<string, string>, options: Options = {}): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }),
    body: new URLSearchParams(withHash(fields) as Record<string, string>).toString(),
    signal: options.signal,
  });
  return readReply<T>(response, options.alertErrors ?? true);
}
