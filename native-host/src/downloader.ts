/**
 * The helper's own download of a disc image (spec 3 section 3.3). Only from the servers of its configuration and
 * only the DVD image path, into its own folder: a message can choose among those, never name another place. The
 * file grows as <name>.part; an interrupted transfer resumes with Range (If-Range the ETag, so a changed file
 * restarts instead of mixing two), a few times with growing pauses before it reports the error; the finished file
 * must have the published size and SHA-256 before it is renamed to <name>.iso and offered to the burner.
 *
 * The folder is the user's own (private-files.ts: 0700, files 0600, no symbolic links, no other account's files),
 * and an image is complete only once its SHA-256 was computed and equals the server's: a file found under the
 * final name is hashed before it counts, and checkedImage() hashes it again before every burn (a cache keyed by
 * device, inode, size and mtime spares a second pass over an untouched file).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, type DownloadState, type DownloadStatus, type ErrorCode } from '../../common/burn-protocol.ts';
import { log, redactUrl } from './log.ts';
import { APPEND_FLAGS, ensurePrivateDir, openPrivate, ownFileOrNothing, READ_FLAGS, TRUNCATE_FLAGS, UnsafeFileError } from './private-files.ts';
import { ProcessLock } from './process-lock.ts';

export interface DownloaderOptions {
  /** Automatic retries after a failed or cut transfer, before state error. */
  retries: number;
  /** The first pause between retries; it doubles each time, up to maxBackoffMs. */
  backoffMs: number;
  /** The longest pause between two retries. */
  maxBackoffMs: number;
  /** A transfer that receives nothing for this long is cut and retried. */
  stallMs: number;
  /**
   * How long a download waits for another helper process that holds the image's lock without its .part growing,
   * before it gives up with a message naming that process.
   */
  lockWaitMs: number;
}

/**
 * Twelve retries 0.5, 1, 2, 4 and then 8 s apart: a server that restarts (a deploy, a reboot) is down well under the
 * minute they wait before the window says the download failed (five retries, 15 s in all, were seen running out on a
 * loaded server's restart).
 */
export const DEFAULT_DOWNLOADER_OPTIONS: DownloaderOptions = { retries: 12, backoffMs: 500, maxBackoffMs: 8000, stallMs: 30_000, lockWaitMs: 60_000 };

/** The only path the helper downloads: the disc image of one video. */
const ISO_PATH = /^\/downloads\/video\/([A-Za-z0-9_-]{1,100})\/dvd\.iso$/;

interface DownloadItem {
  id: string;
  url: string;
  sha256: string;
  size: number;
  filename: string;
  state: DownloadState;
  received: number;
  error: string | null;
  controller: AbortController;
  etag: string | null;
}

class TransferError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Read through a call: cancel() changes the state while a transfer awaits, which the compiler cannot see. */
const canceled = (item: DownloadItem): boolean => item.state === 'canceled';

export type StartResult = { ok: true; download_id: string } | { ok: false; code: ErrorCode; message: string };

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** The name the image is kept under: the video code and the start of its SHA-256, so another image never collides. */
export function isoName(code: string, sha256: string): string {
  return `dvd-${code}-${sha256.slice(0, 16)}.iso`;
}

/** Checks a download URL against the configuration; answers the file name it downloads to. */
export function allowedIso(url: string, servers: readonly string[]): { ok: true; filename: string } | { ok: false; message: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'The download address is not a URL.' };
  }
  if (!servers.includes(parsed.origin) || parsed.username || parsed.password) {
    return { ok: false, message: `The DVD burning tool may not download from ${parsed.origin}: it only downloads from ${servers.join(', ')}.` };
  }
  const match = ISO_PATH.exec(parsed.pathname);
  if (!match) return { ok: false, message: `The DVD burning tool only downloads disc images (/downloads/video/{code}/dvd.iso), not ${parsed.pathname}.` };
  return { ok: true, filename: match[1] };
}

export async function sha256File(file: string, onBytes?: (bytes: number) => void, limit?: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  const stream = fs.createReadStream(file, limit === undefined ? {} : { start: 0, end: limit - 1 });
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    onBytes?.((chunk as Buffer).length);
  }
  return hash.digest('hex');
}

/** A disc image that may be burned: checked now against the SHA-256 the server published. */
export type CheckedImage = { ok: true; file: string; size: number; sha256: string } | { ok: false; message: string };

