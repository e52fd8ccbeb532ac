import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseStorageSettings, type S3Settings } from './storage/storage-settings.ts';
import { plainHttpAllowed, requireSecureUrl } from '../../common/secure-url.ts';
import type { StoreListings } from '../../common/browser-policies.ts';

export interface Config {
  /** Empty when the embedded PostgreSQL should be used. */
  databaseUrl: string;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  smtpUrl: string;
  /** HTTP SMS provider (POST JSON {to, body}); empty keeps text messages in the outbox. */
  smsUrl: string;
  smsToken: string;
  demoPassword: string;
  /** Where the built single-page app lives. */
  webDir: string;
  /** Set in tests: skips the background job worker and seeding. */
  secureCookies: boolean;
  /** ALLOW_PLAIN_HTTP: plain http PUBLIC_URL and mirrors beyond loopback are accepted (common/secure-url.ts), with a warning. */
  allowPlainHttp: boolean;
  /** Other hosts serving the same /downloads/ paths, by name (DOWNLOAD_ALTERNATES="east=https://dl-east.example.com,..."). */
  downloadAlternates: Record<string, string>;
  /**
   * The burn extension's store listings (CHROME_STORE_URL, EDGE_STORE_URL, FIREFOX_STORE_URL): the install dialog and
   * /denim offer them first where set (issue 29.2); null where the extension is not listed.
   */
  storeListings: StoreListings;
  /** Where `npm run build:helper` left the DVD burning tool that /denim serves (BURNER_BUILD_DIR, default build/burner). */
  burnerBuildDir: string;
  /**
   * The rotation analysis of uploaded photos (PHOTO_ANALYSIS=0 turns it off, say on a machine too small for its
   * detector): off, no analysis job is queued and the slide page does not ask for ideas (meta show_ideas).
   */
  photoAnalysis: boolean;
  /** Where media live: null for DATA_DIR/media, else the S3-compatible bucket of STORAGE_URL (storage/storage-settings.ts). */
  storage: S3Settings | null;
}

const STORE_SETTINGS = { chrome: 'CHROME_STORE_URL', edge: 'EDGE_STORE_URL', firefox: 'FIREFOX_STORE_URL' } as const;

/** The store listings from the environment: each an https address (stores serve nothing else), or unset. */
export function parseStoreListings(env: NodeJS.ProcessEnv): StoreListings {
  const listing = (setting: string): string | null => {
    const raw = env[setting]?.trim();
    if (!raw) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${setting}: '${raw.slice(0, 80)}' is not an address; give the store listing's https address.`);
    }
    if (url.protocol !== 'https:') throw new Error(`${setting}: a store listing's address starts with https:// ('${raw.slice(0, 80)}').`);
    return url.href;
  };
  return { chrome: listing(STORE_SETTINGS.chrome), edge: listing(STORE_SETTINGS.edge), firefox: listing(STORE_SETTINGS.firefox) };
}

/**
 * DOWNLOAD_ALTERNATES: comma-separated name=origin pairs. A name is letters, digits or - (no underscore: the web
 * client's snake_case to camelCase conversion would change it; 'primary' is this
 * server); an origin is an http(s) address without a path. Anything else stops the start with a clear message.
 */
export function parseDownloadAlternates(raw: string | undefined, allowPlainHttp = false): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Za-z0-9-]{1,32})=(https?:\/\/[^\s,]+)$/.exec(entry);
    if (!match || match[1] === 'primary') throw new Error(`DOWNLOAD_ALTERNATES: '${entry}' is not name=https://host (names: letters, digits and -, not 'primary').`);
    // A mirror hands out disc images and their tickets: https only (common/secure-url.ts).
    requireSecureUrl(match[2], `DOWNLOAD_ALTERNATES ${match[1]}`, allowPlainHttp);
    alternates[match[1]] = new URL(match[2]).origin;
  }
  return alternates;
}

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** Reads the secret from DATA_DIR or makes one, so sessions survive restarts without any setup. */
function sessionSecretFor(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data'));
  const publicUrl = (env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  return {
    databaseUrl: env.DATABASE_URL ?? '',
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    publicUrl,
    sessionSecret: env.SESSION_SECRET || sessionSecretFor(dataDir),
    smtpUrl: env.SMTP_URL ?? '',
    smsUrl: env.SMS_URL ?? '',
    smsToken: env.SMS_TOKEN ?? '',
    demoPassword: env.DEMO_PASSWORD ?? '',
    webDir: path.join(projectRoot, 'build', 'web'),
    secureCookies: publicUrl.startsWith('https:'),
    downloadAlternates: parseDownloadAlternates(env.DOWNLOAD_ALTERNATES, plainHttpAllowed(env)),
    allowPlainHttp: plainHttpAllowed(env),
    storeListings: parseStoreListings(env),
    burnerBuildDir: path.resolve(env.BURNER_BUILD_DIR || path.join(projectRoot, 'build', 'burner')),
    photoAnalysis: env.PHOTO_ANALYSIS !== '0',
    storage: parseStorageSettings(env),
  };
}
