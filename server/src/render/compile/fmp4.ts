/**
 * Just enough of fragmented MP4 to serve the preview as HLS: split a file into its init part (ftyp + moov) and its
 * fragments (moof + mdat), move a fragment in time, renumber it, give it another track id, and join a video
 * init and an audio init into one with both tracks. Every segment is encoded alone with the same settings, so
 * they share one video init; each is moved to its place in the video by rewriting its decode time (tfdt).
 */

export interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

export interface Fragment {
  /** moof + mdat (and anything between), as they were. */
  data: Buffer;
  /** Decode time of the first sample, in the track's timescale. */
  time: number;
}

/** The complete boxes between start and end; an unfinished box at the end (a file still being written) is left out. */
export function boxes(buf: Buffer, start = 0, end = buf.length): Box[] {
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, size, header });
    at += size;
  }
  return out;
}

/** The first box of `type` inside `parent`. */
export const child = (buf: Buffer, parent: Box, type: string): Box | undefined =>
  boxes(buf, parent.start + parent.header, parent.start + parent.size).find((b) => b.type === type);

const children = (buf: Buffer, parent: Box): Box[] => boxes(buf, parent.start + parent.header, parent.start + parent.size);

function tfdtTime(buf: Buffer, tfdt: Box): number {
  const version = buf.readUInt8(tfdt.start + 8);
  return version === 1 ? Number(buf.readBigUInt64BE(tfdt.start + 12)) : buf.readUInt32BE(tfdt.start + 12);
}

/** Splits a fragmented MP4 (or the part of one written so far) into its init and its complete fragments. */
export function splitFragmented(buf: Buffer): { init: Buffer | null; fragments: Fragment[] } {
  const top = boxes(buf);
  const moov = top.find((b) => b.type === 'moov');
  const init = moov ? buf.subarray(0, moov.start + moov.size) : null;
  const fragments: Fragment[] = [];
  for (let i = 0; i < top.length; i++) {
    if (top[i].type !== 'moof') continue;
    const mdat = top.slice(i + 1).find((b) => b.type === 'mdat' || b.type === 'moof');
    if (!mdat || mdat.type !== 'mdat') break;
    const traf = child(buf, top[i], 'traf');
    const tfdt = traf ? child(buf, traf, 'tfdt') : undefined;
    fragments.push({ data: buf.subarray(top[i].start, mdat.start + mdat.size), time: tfdt ? tfdtTime(buf, tfdt) : 0 });
  }
  return { init, fragments };
}

/**
 * How long a fragment plays, in its track's timescale: the sum of its first track's sample durations (trun's own,
 * else tfhd's default; ffmpeg writes one of them, its trex has none). Known as soon as the fragment is written,
 * before the next one's time says where it ends.
 */
export function fragmentDuration(fragment: Buffer): number {
  const moof = boxes(fragment).find((b) => b.type === 'moof');
  const traf = moof ? child(fragment, moof, 'traf') : undefined;
  if (!traf) throw new Error('Not a fragment');
  const tfhd = child(fragment, traf, 'tfhd');
  let fallback = 0;
  if (tfhd) {
    const flags = fragment.readUInt32BE(tfhd.start + 8) & 0xffffff;
    // After track_ID: base_data_offset (8 bytes) and sample_description_index (4) when flagged, then the default duration.
    const at = tfhd.start + 16 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    if (flags & 0x08) fallback = fragment.readUInt32BE(at);
  }
  let total = 0;
  for (const trun of children(fragment, traf).filter((b) => b.type === 'trun')) {
    const flags = fragment.readUInt32BE(trun.start + 8) & 0xffffff;
    const count = fragment.readUInt32BE(trun.start + 12);
    if (!(flags & 0x100)) {
      total += count * fallback;
      continue;
    }
    // Per sample: duration, size, flags, composition offset, each when flagged; after data_offset and first_sample_flags.
    let at = trun.start + 16 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
    const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
    for (let i = 0; i < count; i++, at += stride) total += fragment.readUInt32BE(at);
  }
  return total;
}

/**
 * A copy of a fragment moved by `shift` ticks, numbered `sequence`, and (when given) carrying `trackId`.
 * tfdt is rewritten as version 1 (64-bit) when it must grow.
 */
