import { open, type FileHandle } from 'node:fs/promises';
import { box, boxes, type Box } from './fmp4.ts';
import { bitrateBox, encodingOf, JoinUnsupported, readMovie, whole, type Movie, type Sample, type Track } from './mp4-tracks.ts';

/**
 * Joins video segments (plain MP4, one video track each, encoded alike) and a sound file into one MP4 with the
 * index first, by copying their samples: no decoding, and the file is written once. ffmpeg's concat demuxer does
 * the same work but probes every segment by decoding its first frames (about 45 ms each, 4.5 s for a 100-segment
 * video), which a one-slide re-render waited for. Chunks of about a second of each track are interleaved, as a
 * muxer does, so a player reading the file in order has both sounds and pictures at hand.
 */

/** Seconds of one track in a chunk: the interleave. */
const CHUNK_SECONDS = 1;
/** Bytes gathered before each write. */
const WRITE_BUFFER = 8 * 1024 * 1024;

interface Placed extends Sample {
  source: number;
}

interface OutTrack {
  track: Track;
  samples: Placed[];
  /** The media's duration in its timescale. */
  duration: number;
  chunks: { first: number; count: number; source: number; offset: number; size: number; time: number }[];
  /** New chunk offsets in the output, set once the layout is known. */
  offsets: number[];
}

/** 32-bit fields from a list (never spread: an hour's sample sizes are more arguments than a call may have). */
function u32(values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

const fullBox = (type: string, version: number, ...payload: Buffer[]): Buffer => box(type, u32([version << 24]), ...payload);

/** Runs of equal values as [count, value]. */
function runs(values: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const v of values) {
    const last = out[out.length - 1];
    if (last && last[1] === v) last[0]++;
    else out.push([1, v]);
  }
  return out;
}

/** Groups samples into chunks: a new one each CHUNK_SECONDS of decode time, at a new source or a gap in its bytes. */
function chunk(out: OutTrack): void {
  let time = 0;
  let boundary = 0;
  out.samples.forEach((s, i) => {
    const last = out.chunks[out.chunks.length - 1];
    const seconds = time / out.track.timescale;
    if (last && seconds < boundary && last.source === s.source && last.offset + last.size === s.offset) {
      last.count++;
      last.size += s.size;
    } else {
      if (seconds >= boundary) boundary = Math.floor(seconds / CHUNK_SECONDS + 1) * CHUNK_SECONDS;
      out.chunks.push({ first: i, count: 1, source: s.source, offset: s.offset, size: s.size, time: seconds });
    }
    time += s.duration;
  });
}

function sampleTables(out: OutTrack, wide: boolean, keep: Buffer[]): Buffer {
  const { samples, track } = out;
  const stts = runs(samples.map((s) => s.duration));
  const tables = [track.stsd, fullBox('stts', 0, u32([stts.length].concat(stts.flat())))];
  if (samples.some((s) => !s.sync)) {
    const syncs = samples.flatMap((s, i) => (s.sync ? [i + 1] : []));
    tables.push(fullBox('stss', 0, u32([syncs.length].concat(syncs))));
  }
  if (samples.some((s) => s.cts !== 0)) {
    const ctts = runs(samples.map((s) => s.cts));
    tables.push(fullBox('ctts', ctts.some(([, v]) => v < 0) ? 1 : 0, u32([ctts.length].concat(ctts.flat()))));
  }
  const stsc: number[] = [];
  out.chunks.forEach((c, i) => {
    if (i === 0 || c.count !== out.chunks[i - 1].count) stsc.push(i + 1, c.count, 1);
  });
  tables.push(fullBox('stsc', 0, u32([stsc.length / 3].concat(stsc))));
  const fixed = samples.every((s) => s.size === samples[0]?.size) ? samples[0]?.size ?? 0 : 0;
  tables.push(fullBox('stsz', 0, u32([fixed, samples.length].concat(fixed ? [] : samples.map((s) => s.size)))));
  if (wide) {
    const offsets = Buffer.alloc(out.chunks.length * 8);
    out.chunks.forEach((_, i) => offsets.writeBigUInt64BE(BigInt(out.offsets[i] ?? 0), i * 8));
    tables.push(fullBox('co64', 0, u32([out.chunks.length]), offsets));
  } else tables.push(fullBox('stco', 0, u32([out.chunks.length].concat(out.chunks.map((_, i) => out.offsets[i] ?? 0)))));
  return box('stbl', ...tables, ...keep);
}

/**
 * The first segment's sample description with the bit rates of the whole: the largest buffer and peak of any
 * segment, and the average over all of them.
 */
