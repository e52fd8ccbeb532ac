import fc from 'fast-check';
import type TestAgent from 'supertest/lib/agent.js';
import { apiRouter } from '../../src/routes/index.ts';
import type { Harness } from '../harness.ts';
import { ORIGIN } from '../harness.ts';
import { databaseFingerprint, type Fingerprint } from './database-fingerprint.ts';

/**
 * Issue 17, "every call fuzzed": every route the server mounts, read from the router itself (so a new route is
 * covered without anyone remembering), is sent malformed input by each caller, and must answer a 4xx with the JSON
 * error body (or a 2xx that ignored what it did not need), never a 5xx and never hang; a call that was refused must
 * leave the database as it was.
 */

export interface MountedRoute {
  method: string;
  path: string;
}

/** Every method and path the API router mounts (HEAD goes with GET). */
export function mountedRoutes(h: Harness): MountedRoute[] {
  const seen = new Set<string>();
  const routes: MountedRoute[] = [];
  for (const layer of apiRouter(h.deps).stack) {
    for (const method of layer.methods) {
      const key = `${method} ${layer.path}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, path: String(layer.path) });
    }
  }
  return routes;
}

/** Who calls: each with its own cookie jar; `query` is added to every call (a family link carries its hash so). */
export interface Caller {
  name: string;
  agent: TestAgent;
  query: Record<string, string>;
  body: Record<string, string>;
}

/** Ids that exist (the owner's video and slide), so another organization's caller is tried on real rows. */
export interface RealIds {
  video: number;
  slide: number;
  code: string;
}

/** Field names the API really reads, so that wrong types reach the validation rather than a missing-field answer. */
const FIELDS = [
  'id', 'ids', 'video_id', 'slide_id', 'slide_ids', 'song_id', 'device_id', 'organization_id', 'user_id', 'brand_id',
  'theme_id', 'title', 'subtitle', 'name', 'email', 'password', 'state', 'position', 'positions', 'text', 'caption',
  'angle', 'crop', 'volume', 'start', 'end', 'duration', 'quantity', 'product', 'role', 'q', 'page', 'per_page',
  'security_hash', 'token', 'values', 'settings', 'label', 'enabled', 'disabled', 'order', 'kind', 'words', 'source',
] as const;

const HUGE = 'x'.repeat(200_000);

/** Values of the wrong type or size for any field. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.constantFrom(-1, 0, 2 ** 53 + 1, 1e308, -1e308, 0.5, '', ' ', 'null', 'NaN', '1e999', '-0', HUGE, '\u0000', '<script>', "'; DROP TABLE videos; --"),
  fc.string({ maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 3 }),
);

/** JSON text nested this deep (text: JSON.stringify itself overflows the stack on it): a parser or a validator that recurses must not fall over. */
const deep = (depth: number): Buffer => Buffer.from(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

export type Body =
  | { type: 'json'; value: unknown }
  | { type: 'raw'; contentType: string; bytes: Buffer }
  | { type: 'none' };

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.record({ type: fc.constant('json' as const), value: fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 6 }) }),
  fc.record({ type: fc.constant('json' as const), value: fc.oneof(fc.array(junk, { maxLength: 3 }), fc.constant({}), fc.string(), fc.integer(), fc.constant(null)) }),
  fc.record({ type: fc.constant('raw' as const), contentType: fc.constant('application/json'), bytes: fc.constantFrom(deep(200), deep(50_000)) }),
  fc.record({ type: fc.constant('raw' as const), contentType: fc.constant('application/json'), bytes: fc.constantFrom(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), Buffer.from('{"id": 1,'), Buffer.from('[[[[[[[[')) }),
  fc.record({ type: fc.constant('raw' as const), contentType: fc.constant('application/x-www-form-urlencoded'), bytes: fc.string({ maxLength: 60 }).map((s) => Buffer.from(`id=${encodeURIComponent(s)}&ids[]=a&title[x]=1`)) }),
  fc.record({ type: fc.constant('raw' as const), contentType: fc.constantFrom('text/plain', 'multipart/form-data; boundary=zz', 'application/octet-stream'), bytes: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) }),
  fc.constant({ type: 'none' as const }),
);

/** A value for a path parameter: broken numbers, other shapes, or (for an id) a real row of another caller. */
const paramValue = (name: string, real: RealIds): fc.Arbitrary<string> => {
  const realOne = /slide/i.test(name) ? real.slide : real.video;
  return fc.oneof(
    fc.constantFrom('-1', '0', '9007199254740993', '99999999999999999999999', 'abc', '1.5', '1e3', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3_000), '%E0%A4%A'),
    fc.constant(/code|token|hash/i.test(name) ? real.code : String(realOne)),
    fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  );
};

const query: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '1e999', HUGE.slice(0, 5_000), ''))).map((d) =>
    Object.entries(d).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'),
  ),
  fc.constantFrom('ids[]=1&ids[]=x', 'id[a][b]=1', 'page=-5&per_page=100000000', 'video_id=1&video_id=2', '%ZZ=1'),
);

export interface Case {
  path: string;
  query: string;
  body: Body;
}

/** The malformed calls of one route: its path parameters filled, a query string and a body. */
export function caseArbitrary(route: MountedRoute, real: RealIds): fc.Arbitrary<Case> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return fc.record({
    params: fc.tuple(...names.map((name) => paramValue(name, real))),
    query,
    body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant<Body>({ type: 'none' }) : body,
  }).map(({ params, query: q, body: b }) => {
    let i = 0;
    return { path: route.path.replace(/:(\w+)/g, () => params[i++]), query: q, body: b };
  });
}

export interface Finding {
  route: string;
  caller: string;
  call: string;
  problem: string;
}

export interface FuzzReport {
  routes: number;
  calls: number;
  refused: number;
  accepted: number;
  /** (route, caller) groups whose calls were all refused, checked for an unchanged database. */
  checkedUnchanged: number;
  findings: Finding[];
}

/** Describes a call in a line, for a failure message. */
const describeCall = (method: string, c: Case): string => {
  const shown = c.body.type === 'json' ? JSON.stringify(c.body.value)?.slice(0, 120) : c.body.type === 'raw' ? `${c.body.contentType} ${c.body.bytes.length} bytes` : '';
  return `${method} ${c.path.slice(0, 120)}${c.query ? `?${c.query.slice(0, 80)}` : ''} ${shown}`;
};

async function send(caller: Caller, method: string, c: Case): Promise<{ status: number; type: string; body: unknown }> {
  const params = new URLSearchParams(c.query);
  for (const [k, v] of Object.entries(caller.query)) params.set(k, v);
  const url = `${c.path}?${params.toString().replace(/%25ZZ/, '%ZZ')}`;
  let req = caller.agent[method.toLowerCase() as 'get'](url).set('Origin', ORIGIN).set('Accept', 'application/json').timeout(15_000).ok(() => true);
  if (c.body.type === 'json') {
    const value = c.body.value !== null && typeof c.body.value === 'object' && !Array.isArray(c.body.value) ? { ...(c.body.value as object), ...caller.body } : c.body.value;
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(value) ?? 'null');
  } else if (c.body.type === 'raw') {
    req = req.set('Content-Type', c.body.contentType).send(c.body.bytes);
  }
  const res = await req;
  return { status: res.status, type: String(res.headers['content-type'] ?? ''), body: res.body };
}

/** Pages the server writes itself (not API calls): they refuse with an HTML page a person reads, framed on other sites. */
const HTML_PAGES = new Set(['GET /videos/embedded_video/:code']);

/** Whether a refusal carries the API's error body: {errors: [one or more messages]}. */
const isErrorBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors) && (body as { errors: unknown[] }).errors.length > 0 &&
  (body as { errors: unknown[] }).errors.every((e) => typeof e === 'string');

/**
 * Sends `runs` malformed calls per route and caller. Routes that end the caller's session (logout) are sent only
 * anonymously, or they would sign the other callers out part way.
 */
export async function fuzzRoutes(h: Harness, callers: Caller[], real: RealIds, options: { seed: number; runs: number; only?: RegExp }): Promise<FuzzReport> {
  const routes = mountedRoutes(h).filter((r) => !options.only || options.only.test(`${r.method} ${r.path}`));
  const report: FuzzReport = { routes: routes.length, calls: 0, refused: 0, accepted: 0, checkedUnchanged: 0, findings: [] };
  for (const [index, route] of routes.entries()) {
    const cases = fc.sample(caseArbitrary(route, real), { seed: options.seed + index, numRuns: options.runs });
    for (const caller of callers) {
      if (/logout/.test(route.path) && caller.name !== 'anonymous') continue;
      const changes = route.method !== 'GET';
      const before: Fingerprint | undefined = changes ? await databaseFingerprint(h.deps.db) : undefined;
      let allRefused = true;
      for (const c of cases) {
        report.calls++;
        const where = { route: `${route.method} ${route.path}`, caller: caller.name, call: describeCall(route.method, c) };
        let res;
        try {
          res = await send(caller, route.method, c);
        } catch (err) {
          report.findings.push({ ...where, problem: `no answer: ${(err as Error).message}` });
          allRefused = false;
          continue;
        }
        if (res.status >= 500) report.findings.push({ ...where, problem: `${res.status} ${JSON.stringify(res.body).slice(0, 200)}` });
        if (res.status >= 400 && res.status < 500) {
          report.refused++;
          const page = HTML_PAGES.has(where.route) && /^text\/html/.test(res.type);
          if (!page && (!/^application\/json/.test(res.type) || !isErrorBody(res.body))) report.findings.push({ ...where, problem: `${res.status} without the JSON error body (${res.type})` });
        } else {
          report.accepted++;
          allRefused = false;
        }
      }
      if (before && allRefused) {
        report.checkedUnchanged++;
        const after = await databaseFingerprint(h.deps.db);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length) report.findings.push({ route: `${route.method} ${route.path}`, caller: caller.name, call: '(all refused)', problem: `changed ${changed.join(', ')}` });
      }
    }
  }
  return report;
}
