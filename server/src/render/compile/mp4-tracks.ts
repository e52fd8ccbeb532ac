import type { FileHandle } from 'node:fs/promises';
import { boxes, child, type Box } from './fmp4.ts';

/**
 * Reading a plain (not fragmented) MP4's index: its top-level boxes, and each track's samples as a flat list with
 * where their bytes are. Just what the join (mp4-join.ts) needs; anything it cannot read is refused with
 * JoinUnsupported, and the join falls back to ffmpeg's.
 */
export class JoinUnsupported extends Error {}

export interface Sample {
  /** Byte offset in the source file. */
  offset: number;
  size: number;
  /** Ticks of the track's timescale. */
  duration: number;
  /** Composition offset (presentation minus decode time), in ticks. */
  cts: number;
  sync: boolean;
}

export interface Track {
  /** The source's trak box, as it is (its sample tables are rewritten by the join). */
  trak: Buffer;
  handler: string;
  timescale: number;
  /** The sample description (stsd) as it is: equal ones can share a track. */
  stsd: Buffer;
  /** The first edit's media time (the presentation's start in the media, -1 for none), ticks. */
  mediaTime: number;
  samples: Sample[];
}

export interface Movie {
  ftyp: Buffer;
  /** The movie header as it is, and its timescale (edit lists and track headers count in it). */
  mvhd: Buffer;
  movieTimescale: number;
  tracks: Track[];
}

function path(buf: Buffer, parent: Box, types: string[]): Box | undefined {
  let current: Box | undefined = parent;
  for (const type of types) current = current ? child(buf, current, type) : undefined;
  return current;
}

export const whole = (buf: Buffer): Box => ({ type: buf.toString('latin1', 4, 8), start: 0, size: buf.length, header: buf.readUInt32BE(0) === 1 ? 16 : 8 });

/** The top-level boxes of a file, reading only their headers, and the bytes of ftyp and moov. */
async function topLevel(handle: FileHandle): Promise<{ ftyp: Buffer; moov: Buffer }> {
  const { size } = await handle.stat();
  const head = Buffer.alloc(16);
  const found: Record<string, Buffer> = {};
  for (let at = 0; at + 8 <= size; ) {
    await handle.read(head, 0, 16, at);
    let length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (length === 1) length = Number(head.readBigUInt64BE(8));
    else if (length === 0) length = size - at;
    if (length < 8 || at + length > size) throw new JoinUnsupported(`A broken ${type} box at ${at}`);
    if (type === 'ftyp' || type === 'moov') {
      const bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, at);
      found[type] = bytes;
    }
    at += length;
  }
  if (!found.ftyp || !found.moov) throw new JoinUnsupported('No ftyp or moov');
  if (boxes(found.moov).length !== 1) throw new JoinUnsupported('A broken moov');
  return { ftyp: found.ftyp, moov: found.moov };
}

/** Where a full box's fields start (after its version and flags). */
export const fullBody = (b: Box): number => b.start + b.header + 4;

/** Runs of a two-number table (stts, ctts, stsc has three) as [count, value] pairs. */
function entries(buf: Buffer, b: Box, width: number): number[][] {
  const at = fullBody(b);
  const count = buf.readUInt32BE(at);
  const out: number[][] = [];
  for (let i = 0; i < count; i++) {
    const row: number[] = [];
    for (let k = 0; k < width; k++) row.push(buf.readUInt32BE(at + 4 + (i * width + k) * 4));
    out.push(row);
  }
  return out;
}

