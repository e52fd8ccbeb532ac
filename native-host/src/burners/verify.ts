/**
 * Verification: the disc is read back (its first image-size bytes; a drive pads what follows) and its SHA-256
 * compared with the image's. A disc that differs is a failed burn, never a finished one.
 */
import crypto from 'node:crypto';
import { sha256File } from '../downloader.ts';
import type { Burner, ProgressFn } from './burner.ts';

export interface VerifyResult {
  ok: boolean;
  isoSha256: string;
  discSha256: string;
  /** Bytes the disc gave back (fewer than the image when it is short). */
  read: number;
}

export async function verifyDisc(burner: Burner, index: number, iso: string, size: number, progress: ProgressFn): Promise<VerifyResult> {
  // Said first: hashing a 4 GB image takes seconds, and the window should already show Verifying...
  progress('verifying', 0);
  const isoSha256 = await sha256File(iso);
  const hash = crypto.createHash('sha256');
  let read = 0;
  let lastReport = 0;
  for await (const chunk of await burner.readBack(index, size)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    read += bytes.length;
    if (Date.now() - lastReport >= 100) {
      lastReport = Date.now();
      progress('verifying', Math.round((read / size) * 1000) / 10);
    }
  }
  progress('verifying', 100);
  const discSha256 = hash.digest('hex');
  return { ok: read === size && discSha256 === isoSha256, isoSha256, discSha256, read };
}
