import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { tempPath } from '../repositories/temp-files.ts';
import { moveFile } from './local-storage.ts';
import { cacheTrimmer, trimCache } from './storage-cache.ts';
import { missing, type StorageBackend, type StoredFile, type StoredRange } from './storage-backend.ts';
import type { S3Settings } from './storage-settings.ts';

const notFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** A key as the bucket stores it: normalised, never leaving the configured prefix. */
function checkKey(key: string): string {
  const clean = path.posix.normalize(key).replace(/^\/+|\/+$/g, '');
  if (clean === '..' || clean.startsWith('../')) throw new Error(`Storage key escapes the media folder: ${key}`);
  return clean === '.' ? '' : clean;
}

/**
 * Media in an S3-compatible bucket, shared by every web server and render worker. Tools get local copies from a
 * per-machine cache (DATA_DIR/storage-cache/<version>/<key>): a version is fetched once and never changes, so a
 * replaced file is fetched again and a copy in use is never overwritten under a tool.
 */
export function s3Storage(settings: S3Settings, dataDir: string) {
  const client = new S3Client({
    endpoint: settings.endpoint || undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, s3rver, Ceph) differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string): string => {
    const clean = checkKey(key);
    return settings.prefix ? (clean ? `${settings.prefix}/${clean}` : settings.prefix) : clean;
  };
  const cacheRoot = path.join(dataDir, 'storage-cache');
  const cachePath = (version: string, key: string): string => path.join(cacheRoot, version.replace(/[^A-Za-z0-9-]/g, ''), checkKey(key));
  const fetching = new Map<string, Promise<string>>();
  const trimSometimes = cacheTrimmer(cacheRoot);

  async function head(key: string): Promise<StoredFile | null> {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0), version: (out.ETag ?? '').replace(/"/g, '') };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async function upload(key: string, body: Buffer | Readable, length: number): Promise<string> {
    const out = await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentLength: length }));
    return (out.ETag ?? '').replace(/"/g, '');
  }

  async function fetchCopy(key: string): Promise<string> {
    const info = await head(key);
    if (!info) throw missing(key);
    const file = cachePath(info.version, key);
    trimSometimes();
    // A copy in use is renewed, so the trim (storage-cache.ts) leaves it.
    const now = new Date();
    if (await utimes(file, now, now).then(() => true, () => false)) return file;
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = tempPath(file);
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), IfMatch: `"${info.version}"` }));
      await pipeline(out.Body as Readable, createWriteStream(tmp));
      await moveFile(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw notFound(err) ? missing(key) : err;
    }
    return file;
  }

  const backend = {
    kind: 's3' as const,
    client,
    async put(key: string, data: Buffer | string): Promise<void> {
      const body = typeof data === 'string' ? Buffer.from(data) : data;
      await upload(key, body, body.length);
    },
    async get(key: string): Promise<Buffer | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    stat: head,
    async stream(key: string, range?: StoredRange): Promise<Readable> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return out.Body as Readable;
      } catch (err) {
        throw notFound(err) ? missing(key) : err;
      }
    },
    async list(folderKey: string): Promise<string[]> {
      const folder = objectKey(folderKey);
      const Prefix = folder ? `${folder}/` : '';
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of out.Contents ?? []) if (item.Key) keys.push(settings.prefix ? item.Key.slice(settings.prefix.length + 1) : item.Key);
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async remove(key: string): Promise<void> {
      const keys = [...(await backend.list(key)), checkKey(key)].filter(Boolean);
      // DeleteObjects takes at most 1,000 keys; a key that is not there is no error.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((k) => ({ Key: objectKey(k) }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    localCopy(key: string): Promise<string> {
      // One fetch per key at a time in this process; other processes on this machine rename the same whole file.
      let pending = fetching.get(key);
      if (!pending) {
        pending = fetchCopy(key).finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      return pending;
    },
    scratchFolder: (folderKey: string): string => path.join(cacheRoot, 'scratch', checkKey(folderKey)),
    async scratchPath(key: string): Promise<string> {
      const file = tempPath(backend.scratchFolder(key));
      await mkdir(path.dirname(file), { recursive: true });
      return file;
    },
    /** Removes this machine's copies unused for a while (done by itself every ten minutes); answers how many. */
    trimCache: (now?: number): Promise<number> => trimCache(cacheRoot, now),
    async publish(key: string, localFile: string): Promise<void> {
      trimSometimes();
      const { size } = await stat(localFile);
      const version = await upload(key, createReadStream(localFile), size);
      // Kept as this version's copy, so the machine that made a file never fetches it back.
      const file = cachePath(version, key);
      await mkdir(path.dirname(file), { recursive: true });
      await moveFile(localFile, file);
    },
  };
  return backend satisfies StorageBackend;
}
