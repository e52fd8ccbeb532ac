/**
 * A Direct Delivery receiver in software: it does what a set-top device at a funeral home does with the device API
 * (common/device-protocol.ts). It asks which videos to hold, downloads each with HTTP Range into a `.part` file,
 * resuming from what it has after a cut connection, checks the SHA-256, keeps the file under `<dir>/<videoId>.mp4`
 * and reports Queued, Downloading (with percent), Ready or Error. Videos no longer listed are removed. Between polls it
 * waits on the notifications call, so Notify Silk Devices on the details page makes it sync at once, checking its
 * copy of the noticed video again (and fetching it anew when the check fails).
 *
 *   node --import tsx scripts/device-simulator.ts --server http://127.0.0.1:8080 --token tdd_... --dir /tmp/box
 *     [--once] [--rate 200000] (bytes per second, to watch the progress) [--interval 10] (seconds; the server's
 *     poll_seconds otherwise)
 *
 * Tests import DeviceSimulator and call syncOnce().
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  devicePaths,
  type DeviceDeliveriesReply,
  type DeviceDelivery,
  type DeviceNotice,
  type DeviceNoticesReply,
  type DeviceStatusReport,
} from '../common/device-protocol.ts';

export interface SimulatorOptions {
  /** The server's address, e.g. http://127.0.0.1:8080. */
  server: string;
  token: string;
  /** Where the videos are kept. */
  dir: string;
  /** Slows downloads to this many bytes per second (0 or absent: as fast as the line allows). */
  rateBytesPerSecond?: number;
  /** How often a download reports its percent. */
  progressIntervalMs?: number;
  /** Attempts per download; each resumes from the bytes already on disk. */
  attempts?: number;
  /** Called after every status report the server accepted. */
  onReport?: (reports: DeviceStatusReport[]) => void | Promise<void>;
  log?: (line: string) => void;
}

/** What one sync did. */
export interface SyncResult {
  ready: number[];
  errors: { videoId: number; message: string }[];
  removed: number[];
  /** Range requests sent to resume a download (`bytes=N-` with N > 0). */
  resumedFrom: number[];
  /** Noticed videos whose copy was checked again, byte by byte. */
  rechecked: number[];
  pollSeconds: number;
}

class DeviceApiError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class DeviceSimulator {
  private readonly options: Required<Omit<SimulatorOptions, 'onReport' | 'log'>> & Pick<SimulatorOptions, 'onReport' | 'log'>;

  constructor(options: SimulatorOptions) {
    this.options = { rateBytesPerSecond: 0, progressIntervalMs: 500, attempts: 5, ...options, server: options.server.replace(/\/+$/, '') };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async call(method: 'GET' | 'POST', pathOrUrl: string, body?: unknown): Promise<unknown> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.options.server}${pathOrUrl}`;
    const response = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new DeviceApiError(`${method} ${pathOrUrl}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  private async report(reports: DeviceStatusReport[]): Promise<void> {
    if (!reports.length) return;
    await this.call('POST', devicePaths.status, { reports });
    await this.options.onReport?.(reports);
  }

  private file = (videoId: number): string => path.join(this.options.dir, `${videoId}.mp4`);
  private part = (videoId: number): string => path.join(this.options.dir, `${videoId}.mp4.part`);
  private meta = (videoId: number): string => path.join(this.options.dir, `${videoId}.json`);

  /** The SHA-256 of the copy we hold, as recorded when it was verified; null when we hold none. */
  private async held(videoId: number): Promise<string | null> {
    try {
      const { sha256 } = JSON.parse(await readFile(this.meta(videoId), 'utf8')) as { sha256: string };
      return (await sizeOf(this.file(videoId))) > 0 ? sha256 : null;
    } catch {
      return null;
    }
  }

  /** Where the notifications call left off: notices after this time are new. */
  private noticeCursor: string | undefined;

