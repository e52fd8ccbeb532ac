import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';

/** tus answers an error object with these two fields as that status and body. */
export interface TusErrorShape {
  status_code: number;
  body: string;
}

/** A write that failed because the disk (or the user's quota) is full; the tus route turns it into 507. */
export class DiskFullError extends Error implements TusErrorShape {
  readonly code = 'ENOSPC';
  readonly status_code = 507;
  readonly body = 'Insufficient storage\n';
  constructor(cause: unknown) {
    super('No space left on device', { cause });
    this.name = 'DiskFullError';
  }
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export const isDiskFull = (err: unknown): boolean =>
  err instanceof DiskFullError || DISK_FULL_CODES.has(String((err as NodeJS.ErrnoException | undefined)?.code));

/** The same reply @tus/file-store gives for any other failed write: the client may retry it. */
const WRITE_FAILED: TusErrorShape = { status_code: 500, body: 'Something went wrong when trying to write the file\n' };
const NOT_FOUND: TusErrorShape = { status_code: 404, body: 'The file for this url was not found\n' };

/**
 * The tus file store for partial uploads (DATA_DIR/uploads), with two changes to @tus/file-store:
 *
 * - `write` keeps the reason of a failed write. The stock store turns every write error into a generic, retryable
 *   500, so a disk that fills during a PATCH could not be told from a passing fault; here ENOSPC (and EDQUOT)
 *   become a DiskFullError, which the upload route answers with 507 and the plain disk-full message.
 * - `remove` deletes the upload's record even when its bytes are gone (moved into storage when it completed), so
 *   no `<id>.json` is left behind.
 */
export class UploadStore extends FileStore {
  constructor(options: { directory: string }) {
    super(options);
  }

  /** Upload ids are names this server chose (letters and digits); anything else is not one of ours. */
  protected filePath(id: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw NOT_FOUND;
    return path.join(this.directory, id);
  }

  /** The stream one PATCH writes into, at `offset` of the existing file. */
  protected openForWrite(file: string, offset: number): Writable {
    return createWriteStream(file, { flags: 'r+', start: offset });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = this.filePath(id);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, this.openForWrite(file, offset));
    } catch (err) {
      if (isDiskFull(err)) throw new DiskFullError(err);
      throw WRITE_FAILED;
    }
    return offset + received;
  }

  override async remove(id: string): Promise<void> {
    const file = this.filePath(id);
    await rm(file, { force: true });
    await this.configstore.delete(id).catch((err: NodeJS.ErrnoException) => {
      if (err?.code !== 'ENOENT') throw err;
    });
  }
}
