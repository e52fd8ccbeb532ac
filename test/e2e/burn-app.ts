/**
 * The product for the burn tests: a free port, the server behind a proxy that can cut an ISO download half way, and
 * the ISO the server holds.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { startServer, type Running } from '../../server/src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/database.ts';
import { DEMO_PASSWORD, type E2eApp } from './harness.ts';

// ------------------------------------------------------------------------------------------------------- ports

/** Ports this process holds a lease on (freePort), with the lease's file. */
const leases = new Map<number, string>();
const leaseFile = (port: number) => path.join(os.tmpdir(), `tribute-test-port-${port}.lease`);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
process.once('exit', () => {
  for (const file of leases.values()) rmSync(file, { force: true });
});

/**
 * Takes the lease on a port: a file naming this process, made only if no living process holds one. Two burn files
 * running side by side may prefer the same port, and a look at the port alone let both take it in the moment
 * between the look and the app's listen (EADDRINUSE on a loaded run).
 */
function lease(port: number): boolean {
  const file = leaseFile(port);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      leases.set(port, file);
      return true;
    } catch {
      // A lease left by a process that died is taken over; one held by a living process (this one too) is not, nor
      // one being written this moment (no pid in it yet).
      let holder = Number.NaN;
      let age = 0;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
        age = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue; // given up meanwhile: try again
      }
      if (Number.isFinite(holder) ? alive(holder) : age < 5000) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/** Gives up this process's lease on a port (the burn app's stop). */
export function releasePort(port: number): void {
  const file = leases.get(port);
  if (file) rmSync(file, { force: true });
  leases.delete(port);
}

/**
 * A port free right now: with `preferred`, the first of it and the three after it that no other test file holds
 * and nothing listens on, held for this process until releasePort (a stable port keeps the cached extension build,
 * which names the origin; the next ones let two files that prefer the same port keep a cached build each); else
 * any free port.
 */
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
  for (let port = preferred; preferred && port < preferred + 4; port++) {
    if (!lease(port)) continue;
    if (await tryPort(port)) return port;
    releasePort(port);
  }
  return (await tryPort(0))!;
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
  /** Sends disc images begun from now on at this many bytes a second (null: as fast as they come). */
  paceIso(bytesPerSecond: number | null): void;
  /** Drops every disc image answer in flight, as a server going down does. */
  dropIso(): void;
  isoRequests(): ProxyRequest[];
  close(): Promise<void>;
}

const ISO_PATH = /^\/downloads\/video\/[^/]+\/dvd\.iso(\?|$)/;

/** A TLS identity (PEM key and certificate chain) for an https public address. */
export interface TlsIdentity {
  key: string;
  cert: string;
}

/** tls: answer https with this identity (the address is then https://), else plain http. */
export async function startProxy(target: string, port: number, tls?: TlsIdentity): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const requests: ProxyRequest[] = [];
  let cutAfter: number | null = null;
  let holding = false;
  let held: (() => void)[] = [];
  let pace: number | null = null;
  const inFlight = new Set<{ res: http.ServerResponse; answer: http.IncomingMessage }>();
  const handler: http.RequestListener = (req, res) => {
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
      if (iso) {
        const flight = { res, answer };
        inFlight.add(flight);
        res.on('close', () => inFlight.delete(flight));
      }
      const bytesPerSecond = iso ? pace : null;
      if (cutAt === null && bytesPerSecond !== null) {
        // Each chunk, then a pause for its share of the second: a slow line the test can act during.
        answer.on('data', (chunk: Buffer) => {
          entry.sent += chunk.length;
          answer.pause();
          res.write(chunk, () => setTimeout(() => answer.resume(), (chunk.length / bytesPerSecond) * 1000));
        });
        answer.on('end', () => res.end());
        return;
      }
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
  };
  const server: http.Server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
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
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
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
    paceIso(bytesPerSecond) {
      pace = bytesPerSecond;
    },
    dropIso() {
      for (const { res, answer } of inFlight) {
        res.socket?.destroy();
        answer.destroy();
      }
      inFlight.clear();
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
  /**
   * Stops the server, dropping the disc images in flight as a server going down does, and starts it again on the
   * same address, database and data folder (running is the new one after).
   */
  restart(): Promise<void>;
}

/**
 * The whole product as startApp makes it, but on a known public address: the disc image's urls and the
 * extension's origin are PUBLIC_URL, so the app listens on one port and the proxy on PUBLIC_URL's.
 */
export async function startBurnApp(publicPort: number, env: Record<string, string> = {}, options: { tls?: TlsIdentity } = {}): Promise<BurnApp> {
  process.env.STOCK_MUSIC_LIBRARY ??= 'test';
  process.env.DEMO_TRIBUTE ??= '0';
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-burn-e2e-'));
  const servedDir = path.join(dataDir, 'burner-build');
  mkdirSync(servedDir, { recursive: true });
  const appPort = await freePort();
  // With a TLS identity the proxy is an https front: the public address (and every build made for it) is https.
  const publicUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${publicPort}`;
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD, SESSION_SECRET: 'e2e', PUBLIC_URL: publicUrl, BURNER_BUILD_DIR: servedDir, ...env }),
    port: appPort,
  };
  await seedDemo(database.db, config);
  let running: Running = await startServer(config, database.db, database.url);
  const proxy = await startProxy(running.url, publicPort, options.tls);
  return {
    url: proxy.url,
    proxy,
    get running() {
      return running;
    },
    dataDir,
    servedDir,
    async restart() {
      proxy.dropIso();
      await running.stop();
      running = await startServer(config, database.db, database.url);
    },
    async stop() {
      await proxy.close();
      releasePort(publicPort);
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