function joinedBitrates(tracks: Track[]): Buffer {
  const stsd = Buffer.from(tracks[0].stsd);
  const btrt = bitrateBox(stsd, tracks[0].handler);
  if (!btrt) return stsd;
  const field = (t: Track, k: number) => {
    const own = bitrateBox(t.stsd, t.handler);
    return own ? t.stsd.readUInt32BE(own.start + 8 + k * 4) : 0;
  };
  const bytes = tracks.reduce((sum, t) => sum + t.samples.reduce((n, s) => n + s.size, 0), 0);
  const seconds = tracks.reduce((sum, t) => sum + t.samples.reduce((n, s) => n + s.duration, 0) / t.timescale, 0);
  stsd.writeUInt32BE(Math.max(...tracks.map((t) => field(t, 0))), btrt.start + 8);
  stsd.writeUInt32BE(Math.max(...tracks.map((t) => field(t, 1))), btrt.start + 12);
  stsd.writeUInt32BE(seconds > 0 ? Math.min(0xffffffff, Math.round((bytes * 8) / seconds)) : 0, btrt.start + 16);
  return stsd;
}

/** Boxes a track's sample tables may hold beside those the join writes: only ones that do not count samples. */
const KEPT_IN_STBL = new Set(['sgpd', 'sbgp']);
const REWRITTEN = new Set(['stsd', 'stts', 'ctts', 'stss', 'stsz', 'stsc', 'stco', 'co64']);

/**
 * The track's trak with its new tables, id, durations and edit. `sampleGroups`: its sgpd/sbgp stay valid (the
 * sound, all of whose samples are kept in order); a joined track may not carry any.
 */
function trak(out: OutTrack, id: number, movieTimescale: number, edit: Buffer | null, wide: boolean, sampleGroups: boolean): Buffer {
  const source = out.track.trak;
  const presented = presentedTicks(out, movieTimescale);
  const rebuild = (buf: Buffer, b: Box): Buffer => {
    const copy = () => Buffer.from(buf.subarray(b.start, b.start + b.size));
    switch (b.type) {
      case 'trak': case 'mdia': case 'minf':
        return box(b.type, ...boxes(buf, b.start + b.header, b.start + b.size).map((c) => rebuild(buf, c)));
      case 'edts':
        return edit ?? copy();
      case 'tkhd': {
        const c = copy();
        const v1 = c.readUInt8(8) === 1;
        c.writeUInt32BE(id, 12 + (v1 ? 16 : 8));
        if (v1) c.writeBigUInt64BE(BigInt(presented), 12 + 24);
        else c.writeUInt32BE(presented, 12 + 16);
        return c;
      }
      case 'mdhd': {
        const c = copy();
        if (c.readUInt8(8) === 1) c.writeBigUInt64BE(BigInt(out.duration), 12 + 20);
        else if (out.duration <= 0xffffffff) c.writeUInt32BE(out.duration, 12 + 12);
        else throw new JoinUnsupported('A track too long for its header');
        return c;
      }
      case 'stbl': {
        const others = boxes(buf, b.start + b.header, b.start + b.size).filter((c) => !REWRITTEN.has(c.type));
        if (others.some((c) => !KEPT_IN_STBL.has(c.type) || !sampleGroups)) throw new JoinUnsupported(`Sample tables with ${others.map((c) => c.type).join(', ')}`);
        return sampleTables(out, wide, others.map((c) => Buffer.from(buf.subarray(c.start, c.start + c.size))));
      }
      default:
        return copy();
    }
  };
  return rebuild(source, whole(source));
}

/** How long the track is shown, in movie ticks: from its edit's start to the end of its last sample shown. */
function presentedTicks(out: OutTrack, movieTimescale: number): number {
  let dts = 0;
  let end = 0;
  for (const s of out.samples) {
    end = Math.max(end, dts + s.cts + s.duration);
    dts += s.duration;
  }
  return Math.round(((end - Math.max(0, out.track.mediaTime)) / out.track.timescale) * movieTimescale);
}

/** One edit showing the media from `mediaTime` for `presented` movie ticks. */
const editList = (presented: number, mediaTime: number): Buffer =>
  box('edts', fullBox('elst', 0, u32([1, presented, mediaTime, 0x00010000])));

function movieHeader(mvhd: Buffer, duration: number, nextTrack: number): Buffer {
  const c = Buffer.from(mvhd);
  if (c.readUInt8(8) === 1) c.writeBigUInt64BE(BigInt(duration), 12 + 20);
  else c.writeUInt32BE(duration, 12 + 12);
  c.writeUInt32BE(nextTrack, c.length - 4);
  return c;
}

const onlyTrack = (movie: Movie, handler: string, name: string): Track => {
  if (movie.tracks.length !== 1 || movie.tracks[0].handler !== handler) throw new JoinUnsupported(`${name} must hold one ${handler} track`);
  return movie.tracks[0];
};

