import { open, type FileHandle } from 'node:fs/promises';
import { splitFragmented, type Fragment } from './fmp4.ts';

/**
 * A fragmented MP4 that ffmpeg is still writing (a local scratch file, whatever the storage), read as it grows: its
 * init once written, then each fragment once whole. ffmpeg's mov muxer writes a fragment in one go when its last
 * sample is in, moof then mdat with its size first, so a whole mdat box is a whole fragment (with -flush_packets 1
 * it reaches the file at once; else ffmpeg's output buffer holds back up to 256 KB).
 */
export interface GrowingFragments {
  /** ftyp + moov, once written. */
  readonly init: Buffer | null;
  /** The whole fragments written so far, in order. */
  readonly fragments: readonly Fragment[];
  /** Reads what was written since the last call; nothing while the file is not there yet. */
  poll(): Promise<void>;
  /** Lets go of the file. */
  close(): Promise<void>;
}

export function growingFragments(file: string): GrowingFragments {
  // Kept open once found: the writer moves the file away (into storage) when it ends, and what it wrote stays readable.
  let handle: FileHandle | null = null;
  let read = 0;
  /** What was read after the last whole fragment. */
  let rest = Buffer.alloc(0);
  let init: Buffer | null = null;
  const fragments: Fragment[] = [];
  return {
    get init() {
      return init;
    },
    fragments,
    async poll(): Promise<void> {
      handle ??= await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return;
      const { size } = await handle.stat();
      if (size <= read) return;
      const more = Buffer.alloc(size - read);
      const { bytesRead } = await handle.read(more, 0, more.length, read);
      read += bytesRead;
      rest = Buffer.concat([rest, more.subarray(0, bytesRead)]);
      const split = splitFragmented(rest);
      if (!init && !split.init) return;
      init ??= Buffer.from(split.init!);
      const used = split.fragments.reduce((end, f) => Math.max(end, f.data.byteOffset - rest.byteOffset + f.data.length), split.init ? split.init.length : 0);
      fragments.push(...split.fragments.map((f) => ({ time: f.time, data: Buffer.from(f.data) })));
      rest = Buffer.from(rest.subarray(used));
    },
    async close(): Promise<void> {
      await handle?.close();
      handle = null;
    },
  };
}