  /**
   * Waits up to `waitSeconds` for staff to notify this device (Notify Silk Devices); answers the noticed videos, or
   * none when the wait ended. The first call counts from the moment the server receives it.
   */
  async waitForNotices(waitSeconds: number, signal?: AbortSignal): Promise<DeviceNotice[]> {
    // The first call sends no cursor: the server starts from its own clock, so a device's wrong clock loses nothing.
    const query = new URLSearchParams({ wait: String(waitSeconds) });
    if (this.noticeCursor) query.set('after', this.noticeCursor);
    const response = await fetch(`${this.options.server}${devicePaths.notifications}?${query}`, {
      headers: { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json' },
      signal,
    });
    const text = await response.text();
    if (!response.ok) throw new DeviceApiError(`GET ${devicePaths.notifications}: ${response.status} ${text}`);
    const reply = JSON.parse(text) as DeviceNoticesReply;
    this.noticeCursor = reply.cursor;
    for (const notice of reply.notices) this.log(`video ${notice.video_id}: staff asked for it at ${notice.requested_at}; syncing now`);
    return reply.notices;
  }

  /**
   * One poll: fetch what is missing or changed, drop what is no longer listed, report everything. The videos in
   * `recheck` (noticed ones) have their copy's SHA-256 computed again rather than taken from what was recorded.
   */
  async syncOnce(recheck: ReadonlySet<number> = new Set()): Promise<SyncResult> {
    await mkdir(this.options.dir, { recursive: true });
    const reply = (await this.call('GET', devicePaths.deliveries)) as DeviceDeliveriesReply;
    const result: SyncResult = { ready: [], errors: [], removed: [], resumedFrom: [], rechecked: [], pollSeconds: reply.poll_seconds };
    const listed = new Set(reply.deliveries.map((d) => d.video_id));
    for (const name of await readdir(this.options.dir)) {
      const id = Number(/^(\d+)\.(?:mp4|mp4\.part|json)$/.exec(name)?.[1]);
      if (id && !listed.has(id)) {
        await rm(path.join(this.options.dir, name), { force: true });
        if (name.endsWith('.json')) result.removed.push(id);
      }
    }
    const missing: DeviceDelivery[] = [];
    const ready: DeviceStatusReport[] = [];
    for (const delivery of reply.deliveries) {
      if (recheck.has(delivery.video_id)) {
        result.rechecked.push(delivery.video_id);
        if ((await this.held(delivery.video_id)) !== null && (await sha256Of(this.file(delivery.video_id))) !== delivery.sha256) {
          this.log(`video ${delivery.video_id}: the copy held does not match; fetching it again`);
          await rm(this.meta(delivery.video_id), { force: true });
        }
      }
      if ((await this.held(delivery.video_id)) === delivery.sha256) {
        ready.push({ video_id: delivery.video_id, state: 'Ready' });
        result.ready.push(delivery.video_id);
      } else missing.push(delivery);
    }
    await this.report([...ready, ...missing.map((d): DeviceStatusReport => ({ video_id: d.video_id, state: 'Queued' }))]);
    for (const delivery of missing) {
      try {
        await this.download(delivery, result);
        await this.report([{ video_id: delivery.video_id, state: 'Ready' }]);
        result.ready.push(delivery.video_id);
      } catch (err) {
        if (err instanceof DeviceApiError && /: 401 /.test(err.message)) throw err;
        const message = (err as Error).message;
        this.log(`video ${delivery.video_id}: ${message}`);
        result.errors.push({ videoId: delivery.video_id, message });
        await this.report([{ video_id: delivery.video_id, state: 'Error', message }]);
      }
    }
    return result;
  }

  /** Downloads into the .part file, resuming after cuts, then verifies and moves it into place. */
  private async download(delivery: DeviceDelivery, result: SyncResult): Promise<void> {
    const part = this.part(delivery.video_id);
    let lastProgress = 0;
    const progress = async (have: number, force = false) => {
      if (!force && Date.now() - lastProgress < this.options.progressIntervalMs) return;
      lastProgress = Date.now();
      const percent = delivery.bytes ? Math.min(100, (have / delivery.bytes) * 100) : 0;
      await this.report([{ video_id: delivery.video_id, state: 'Downloading', percent }]);
    };
    // A part file of an older version of the video (another sha256) is not resumed.
    const partMeta = `${part}.sha256`;
    const partOf = await readFile(partMeta, 'utf8').catch(() => '');
    if (partOf !== delivery.sha256) await rm(part, { force: true });
    await writeFile(partMeta, delivery.sha256);

    for (let attempt = 1; ; attempt += 1) {
      let have = await sizeOf(part);
      await progress(have, true);
      if (have >= delivery.bytes) break;
      try {
        if (have > 0) result.resumedFrom.push(have);
        const response = await fetch(delivery.url, {
          headers: { Authorization: `Bearer ${this.options.token}`, ...(have > 0 ? { Range: `bytes=${have}-` } : {}) },
        });
        if (response.status !== 200 && response.status !== 206) throw new DeviceApiError(`GET ${delivery.url}: ${response.status} ${await response.text()}`);
        if (response.status === 200) have = 0; // the server sent the whole file: start the part again
        const handle = await open(part, have === 0 ? 'w' : 'a');
        const started = Date.now();
        let received = 0;
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            await handle.write(chunk);
            have += chunk.length;
            received += chunk.length;
            await progress(have);
            if (this.options.rateBytesPerSecond > 0) {
              const due = started + (received / this.options.rateBytesPerSecond) * 1000;
              if (due > Date.now()) await sleep(due - Date.now());
            }
          }
        } finally {
          await handle.close();
        }
        if (have < delivery.bytes) throw new Error('the connection closed early');
      } catch (err) {
        if (err instanceof DeviceApiError || attempt >= this.options.attempts) throw err;
        this.log(`video ${delivery.video_id}: connection lost at ${await sizeOf(part)} bytes (${(err as Error).message}); resuming`);
        await sleep(Math.min(5000, 200 * attempt));
      }
    }
    const sha256 = await sha256Of(part);
    if (sha256 !== delivery.sha256) {
      await rm(part, { force: true });
      throw new Error(`Checksum mismatch: got ${sha256.slice(0, 12)}…, expected ${delivery.sha256.slice(0, 12)}…`);
    }
    await rename(part, this.file(delivery.video_id));
    await rm(partMeta, { force: true });
    await writeFile(this.meta(delivery.video_id), JSON.stringify({ sha256, title: delivery.title, bytes: delivery.bytes }));
    this.log(`video ${delivery.video_id}: Ready (${delivery.bytes} bytes, sha256 ${sha256.slice(0, 12)}…)`);
  }

  /**
   * Polls until the signal aborts, at `intervalSeconds` or the server's poll_seconds; between polls it waits on the
   * notifications call, so a notice starts the next sync at once. Errors are logged and retried.
   */
  async run(signal: AbortSignal, intervalSeconds?: number): Promise<void> {
    let noticed = new Set<number>();
    while (!signal.aborted) {
      let wait = intervalSeconds ?? 10;
      try {
        const result = await this.syncOnce(noticed);
        wait = intervalSeconds ?? result.pollSeconds;
      } catch (err) {
        this.log(`poll failed: ${(err as Error).message}`);
        if (err instanceof DeviceApiError && /: 401 /.test(err.message)) throw err;
      }
      noticed = new Set();
      const until = Date.now() + wait * 1000;
      while (!signal.aborted && Date.now() < until && noticed.size === 0) {
        try {
          const notices = await this.waitForNotices(Math.max(1, Math.ceil((until - Date.now()) / 1000)), signal);
          noticed = new Set(notices.map((n) => n.video_id));
        } catch (err) {
          if (signal.aborted) break;
          this.log(`waiting for notices failed: ${(err as Error).message}`);
          if (err instanceof DeviceApiError && /: 401 /.test(err.message)) throw err;
          await sleep(Math.min(5000, Math.max(0, until - Date.now())));
        }
      }
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080' },
      token: { type: 'string', default: process.env.DEVICE_TOKEN },
      dir: { type: 'string', default: path.resolve('device-simulator-files') },
      once: { type: 'boolean', default: false },
      rate: { type: 'string' },
      interval: { type: 'string' },
    },
  });
  if (!values.token) throw new Error('Give the device token: --token tdd_... (or DEVICE_TOKEN), as shown when the device was registered on /settings/silks.');
  const simulator = new DeviceSimulator({
    server: values.server!,
    token: values.token,
    dir: values.dir!,
    rateBytesPerSecond: values.rate ? Number(values.rate) : 0,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    onReport: (reports) => console.log(`${new Date().toISOString()} reported ${reports.map((r) => `${r.video_id}:${r.state}${r.percent !== undefined ? ` ${r.percent.toFixed(0)}%` : ''}`).join(', ')}`),
  });
  if (values.once) {
    const result = await simulator.syncOnce();
    console.log(JSON.stringify(result));
    return;
  }
  const stop = new AbortController();
  process.on('SIGINT', () => stop.abort());
  process.on('SIGTERM', () => stop.abort());
  await simulator.run(stop.signal, values.interval ? Number(values.interval) : undefined);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