function readTrack(moov: Buffer, trakBox: Box): Track {
  const trak = Buffer.from(moov.subarray(trakBox.start, trakBox.start + trakBox.size));
  const root = whole(trak);
  const need = (types: string[]): Box => {
    const b = path(trak, root, types);
    if (!b) throw new JoinUnsupported(`No ${types.join('/')}`);
    return b;
  };
  const mdhd = need(['mdia', 'mdhd']);
  const timescale = trak.readUInt32BE(fullBody(mdhd) + (trak.readUInt8(mdhd.start + 8) === 1 ? 16 : 8));
  const handler = trak.toString('latin1', fullBody(need(['mdia', 'hdlr'])) + 4, fullBody(need(['mdia', 'hdlr'])) + 8);
  const stbl = need(['mdia', 'minf', 'stbl']);
  const table = (type: string) => child(trak, stbl, type);
  if (table('stz2')) throw new JoinUnsupported('Compact sample sizes');
  const stsd = table('stsd');
  const stts = table('stts');
  const stsz = table('stsz');
  const stsc = table('stsc');
  const stco = table('stco') ?? table('co64');
  if (!stsd || !stts || !stsz || !stsc || !stco) throw new JoinUnsupported('A sample table is missing');
  if (trak.readUInt32BE(fullBody(stsd)) !== 1) throw new JoinUnsupported('More than one sample description');

  const sizeAt = fullBody(stsz);
  const fixed = trak.readUInt32BE(sizeAt);
  const count = trak.readUInt32BE(sizeAt + 4);
  const sizes = Array.from({ length: count }, (_, i) => (fixed || trak.readUInt32BE(sizeAt + 8 + i * 4)));

  const durations: number[] = [];
  for (const [n, delta] of entries(trak, stts, 2)) for (let i = 0; i < n; i++) durations.push(delta);
  const ctts = table('ctts');
  const cts: number[] = [];
  if (ctts) {
    const signed = trak.readUInt8(ctts.start + 8) === 1;
    for (const [n, value] of entries(trak, ctts, 2)) for (let i = 0; i < n; i++) cts.push(signed ? value | 0 : value);
  }
  const stss = table('stss');
  const syncs = stss ? new Set(entries(trak, stss, 1).map(([n]) => n)) : null;

  const wide = stco.type === 'co64';
  const chunkAt = fullBody(stco);
  const chunks = trak.readUInt32BE(chunkAt);
  const chunkOffset = (i: number) => (wide ? Number(trak.readBigUInt64BE(chunkAt + 4 + i * 8)) : trak.readUInt32BE(chunkAt + 4 + i * 4));
  const runs = entries(trak, stsc, 3);
  if (runs.some(([, , description]) => description !== 1)) throw new JoinUnsupported('More than one sample description');

  const samples: Sample[] = [];
  for (let r = 0; r < runs.length; r++) {
    const [first, perChunk] = runs[r];
    const last = r + 1 < runs.length ? runs[r + 1][0] - 1 : chunks;
    for (let c = first; c <= last; c++) {
      let offset = chunkOffset(c - 1);
      for (let k = 0; k < perChunk; k++) {
        const n = samples.length;
        if (n >= count) throw new JoinUnsupported('The chunks hold more samples than there are');
        samples.push({ offset, size: sizes[n], duration: durations[n] ?? 0, cts: cts[n] ?? 0, sync: syncs ? syncs.has(n + 1) : true });
        offset += sizes[n];
      }
    }
  }
  if (samples.length !== count || durations.length !== count || (ctts && cts.length !== count)) throw new JoinUnsupported('Sample tables disagree');

  const elst = path(trak, root, ['edts', 'elst']);
  let mediaTime = 0;
  if (elst) {
    const version = trak.readUInt8(elst.start + 8);
    const at = fullBody(elst);
    if (trak.readUInt32BE(at) !== 1) throw new JoinUnsupported('More than one edit');
    mediaTime = version === 1 ? Number(trak.readBigInt64BE(at + 12)) : trak.readInt32BE(at + 8);
  }
  return { trak, handler, timescale, stsd: Buffer.from(trak.subarray(stsd.start, stsd.start + stsd.size)), mediaTime, samples };
}

/** Bytes of a sample entry's fields before its child boxes: a visual entry's, a sound entry's (version 0). */
const ENTRY_FIELDS: Record<string, number> = { vide: 86, soun: 36 };

/**
 * Where the sample description's bit rate box (btrt: buffer size, highest and average bit rate) is, if it has
 * one: it is the one part of it that differs between segments encoded alike.
 */
export function bitrateBox(stsd: Buffer, handler: string): Box | undefined {
  const entry = boxes(stsd, 16, stsd.length)[0];
  const fields = ENTRY_FIELDS[handler];
  if (!entry || fields === undefined) return undefined;
  return boxes(stsd, entry.start + fields, entry.start + entry.size).find((b) => b.type === 'btrt' && b.size === 20);
}

/** The sample description with its bit rates zeroed: equal ones describe segments that can share a track. */
export function encodingOf(track: Track): Buffer {
  const copy = Buffer.from(track.stsd);
  const btrt = bitrateBox(copy, track.handler);
  if (btrt) copy.fill(0, btrt.start + 8, btrt.start + 20);
  return copy;
}

/** The index of a plain MP4 file: its ftyp and each track with its samples. */
export async function readMovie(handle: FileHandle): Promise<Movie> {
  const { ftyp, moov } = await topLevel(handle);
  const root = whole(moov);
  if (child(moov, root, 'mvex')) throw new JoinUnsupported('A fragmented file');
  const mvhd = child(moov, root, 'mvhd');
  if (!mvhd) throw new JoinUnsupported('No mvhd');
  const movieTimescale = moov.readUInt32BE(fullBody(mvhd) + (moov.readUInt8(mvhd.start + 8) === 1 ? 16 : 8));
  const traks = boxes(moov, root.header, moov.length).filter((b) => b.type === 'trak');
  return { ftyp, mvhd: Buffer.from(moov.subarray(mvhd.start, mvhd.start + mvhd.size)), movieTimescale, tracks: traks.map((b) => readTrack(moov, b)) };
}
