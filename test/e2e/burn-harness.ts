/**
 * The burn flow end to end, with every real part: the product server (behind a small HTTP proxy that can cut an ISO
 * download half way), the burner build of installer/build.ts (helper, extension, per-user install script), the
 * helper installed by that script into a temporary HOME as a user would, its virtual burner, and Debian's Chromium
 * or firefox-esr with the unpacked extension. Nothing here stands in for a part: the proxy only forwards bytes.
 */
import { spawn } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { NATIVE_HOST_NAME, type MediaType } from '../../common/burn-protocol.ts';
import { DENIM_PATHS, type HelperBuildManifest } from '../../common/helper-update.ts';
import { loadConfig, projectRoot } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { startServer, type Running } from '../../server/src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/database.ts';
import { CHROMIUM_ARGS, chromePath, DEMO_PASSWORD, OUTPUT_DIR, type E2eApp } from './harness.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

export const CACHE_DIR = path.join(os.homedir(), '.cache', 'tribute', 'burner-e2e');

// ------------------------------------------------------------------------------------------------------- ports

/** A port free right now; preferred first (a stable port keeps the cached extension build, which names the origin). */
export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const got = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || (await tryPort(0))!;
}

// ------------------------------------------------------------------------------------------------------- proxy

export interface ProxyRequest {
  method: string;
  path: string;
  range: string | null;
  status: number;
  /** Bytes of the body that reached the client. */
  sent: number;
  cut: boolean;
}

/**
 * The product's public address: forwards every request (and the live sync's WebSocket upgrade) to the app
 * unchanged. cutNextIso(n) makes the next full (no Range) GET of a disc image stop after n body bytes by closing
 * the connection, as a server or network dropping half way would.
 */
export interface CuttingProxy {
  url: string;
  port: number;
  requests: ProxyRequest[];
  cutNextIso(bytes: number): void;
  /** Leaves disc image requests from the primary address (no alt= query) unanswered until released. */
  holdPrimaryIso(hold: boolean): void;
  isoRequests(): ProxyRequest[];
  close(): Promise<void>;
}

const ISO_PATH = /^\/downloads\/video\/[^/]+\/dvd\.iso(\?|$)/;