/**
 * SHA-256 of files of the folder, remembered by device, inode, size and mtime: a file changed in any way that
 * keeps none of those is hashed again. Opened without following links and only when it is the user's own file.
 */
class HashCache {
  private readonly known = new Map<string, string>();

  async of(file: string): Promise<{ sha256: string; size: number }> {
    const handle = await openPrivate(file, READ_FLAGS);
    try {
      const stat = await handle.stat();
      const key = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      const cached = this.known.get(key);
      if (cached) return { sha256: cached, size: stat.size };
      const hash = crypto.createHash('sha256');
      for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) hash.update(chunk as Buffer);
      const sha256 = hash.digest('hex');
      // The file may have changed while it was read: remember the hash only for the state it was read in.
      const after = await handle.stat();
      if (after.mtimeMs === stat.mtimeMs && after.size === stat.size) this.known.set(key, sha256);
      return { sha256, size: stat.size };
    } finally {
      await handle.close();
    }
  }
}

export class Downloader {
  private readonly items = new Map<string, DownloadItem>();
  /** The download running for each image file in this process. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly hashes = new HashCache();
  private counter = 0;

  constructor(
    private readonly servers: readonly string[],
    private readonly dir: string,
    private readonly options: DownloaderOptions = DEFAULT_DOWNLOADER_OPTIONS,
  ) {}

  start(url: string, sha256: string, size: number): StartResult {
    const allowed = allowedIso(url, this.servers);
    if (!allowed.ok) return { ok: false, code: ERROR_CODES.notAllowed, message: allowed.message };
    const filename = isoName(allowed.filename, sha256);
    // The same image asked for again (another source, the window reopened): reuse the running or finished one.
    for (const item of this.items.values()) {
      if (item.filename !== filename) continue;
      if (item.state === 'not_started' || item.state === 'in_progress') return { ok: true, download_id: item.id };
      if (item.state === 'complete' && fs.existsSync(path.join(this.dir, filename))) return { ok: true, download_id: item.id };
    }
    this.counter += 1;
    const item: DownloadItem = {
      id: `dl-${this.counter}-${crypto.randomBytes(4).toString('hex')}`,
      url,
      sha256,
      size,
      filename,
      state: 'not_started',
      received: 0,
      error: null,
      controller: new AbortController(),
      etag: null,
    };
    this.items.set(item.id, item);
    this.run(item).catch((error: unknown) => this.fail(item, `The download failed: ${(error as Error).message}`));
    return { ok: true, download_id: item.id };
  }

  /**
   * The image named filename, hashed now and equal to the SHA-256 the server published for it: what a burn may
   * write. Only an image this connection downloaded (or found complete) is known, with the server's SHA-256; any
   * other name, a changed file, another account's file or a link is refused, and a changed file removed.
   */
  async checkedImage(filename: string): Promise<CheckedImage> {
    const item = [...this.items.values()].find((candidate) => candidate.filename === filename && candidate.state === 'complete');
    if (!item) return { ok: false, message: `The disc image ${filename} has not been downloaded.` };
    const file = path.join(this.dir, filename);
    let actual: { sha256: string; size: number };
    try {
      actual = await this.hashes.of(file);
    } catch (error) {
      const reason = error instanceof UnsafeFileError ? error.message : (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is gone' : (error as Error).message;
      log(`refused to burn ${file}: ${reason}`);
      item.state = 'error';
      item.error = `The disc image cannot be burned: ${reason}`;
      return { ok: false, message: `The disc image ${filename} has not been downloaded: ${reason}. Please download it again.` };
    }
    if (actual.sha256 !== item.sha256 || actual.size !== item.size) {
      log(`refused to burn ${file}: its SHA-256 is ${actual.sha256} (${actual.size} bytes), the server's is ${item.sha256} (${item.size} bytes); removing it`);
      await fs.promises.rm(file, { force: true });
      item.state = 'error';
      item.error = 'The disc image changed after it was downloaded.';
      return { ok: false, message: `The disc image ${filename} changed after it was downloaded, so it was not burned. Please download it again.` };
    }
    return { ok: true, file, size: actual.size, sha256: actual.sha256 };
  }

  status(id: string): DownloadStatus | null {
    const item = this.items.get(id);
    if (!item) return null;
    return {
      type: 'download_status',
      download_id: item.id,
      state: item.state,
      received: item.received,
      total: item.size,
      error: item.error,
      filename: item.state === 'complete' ? item.filename : null,
    };
  }

  /** Stops a download; its .part file stays so a new start resumes it. False when the id is unknown. */
  cancel(id: string): boolean {
    const item = this.items.get(id);
    if (!item) return false;
    if (item.state === 'not_started' || item.state === 'in_progress') {
      item.state = 'canceled';
      item.error = 'Canceled';
      item.controller.abort();
      log('download canceled', item.id);
    }
    return true;
  }

  /**
   * Removes disc images (and partial ones) not touched for maxAgeMs: each is gigabytes, and a disc is burned in the
   * days after its image is made. Files in use are recent, so nothing running is removed.
   */
  async prune(maxAgeMs = 7 * 24 * 3600 * 1000): Promise<string[]> {
    const removed: string[] = [];
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!/^dvd-[A-Za-z0-9_-]+\.iso(\.part)?$/.test(name)) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || Date.now() - stat.mtimeMs < maxAgeMs) continue;
      await fs.promises.rm(file, { force: true }).then(
        () => removed.push(name),
        () => undefined,
      );
    }
    if (removed.length) log('removed old disc images', removed.join(', '));
    return removed;
  }

  cancelAll(): void {
    for (const id of this.items.keys()) this.cancel(id);
  }

  private fail(item: DownloadItem, message: string): void {
    if (item.state === 'canceled') return;
    item.state = 'error';
    item.error = message;
    log('download error', item.id, message);
  }

  private async run(item: DownloadItem): Promise<void> {
    // A canceled download of the same image may still be letting go of its file: the new one starts after it.
    const previous = this.running.get(item.filename);
    const current = (async () => {
      await previous?.catch(() => undefined);
      await this.runLocked(item);
    })();
    this.running.set(item.filename, current);
    try {
      await current;
    } finally {
      if (this.running.get(item.filename) === current) this.running.delete(item.filename);
    }
  }

  private async runLocked(item: DownloadItem): Promise<void> {
    try {
      await ensurePrivateDir(this.dir);
    } catch (error) {
      if (!(error instanceof UnsafeFileError)) throw error;
      log('refused the download folder:', error.message);
      this.fail(item, error.message);
      return;
    }
    // Two windows burning the same video run two helper processes: one downloads, the other waits for its file
    // (two writers of one .part would spoil it). The wait is bounded: a holder whose .part stops growing for
    // lockWaitMs is reported, not waited for forever.
    const lock = new ProcessLock(this.dir, `${item.filename}.lock`);
    let lastSize = -1;
    let lastChange = Date.now();
    while (!lock.acquire()) {
      if (canceled(item)) return;
      item.state = 'in_progress';
      const size = (await fs.promises.lstat(path.join(this.dir, `${item.filename}.part`)).catch(() => null))?.size ?? 0;
      if (size !== lastSize) {
        lastSize = size;
        lastChange = Date.now();
        item.received = Math.min(size, item.size);
      } else if (Date.now() - lastChange > this.options.lockWaitMs) {
        const holder = lock.heldByOther();
        this.fail(
          item,
          `Another burn window on this computer (helper process ${holder ?? 'unknown'}) is downloading this disc image and has not moved for ${Math.max(1, Math.round(this.options.lockWaitMs / 1000))} s. Close the other burn window, then press Retry.`,
        );
        return;
      }
      await sleep(this.options.backoffMs, item.controller.signal);
    }
    try {
      await this.download(item);
    } catch (error) {
      if (!(error instanceof UnsafeFileError)) throw error;
      log('refused a file of the download folder:', error.message);
      this.fail(item, `The download failed: ${error.message}`);
    } finally {
      lock.release();
    }
  }

  private async download(item: DownloadItem): Promise<void> {
    const final = path.join(this.dir, item.filename);
    const part = `${final}.part`;
    // A file under the final name counts only when it is the user's own and its SHA-256 is the server's (a link or
    // another account's file is removed by ownFileOrNothing, with a log line).
    const done = await ownFileOrNothing(final);
    if (done) {
      const found = done.size === item.size ? await this.hashes.of(final) : null;
      if (found?.sha256 === item.sha256) {
        item.received = item.size;
        item.state = 'complete';
        log('download already complete', item.id, item.filename);
        return;
      }
      log(`ignored ${final}: ${found ? `its SHA-256 ${found.sha256} is not the server's ${item.sha256}` : `it has ${done.size} bytes, not ${item.size}`}; downloading it again`);
      await fs.promises.rm(final, { force: true });
    }
    log('download start', item.id, redactUrl(item.url), item.size);
    let failures = 0;
    for (;;) {
      if (canceled(item)) return;
      const before = item.received;
      try {
        await this.transfer(item, part);
        break;
      } catch (error) {
        if (canceled(item)) return;
        const transfer = error instanceof TransferError ? error : new TransferError((error as Error).message, true);
        // A transfer that moved forward before it broke starts the count again: only a stuck one gives up.
        failures = item.received > before ? 1 : failures + 1;
        if (!transfer.retryable || failures > this.options.retries) {
          this.fail(item, `The download failed: ${transfer.message}`);
          return;
        }
        log('download retry', item.id, failures, transfer.message, 'at', item.received);
        await sleep(Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (failures - 1)), item.controller.signal);
      }
    }
    const actual = (await this.hashes.of(part)).sha256;
    if (canceled(item)) return;
    if (actual !== item.sha256) {
      await fs.promises.rm(part, { force: true });
      this.fail(item, `The downloaded disc image is damaged (SHA-256 ${actual}, expected ${item.sha256}). Please retry.`);
      return;
    }
    await fs.promises.rename(part, final);
    item.state = 'complete';
    log('download complete', item.id, item.filename);
  }

  /** One HTTP request: appends to the .part file from where it ends. Resolves when the whole size is there. */
  private async transfer(item: DownloadItem, part: string): Promise<void> {
    // A .part that is a link or another account's is removed (and logged) before anything is written.
    let start = (await ownFileOrNothing(part))?.size ?? 0;
    if (start > item.size) start = 0;
    item.received = start;
    if (start === item.size) return;
    const headers: Record<string, string> = { 'User-Agent': 'tribute-burner', 'Accept-Encoding': 'identity' };
    if (start > 0) {
      headers.Range = `bytes=${start}-`;
      if (item.etag) headers['If-Range'] = item.etag;
    }
    const signal = item.controller.signal;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const client = item.url.startsWith('https:') ? https : http;
      const request = client.get(item.url, { headers, signal }, resolve);
      request.on('error', (error) => reject(new TransferError(error.message, true)));
      request.setTimeout(this.options.stallMs, () => request.destroy(new TransferError('the server did not answer', true)));
    });
    const status = response.statusCode ?? 0;
    let append = false;
    if (status === 206) {
      const range = /^bytes (\d+)-/.exec(response.headers['content-range'] ?? '');
      append = range !== null && Number(range[1]) === start;
      if (!append) {
        response.destroy();
        await fs.promises.rm(part, { force: true });
        throw new TransferError('the server resumed at the wrong place', true);
      }
    } else if (status !== 200) {
      response.resume();
      const retryable = status >= 500 || status === 408 || status === 429 || status === 416;
      if (status === 416) await fs.promises.rm(part, { force: true });
      throw new TransferError(`the server answered ${status} ${response.statusMessage ?? ''}`.trim(), retryable);
    }
    const etag = response.headers.etag;
    item.etag = typeof etag === 'string' && !etag.startsWith('W/') ? etag : null;
    item.state = 'in_progress';
    item.received = append ? start : 0;
    let stallTimer: NodeJS.Timeout | undefined;
    const stall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => response.destroy(new TransferError('the transfer stalled', true)), this.options.stallMs);
    };
    stall();
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        stall();
        item.received += chunk.length;
        if (item.received > item.size) callback(new TransferError(`the server sent more than the ${item.size} bytes of the disc image`, false));
        else callback(null, chunk);
      },
    });
    let output: fs.promises.FileHandle;
    try {
      output = await openPrivate(part, append ? APPEND_FLAGS : TRUNCATE_FLAGS);
    } catch (error) {
      response.destroy();
      clearTimeout(stallTimer);
      throw error instanceof UnsafeFileError ? error : new TransferError(`could not write ${part}: ${(error as Error).message}`, false);
    }
    try {
      await pipeline(response, counter, output.createWriteStream(), { signal });
    } catch (error) {
      if (error instanceof TransferError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC') throw new TransferError(`there is not enough free disk space in ${this.dir} (a disc image needs up to 4.7 GB)`, false);
      if (code === 'EACCES' || code === 'EPERM') throw new TransferError(`the helper may not write in ${this.dir}`, false);
      throw new TransferError((error as Error).message || 'the connection was cut', true);
    } finally {
      clearTimeout(stallTimer);
    }
    if (item.received < item.size) throw new TransferError(`the connection closed after ${item.received} of ${item.size} bytes`, true);
  }
}