export function patchFragment(fragment: Buffer, options: { sequence: number; shift: number; trackId?: number }): Buffer {
  const moof = boxes(fragment).find((b) => b.type === 'moof');
  if (!moof) throw new Error('Not a fragment');
  const out = Buffer.from(fragment);
  const mfhd = child(out, moof, 'mfhd');
  if (mfhd) out.writeUInt32BE(options.sequence >>> 0, mfhd.start + 12);
  for (const traf of children(out, moof).filter((b) => b.type === 'traf')) {
    const tfhd = child(out, traf, 'tfhd');
    if (tfhd && options.trackId !== undefined) out.writeUInt32BE(options.trackId, tfhd.start + 12);
    const tfdt = child(out, traf, 'tfdt');
    if (!tfdt) continue;
    const time = tfdtTime(out, tfdt) + options.shift;
    if (out.readUInt8(tfdt.start + 8) === 1) out.writeBigUInt64BE(BigInt(time), tfdt.start + 12);
    else if (time <= 0xffffffff) out.writeUInt32BE(time, tfdt.start + 12);
    else throw new Error('Fragment time out of range for a version 0 tfdt');
  }
  return out;
}

/** A box of `type` holding `payload`. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const slice = (buf: Buffer, b: Box): Buffer => Buffer.from(buf.subarray(b.start, b.start + b.size));

/** The track id written in a trak's tkhd or a trex, moved to `id`. */
function setTrackId(buf: Buffer, b: Box, id: number): Buffer {
  const copy = slice(buf, b);
  if (b.type === 'trex') {
    copy.writeUInt32BE(id, 12);
    return copy;
  }
  const tkhd = child(copy, { ...b, start: 0 }, 'tkhd');
  if (tkhd) copy.writeUInt32BE(id, tkhd.start + (copy.readUInt8(tkhd.start + 8) === 1 ? 28 : 20));
  return copy;
}

/** One init segment with the video track (id 1) of `video` and the sound track (id 2) of `audio`. */
export function mergeInits(video: Buffer, audio: Buffer): Buffer {
  const vTop = boxes(video);
  const aTop = boxes(audio);
  const ftyp = vTop.find((b) => b.type === 'ftyp');
  const vMoov = vTop.find((b) => b.type === 'moov');
  const aMoov = aTop.find((b) => b.type === 'moov');
  if (!ftyp || !vMoov || !aMoov) throw new Error('Both inits need ftyp and moov');
  const mvhd = slice(video, child(video, vMoov, 'mvhd')!);
  // next_track_ID is the last field of mvhd.
  mvhd.writeUInt32BE(3, mvhd.length - 4);
  const vTrak = child(video, vMoov, 'trak')!;
  const aTrak = child(audio, aMoov, 'trak')!;
  const vTrex = child(video, child(video, vMoov, 'mvex')!, 'trex')!;
  const aTrex = child(audio, child(audio, aMoov, 'mvex')!, 'trex')!;
  const moov = box('moov', mvhd, setTrackId(video, vTrak, 1), setTrackId(audio, aTrak, 2), box('mvex', setTrackId(video, vTrex, 1), setTrackId(audio, aTrex, 2)));
  return Buffer.concat([slice(video, ftyp), moov]);
}

/** The codec configuration of the first video track (avcC): equal ones let segments share one init. */
export function videoConfig(init: Buffer): string {
  const find = (buf: Buffer, parent: Box, path: string[]): Box | undefined => {
    let current: Box | undefined = parent;
    for (const type of path) current = current ? child(buf, current, type) : undefined;
    return current;
  };
  const moov = boxes(init).find((b) => b.type === 'moov');
  const stsd = moov ? find(init, moov, ['trak', 'mdia', 'minf', 'stbl', 'stsd']) : undefined;
  if (!stsd) return '';
  const raw = init.subarray(stsd.start, stsd.start + stsd.size);
  const at = raw.indexOf('avcC', 0, 'latin1');
  return at < 4 ? '' : raw.subarray(at - 4, at - 4 + raw.readUInt32BE(at - 4)).toString('hex');
}