export async function startProxy(target: string, port: number): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const requests: ProxyRequest[] = [];
  let cutAfter: number | null = null;
  let holding = false;
  let held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const iso = req.method === 'GET' && ISO_PATH.test(url);
    if (iso && holding && !/[?&]alt=/.test(url)) {
      held.push(() => server.emit('request', req, res));
      return;
    }
    const entry: ProxyRequest = { method: req.method ?? 'GET', path: url, range: (req.headers.range as string | undefined) ?? null, status: 0, sent: 0, cut: false };
    if (iso) requests.push(entry);
    let cutAt: number | null = null;
    if (iso && !req.headers.range && cutAfter !== null) {
      cutAt = cutAfter;
      cutAfter = null;
    }
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: req.headers }, (answer) => {
      entry.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      if (cutAt === null) {
        answer.on('data', (chunk: Buffer) => (entry.sent += chunk.length));
        answer.pipe(res);
        return;
      }
      const limit = cutAt;
      answer.on('data', (chunk: Buffer) => {
        if (entry.cut) return;
        const room = limit - entry.sent;
        if (chunk.length < room) {
          entry.sent += chunk.length;
          res.write(chunk);
          return;
        }
        entry.sent += room;
        entry.cut = true;
        res.write(chunk.subarray(0, room), () => {
          // The client sees the connection close before the promised Content-Length: a dropped download.
          res.socket?.destroy();
          answer.destroy();
        });
      });
      answer.on('end', () => {
        if (!entry.cut) res.end();
      });
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  // The live sync's socket.io upgrades to a WebSocket: pass the raw bytes both ways.
  server.on('upgrade', (req, socket, head) => {
    const conn = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      conn.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) conn.write(head);
      conn.pipe(socket);
      socket.pipe(conn);
    });
    conn.on('error', () => socket.destroy());
    socket.on('error', () => conn.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    cutNextIso(bytes) {
      cutAfter = bytes;
    },
    holdPrimaryIso(hold) {
      holding = hold;
      if (!hold) {
        const waiting = held;
        held = [];
        for (const resume of waiting) resume();
      }
    },
    isoRequests: () => requests.slice(),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// --------------------------------------------------------------------------------------------------------- app

export interface BurnApp extends E2eApp {
  /** The public address (the proxy): what the extension, the helper and the browser use. */
  url: string;
  proxy: CuttingProxy;
  dataDir: string;
  /** BURNER_BUILD_DIR: what /denim serves; serveBuild() puts a build there. */
  servedDir: string;
}

/**
 * The whole product as startApp makes it, but on a known public address: the disc image's urls and the
 * extension's origin are PUBLIC_URL, so the app listens on one port and the proxy on PUBLIC_URL's.
 */
export async function startBurnApp(publicPort: number, env: Record<string, string> = {}): Promise<BurnApp> {
  process.env.STOCK_MUSIC_LIBRARY ??= 'test';
  process.env.DEMO_TRIBUTE ??= '0';
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-burn-e2e-'));
  const servedDir = path.join(dataDir, 'burner-build');
  mkdirSync(servedDir, { recursive: true });
  const appPort = await freePort();
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD, SESSION_SECRET: 'e2e', PUBLIC_URL: publicUrl, BURNER_BUILD_DIR: servedDir, ...env }),
    port: appPort,
  };
  await seedDemo(database.db, config);
  const running: Running = await startServer(config, database.db, database.url);
  const proxy = await startProxy(running.url, publicPort);
  return {
    url: proxy.url,
    proxy,
    running,
    dataDir,
    servedDir,
    async stop() {
      await proxy.close();
      await running.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ready disc image as the server holds it, and its SHA-256 computed here from the file itself. */
export async function isoOnServer(app: BurnApp, videoId: number): Promise<{ file: string; size: number; sha256: string }> {
  const { deps } = app.running;
  const video = await deps.repos.videos.findById(videoId);
  if (!video) throw new Error(`no video ${videoId}`);
  const dvd = await deps.dvd.ready(video);
  if (!dvd?.file_key) throw new Error(`video ${videoId} has no ready DVD image`);
  const file = deps.render.files.path(dvd.file_key);
  const bytes = readFileSync(file);
  return { file, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

// ------------------------------------------------------------------------------------------------------ builds

/** The test's Ed25519 pairs: the one the builds sign with (and compile into the helper) and a stranger's. */
export function testSigningKeys(): { keyFile: string; rogueKeyFile: string } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const make = (name: string) => {
    const file = path.join(CACHE_DIR, name);
    if (!existsSync(file)) {
      const { privateKey } = generateKeyPairSync('ed25519');
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    return file;
  };
  return { keyFile: make('test-signing-ed25519.pem'), rogueKeyFile: make('rogue-signing-ed25519.pem') };
}

/** Hashes the sources a burner build is made from, so a cached build is reused only while they are unchanged. */
function sourceHash(extra: string): string {
  const hash = createHash('sha256').update(extra);
  const skip = new Set(['node_modules', 'build', 'dist', '.cache']);
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (skip.has(name)) continue;
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (/\.test\.ts$/.test(name) === false) hash.update(path.relative(projectRoot, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const dir of ['native-host', 'extension', 'installer']) walk(path.join(projectRoot, dir));
  for (const file of ['common/burn-protocol.ts', 'common/helper-update.ts']) hash.update(readFileSync(path.join(projectRoot, file)));
  return hash.digest('hex').slice(0, 20);
}

export interface BuildOptions {
  publicUrl: string;
  helperVersion?: number;
  /** Build the extension packages too (default true; an older helper's build for the update tests needs none). */
  extensions?: boolean;
}

/**
 * A burner build (installer/build.ts buildBurner) for linux-x64 signed with the test key, from the cache when the
 * sources, the public address and the version are unchanged (~/.cache/tribute/burner-e2e/<hash>/).
 */
export async function cachedBurnerBuild(options: BuildOptions): Promise<string> {
  const { keyFile } = testSigningKeys();
  const key = sourceHash(JSON.stringify({ ...options, key: readFileSync(keyFile, 'utf8') }));
  const outDir = path.join(CACHE_DIR, `build-${options.helperVersion ?? 'current'}-${key}`);
  if (existsSync(path.join(outDir, '.complete'))) return outDir;
  const temp = `${outDir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  // Imported here: a missing installer/ fails only the tests that need it, with the import's own message.
  const builder = new URL('../../installer/build.ts', import.meta.url).href;
  const { buildBurner } = (await import(builder)) as {
    buildBurner(options: Record<string, unknown>): Promise<unknown>;
  };
  await buildBurner({
    publicUrl: options.publicUrl,
    outDir: temp,
    platforms: ['linux-x64'],
    signingKeyFile: keyFile,
    ...(options.helperVersion !== undefined ? { helperVersion: options.helperVersion } : {}),
    ...(options.extensions !== undefined ? { extensions: options.extensions } : {}),
  });
  writeFileSync(path.join(temp, '.complete'), new Date().toISOString());
  rmSync(outDir, { recursive: true, force: true });
  renameSync(temp, outDir);
  for (const old of readdirSync(CACHE_DIR)) {
    // Builds of sources long changed are dead weight (a helper is ~100 MB); a day old, no running test uses them.
    if (old.startsWith('build-') && old !== path.basename(outDir) && !old.includes('.tmp-')) {
      const marker = path.join(CACHE_DIR, old, '.complete');
      if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs > 24 * 3600_000) rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
    }
  }
  return outDir;
}

export const helperManifestFile = (buildDir: string) => path.join(buildDir, 'helper', 'linux-x64', 'manifest.json');
export const helperFile = (buildDir: string) => path.join(buildDir, 'helper', 'linux-x64', 'tribute-burner');

/** What serveBuild can spoil on the way, to prove the helper refuses it. */
export type Tamper = 'none' | 'signature' | 'bytes' | 'rogue-key';

/**
 * Puts a build where the server serves it from (its BURNER_BUILD_DIR), optionally spoiled: a flipped signature, a
 * helper whose bytes differ from its signed manifest, or a manifest signed with a key the helper does not trust.
 */
export async function serveBuild(app: BurnApp, buildDir: string, tamper: Tamper = 'none'): Promise<void> {
  for (const name of readdirSync(app.servedDir)) rmSync(path.join(app.servedDir, name), { recursive: true, force: true });
  cpSync(buildDir, app.servedDir, { recursive: true });
  if (tamper === 'none') return;
  const manifestFile = helperManifestFile(app.servedDir);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as HelperBuildManifest;
  if (tamper === 'signature') {
    const sig = Buffer.from(manifest.signature, 'base64');
    sig[0] ^= 0xff;
    manifest.signature = sig.toString('base64');
  } else if (tamper === 'bytes') {
    // Same length, one byte changed far from the start: only the SHA-256 can tell.
    const exe = helperFile(app.servedDir);
    const bytes = readFileSync(exe);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(exe, bytes, { mode: 0o755 });
  } else if (tamper === 'rogue-key') {
    const { signedManifestBytes } = await import('../../common/helper-update.ts');
    const { sign, createPrivateKey } = await import('node:crypto');
    const { signature: _drop, ...unsigned } = manifest;
    void _drop;
    const rogue = createPrivateKey(readFileSync(testSigningKeys().rogueKeyFile));
    manifest.signature = sign(null, signedManifestBytes(unsigned), rogue).toString('base64');
  }
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}

// ----------------------------------------------------------------------------------------------------- install

export interface VirtualBurnerState {
  present: boolean;
  media_type: MediaType;
  blank: boolean;
  becoming_ready: boolean;
  busy: boolean;
  disc_file: string;
  write_bytes_per_second: number;
  corrupt_write: boolean;
  recorder_supported: boolean;
}

export interface InstalledHelper {
  home: string;
  installDir: string;
  executable: string;
  configFile: string;
  stateFile: string;
  discFile: string;
  /** The helper's own download folder (config downloadDir, else <install dir>/downloads). */
  downloadDir(): string;
  setBurner(state: Partial<VirtualBurnerState>): VirtualBurnerState;
  burner(): VirtualBurnerState;
  /** A fresh blank disc of the given media in the drive. */
  insertBlank(media?: MediaType): void;
  disc(): { size: number; sha256: string } | null;
  executableSha256(): string;
  /** Runs the install script again with --uninstall. */
  uninstall(): Promise<string>;
}

export const INSTALL_DIR_NAME = path.join('.local', 'share', 'tribute-burner');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

/**
 * Installs the helper as a Linux user would: downloads the per-user install script from the server's /denim
 * address and runs it with HOME set to a temporary folder (the script fetches the helper from the same server),
 * pointing it at the virtual burner. home may be an existing HOME (a reinstall).
 */
export async function installHelper(app: BurnApp, home = mkdtempSync(path.join(os.tmpdir(), 'tribute-burn-home-'))): Promise<InstalledHelper> {
  const scriptRes = await fetch(`${app.url}${DENIM_PATHS.linuxUserInstall}`);
  if (!scriptRes.ok) throw new Error(`GET ${DENIM_PATHS.linuxUserInstall}: ${scriptRes.status} ${await scriptRes.text()}`);
  const script = path.join(home, 'tribute-burner-install.sh');
  writeFileSync(script, Buffer.from(await scriptRes.arrayBuffer()), { mode: 0o755 });
  const stateFile = path.join(home, 'virtual-burner.json');
  const discFile = path.join(home, 'virtual-disc.img');
  const defaults: VirtualBurnerState = {
    present: true,
    media_type: 'DVD-R',
    blank: true,
    becoming_ready: false,
    busy: false,
    disc_file: discFile,
    // Fast enough for a quick test, slow enough that the bars are seen moving (a small ISO takes ~2 s).
    write_bytes_per_second: 8_000_000,
    corrupt_write: false,
    recorder_supported: true,
  };
  if (!existsSync(stateFile)) writeFileSync(stateFile, JSON.stringify(defaults, null, 2));
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
  await run('bash', [script, '--server', app.url, '--virtual-burner', stateFile], env);
  const installDir = path.join(home, INSTALL_DIR_NAME);
  const executable = path.join(installDir, 'tribute-burner');
  const configFile = path.join(installDir, 'config.json');
  const burner = (): VirtualBurnerState => JSON.parse(readFileSync(stateFile, 'utf8')) as VirtualBurnerState;
  const setBurner = (state: Partial<VirtualBurnerState>) => {
    const next = { ...burner(), ...state };
    // Written whole, then renamed: the helper reads the file on every check and must never see half of it.
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(next, null, 2));
    renameSync(`${stateFile}.tmp`, stateFile);
    return next;
  };
  return {
    home,
    installDir,
    executable,
    configFile,
    stateFile,
    discFile,
    downloadDir() {
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as { downloadDir?: string };
      return config.downloadDir ?? path.join(installDir, 'downloads');
    },
    setBurner,
    burner,
    insertBlank(media: MediaType = 'DVD-R') {
      rmSync(discFile, { force: true });
      setBurner({ present: true, media_type: media, blank: true, becoming_ready: false, busy: false });
    },
    disc() {
      if (!existsSync(discFile)) return null;
      const bytes = readFileSync(discFile);
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    executableSha256: () => createHash('sha256').update(readFileSync(executable)).digest('hex'),
    uninstall: () => run('bash', [script, '--uninstall'], env),
  };
}

/** The host manifest the install script wrote for a browser, parsed. */
export function hostManifest(home: string, browser: 'chromium' | 'firefox'): { name: string; path: string; allowed_origins?: string[]; allowed_extensions?: string[] } {
  const dir = browser === 'chromium' ? path.join(home, '.config', 'chromium', 'NativeMessagingHosts') : path.join(home, '.mozilla', 'native-messaging-hosts');
  return JSON.parse(readFileSync(path.join(dir, `${NATIVE_HOST_NAME}.json`), 'utf8'));
}

/** Asks the installed helper directly (native messaging framing over its stdin) for its version. */
export async function helperVersion(executable: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { requestFrame } = await import('../../common/burn-protocol.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the helper did not answer version within 15 s'));
    }, 15_000);
    child.stdout.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= 4 + buf.readUInt32LE(0)) {
        clearTimeout(timer);
        const frame = JSON.parse(buf.subarray(4, 4 + buf.readUInt32LE(0)).toString('utf8')) as { reply: { version: number } };
        child.kill();
        resolve(frame.reply.version);
      }
    });
    child.on('error', reject);
    const body = Buffer.from(JSON.stringify(requestFrame(1, { type: 'version' })));
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    child.stdin.write(Buffer.concat([head, body]));
  });
}

// ----------------------------------------------------------------------------------------------------- browsers

export interface BurnBrowser {
  browser: Browser;
  kind: 'chromium' | 'firefox';
  close(): Promise<void>;
}

/**
 * Debian's Chromium, new headless, reading host manifests from the user's own ~/.config/chromium (its user data
 * folder), with the unpacked Chrome build loaded the way a developer loads it (puppeteer's enableExtensions loads it
 * through the DevTools pipe: Chromium 137+ ignores --load-extension).
 */
export async function launchChromium(home: string, extensionDir: string): Promise<BurnBrowser> {
  const userDataDir = path.join(home, '.config', 'chromium');
  mkdirSync(userDataDir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    pipe: true,
    enableExtensions: [extensionDir],
    userDataDir,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`],
  });
  // Headless Chromium says HeadlessChrome/; the product offers the burn tool to Chrome/ only (as it should): every page
  // and popup gets the user agent of the same Chromium with a window.
  const agent = (await browser.userAgent()).replace('HeadlessChrome/', 'Chrome/');
  browser.on('targetcreated', (target: Target) => {
    if (target.type() === 'page') void target.page().then((p) => p?.setUserAgent(agent).catch(() => undefined));
  });
  for (const p of await browser.pages()) await p.setUserAgent(agent);
  return { browser, kind: 'chromium', close: () => browser.close() };
}

/** Debian's firefox-esr over WebDriver BiDi, HOME the user's (its ~/.mozilla/native-messaging-hosts), with the add-on installed. */
export async function launchFirefox(home: string, extensionPath: string): Promise<BurnBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    headless: true,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), MOZ_HEADLESS: '1' },
    extraPrefsFirefox: {
      // The product runs on http://127.0.0.1 in tests: no upgrade to https, no first-run pages.
      'dom.security.https_first': false,
      'browser.shell.checkDefaultBrowser': false,
      'xpinstall.signatures.required': false,
    },
  });
  await browser.installExtension(extensionPath);
  return { browser, kind: 'firefox', close: () => browser.close() };
}