/**
 * Writes `output`: the segments' video one after the other, then (when given) the sound's track as it is.
 * Throws JoinUnsupported, before writing anything, for files it cannot join exactly (the caller uses ffmpeg).
 */
export async function joinMp4(segments: string[], sound: string | null, output: string): Promise<void> {
  if (!segments.length) throw new JoinUnsupported('Nothing to join');
  const handles: FileHandle[] = [];
  try {
    const movies: Movie[] = [];
    for (const file of [...segments, ...(sound ? [sound] : [])]) {
      const handle = await open(file, 'r');
      handles.push(handle);
      movies.push(await readMovie(handle));
    }
    const first = movies[0];
    const videoTracks = movies.slice(0, segments.length).map((m, i) => onlyTrack(m, 'vide', `Segment ${i}`));
    const head = videoTracks[0];
    const encoding = encodingOf(head);
    for (const [i, t] of videoTracks.entries()) {
      if (!encodingOf(t).equals(encoding) || t.timescale !== head.timescale || t.mediaTime !== head.mediaTime || movies[i].movieTimescale !== first.movieTimescale) {
        throw new JoinUnsupported(`Segment ${i} was encoded differently from the first`);
      }
    }
    const video: OutTrack = { track: { ...head, stsd: joinedBitrates(videoTracks) }, samples: videoTracks.flatMap((t, source) => t.samples.map((s) => ({ ...s, source }))), duration: 0, chunks: [], offsets: [] };
    video.duration = video.samples.reduce((sum, s) => sum + s.duration, 0);
    const tracks = [video];
    if (sound) {
      const soundMovie = movies[segments.length];
      if (soundMovie.movieTimescale !== first.movieTimescale) throw new JoinUnsupported('The sound counts its edits in another timescale');
      const track = onlyTrack(soundMovie, 'soun', 'The sound');
      tracks.push({ track, samples: track.samples.map((s) => ({ ...s, source: segments.length })), duration: track.samples.reduce((sum, s) => sum + s.duration, 0), chunks: [], offsets: [] });
    }
    tracks.forEach(chunk);

    // Every chunk in decode-time order, the picture first at a tie.
    const order = tracks.flatMap((t, k) => t.chunks.map((c, i) => ({ track: k, index: i, time: c.time, size: c.size, source: c.source, offset: c.offset })));
    order.sort((a, b) => a.time - b.time || a.track - b.track);
    const payload = order.reduce((sum, c) => sum + c.size, 0);

    const moovFor = (wide: boolean): Buffer => {
      const presented = (t: OutTrack) => presentedTicks(t, first.movieTimescale);
      const videoEdit = editList(presented(video), Math.max(0, head.mediaTime));
      const traks = tracks.map((t, k) => trak(t, k + 1, first.movieTimescale, k === 0 ? videoEdit : null, wide, k === 1));
      return box('moov', movieHeader(first.mvhd, Math.max(...tracks.map(presented)), tracks.length + 1), ...traks);
    };
    const large = payload + 16 > 0xffffffff;
    const mdatHeader = large ? 16 : 8;
    let moov = moovFor(false);
    const wide = first.ftyp.length + moov.length + mdatHeader + payload > 0xffffffff;
    if (wide) moov = moovFor(true);
    let at = first.ftyp.length + moov.length + mdatHeader;
    for (const c of order) {
      tracks[c.track].offsets[c.index] = at;
      at += c.size;
    }
    moov = moovFor(wide);

    const mdat = Buffer.alloc(mdatHeader);
    if (large) {
      mdat.writeUInt32BE(1, 0);
      mdat.write('mdat', 4, 'latin1');
      mdat.writeBigUInt64BE(BigInt(payload + 16), 8);
    } else {
      mdat.writeUInt32BE(payload + 8, 0);
      mdat.write('mdat', 4, 'latin1');
    }
    const out = await open(output, 'w');
    try {
      await out.write(Buffer.concat([first.ftyp, moov, mdat]));
      const buffer = Buffer.alloc(WRITE_BUFFER);
      let filled = 0;
      for (const c of order) {
        for (let done = 0; done < c.size; ) {
          if (filled === buffer.length) {
            await out.write(buffer, 0, filled);
            filled = 0;
          }
          const want = Math.min(c.size - done, buffer.length - filled);
          const { bytesRead } = await handles[c.source].read(buffer, filled, want, c.offset + done);
          if (bytesRead !== want) throw new Error(`A segment ended early (${segments[c.source] ?? sound})`);
          filled += want;
          done += want;
        }
      }
      await out.write(buffer, 0, filled);
    } finally {
      await out.close();
    }
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
}

export { JoinUnsupported };
