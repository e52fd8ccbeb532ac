import type { Readable } from 'node:stream';

/** What a backend knows of a stored file. */
export interface StoredFile {
  size: number;
  modified: Date;
  /** Changes whenever the content does (local: size and time; S3: the object's ETag). */
  version: string;
}

/** Bytes `start` to `end`, both included, as in Content-Range. */
export interface StoredRange {
  start: number;
  end: number;
}

/**
 * Where media live: the local data folder or S3-compatible object storage (STORAGE_URL). Keys are relative paths
 * ('videos/12/slides/...'); a folder is a key prefix. Every write appears whole or not at all. Tools that open
 * files themselves (ffmpeg, sharp) work on `localCopy` and hand their output back with `publish`.
 */
export interface StorageBackend {
  /** 'local' or 's3', for messages and tests. */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer | string): Promise<void>;
  /** The whole file, or null when it is not there. */
  get(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes (a range of them when given); rejects with code ENOENT when it is not there. */
  stream(key: string, range?: StoredRange): Promise<Readable>;
  /** Every key under a folder, however deep, sorted. */
  list(folderKey: string): Promise<string[]>;
  /** Removes a file, or a folder and everything under it; nothing when neither is there. */
  remove(key: string): Promise<void>;
  /**
   * A local path holding the file, for tools. Local: the file itself (whether or not it is there, as before). S3: a
   * copy in this machine's cache under DATA_DIR, fetched once per version; rejects with code ENOENT when missing.
   */
  localCopy(key: string): Promise<string>;
  /** Removes this machine's copies unused for a while (local: none, there are no copies); answers how many. */
  trimCache(now?: number): Promise<number>;
  /** The local folder where this machine writes the temporaries of keys under a folder (what a dead writer's sweep looks in). */
  scratchFolder(folderKey: string): string;
  /** A path this process may write the file of `key` to before `publish` (keeps the key's extension). */
  scratchPath(key: string): Promise<string>;
  /** Makes a finished local file (from `scratchPath`) the file of `key`; the local file is moved, not kept. */
  publish(key: string, localFile: string): Promise<void>;
}

/** An error with code ENOENT, as callers already test for a missing file. */
export function missing(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`Not in storage: ${key}`), { code: 'ENOENT' });
}