/** The burn window the extension opened (a popup on /burn/{id}), as a page. */
export async function waitForBurnWindow(browser: Browser, videoId: number, timeoutMs = 20_000): Promise<Page> {
  const target = await browser.waitForTarget((t) => t.type() === 'page' && new URL(t.url() || 'about:blank', 'http://x').pathname === `/burn/${videoId}`, { timeout: timeoutMs });
  const page = await target.page();
  if (!page) throw new Error('the burn window has no page');
  return page;
}

/** Closes every burn window still open (between tests). */
export async function closeBurnWindows(browser: Browser): Promise<void> {
  for (const page of await browser.pages()) if (/\/burn\/\d+/.test(page.url())) await page.close().catch(() => undefined);
}

/** A PNG of the burn window as it is now, under test-output/. */
export async function burnShot(page: Page, name: string, settleMs = 500): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  // The bars move by a CSS transition: let them arrive where the state puts them.
  await new Promise((r) => setTimeout(r, settleMs));
  await page.screenshot({ path: file as `${string}.png` });
  return file;
}

// -------------------------------------------------------------------------------------------------- the window

/** The burn window's visible text (rows, messages, buttons), for assertions and failure messages. */
export const windowText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** Waits until the window's text matches, failing with what it showed instead. */
export async function waitForText(page: Page, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    last = await windowText(page).catch(() => last);
    if (pattern.test(last)) return last;
    if (Date.now() > deadline) throw new Error(`the burn window never showed ${pattern} within ${timeoutMs / 1000} s; it shows:\n${last}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The status text of one progress row (Finalize, Download, Burn, Verify), read from its labelled region. */
export async function rowStatus(page: Page, row: 'Finalize' | 'Download' | 'Burn' | 'Verify'): Promise<string> {
  return page.evaluate((name) => {
    // The window's rows name their text burn-status-{row} (web/src/features/burn/ProgressRow.tsx).
    const status = document.querySelector(`[data-testid="burn-status-${name.toLowerCase()}"]`);
    if (status) return (status as HTMLElement).innerText;
    const labelled = document.querySelector(`[role="group"][aria-label="${name}"]`);
    if (labelled) return (labelled as HTMLElement).innerText;
    // Else: the row whose first text is its name.
    for (const el of Array.from(document.querySelectorAll('li, tr, [role="row"], [role="group"]'))) {
      const text = (el as HTMLElement).innerText.trim();
      if (text.startsWith(name) && text.length < 200) return text;
    }
    return '';
  }, row);
}

/** Waits for a row to say Completed. */
export async function waitForRow(page: Page, row: 'Finalize' | 'Download' | 'Burn' | 'Verify', pattern: RegExp, timeoutMs = 180_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    last = await rowStatus(page, row).catch(() => last);
    if (pattern.test(last)) return last;
    if (Date.now() > deadline) throw new Error(`the ${row} row never showed ${pattern} within ${timeoutMs / 1000} s; it shows '${last}'; the window:\n${await windowText(page).catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Presses a button of the window by its visible name. */
export async function press(page: Page, name: string): Promise<void> {
  await page.locator(`button::-p-text(${name})`).click();
}

/** A small static page on another origin that tries to talk to the extension as the product's pages do. */
export async function startForeignPage(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><title>Not the product</title><p>Another site</p>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address();
  const got = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${got}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Posts a version request from a page as the product's pages do and collects the burn replies that come back to
 * that window within waitMs (none for a page the extension must ignore).
 */
export async function askExtensionVersion(page: Page, waitMs = 4000): Promise<unknown[]> {
  const { BURN_CHANNEL, requestFrame } = await import('../../common/burn-protocol.ts');
  return page.evaluate(
    (channel, frame, wait) =>
      new Promise<unknown[]>((resolve) => {
        const replies: unknown[] = [];
        window.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { channel?: string; reply?: unknown } | null;
          if (data && data.channel === channel && data.reply) replies.push(data);
        });
        // Several tries, as the page's own detection does: the content script may arrive after the first.
        for (let i = 0; i < 5; i++) setTimeout(() => window.postMessage({ ...frame, id: 900 + i }, location.origin), i * 300);
        setTimeout(() => resolve(replies), wait);
      }),
    BURN_CHANNEL,
    requestFrame(900, { type: 'version' }),
    waitMs,
  );
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

// ------------------------------------------------------------------------------------------------------- videos

/** A JSON call made from the signed-in page, as the app makes it. */
export async function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return page.evaluate(
    async (m, p, b) => {
      const res = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: b ?? undefined });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    },
    method,
    url,
    body === undefined ? null : JSON.stringify(body),
  );
}

/**
 * Starts noting, inside the window, every text each row shows (checked every 50 ms), so a test can tell the window
 * went through a state even when it lasted too short a time to be seen from outside.
 */
export async function recordRows(page: Page): Promise<void> {
  // A script text: functions compiled for the test carry helpers (__name) that do not exist in the page.
  await page.evaluate(`(() => {
    const seen = {};
    window.burnRowsSeen = seen;
    const look = () => {
      for (const row of ['finalize', 'download', 'burn', 'verify']) {
        const el = document.querySelector('[data-testid="burn-status-' + row + '"]');
        const text = el ? el.innerText.trim() : '';
        const list = (seen[row] = seen[row] || []);
        if (text && list[list.length - 1] !== text) list.push(text);
      }
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** What recordRows noted, by row (lowercase name), in order of appearance. */
export const rowsSeen = (page: Page): Promise<Record<string, string[]>> =>
  page.evaluate(() => (window as unknown as { burnRowsSeen?: Record<string, string[]> }).burnRowsSeen ?? {});

/** Asserts from recordRows' notes that the burn and verify rows showed their work before they said Completed. */
export async function assertRowsWentThrough(page: Page, label: string): Promise<Record<string, string[]>> {
  const seen = await rowsSeen(page);
  const shown = JSON.stringify(seen);
  const before = (row: string, pattern: RegExp) => {
    const list = seen[row] ?? [];
    const done = list.lastIndexOf('Completed');
    return done > 0 && list.slice(0, done).some((text) => pattern.test(text));
  };
  if (!before('burn', /Initializing|Loading|\d+%|Finalizing|remaining/)) throw new Error(`${label}: the Burn row showed no progress before Completed: ${shown}`);
  if (!before('verify', /Verifying|\d+%|remaining/)) throw new Error(`${label}: the Verify row showed no progress before Completed: ${shown}`);
  return seen;
}

/**
 * A video ready to finalize (two photos, the shortest stock song, two seconds a slide), finalized from its order
 * page with 'Automatically download and burn once finalized' left ticked (its default, checked here).
 */
export async function finalizeOnOrderPage(app: BurnApp, page: Page, title: string): Promise<{ id: number; videoCode: string }> {
  const fresh = await makeStaffVideo(app, title, { slide_time: 2, automatic_timing: false });
  await addPhotos(app, fresh.id, [{ name: 'garden.jpg' }, { name: 'lake.jpg' }]);
  const stock = await call(page, 'GET', '/r/songs/stock_list');
  const songs = (stock.body?.stock_songs ?? []) as { id: number; song_length: number }[];
  const [shortest] = [...songs].sort((a, b) => a.song_length - b.song_length);
  if (!shortest) throw new Error('the stock library has no songs');
  const attached = await call(page, 'POST', '/r/songs/attach_stock', { video_id: fresh.id, stock_song_id: [shortest.id] });
  if (attached.status !== 200) throw new Error(`attach_stock answered ${attached.status}`);
  await page.goto(`${app.url}/creator/${fresh.id}/order`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('::-p-text(Automatically download and burn once finalized)');
  const checked = await page.$eval('::-p-text(Automatically download and burn once finalized)', (label) =>
    (label.closest('label')?.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked,
  );
  if (checked !== true) throw new Error('auto-burn is not ticked by default on the order page');
  await page.locator('label ::-p-text(I agree to the stock music license agreement)').click();
  await page.locator('button::-p-text(Finalize)').click();
  return { id: fresh.id, videoCode: fresh.video_code };
}
