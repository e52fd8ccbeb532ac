import type { Fragment } from './fmp4.ts';

/** HLS segments are at most this long (fragments are 2 s): a player reloads the playlist about this often. */
export const HLS_TARGET_SECONDS = 6;

export interface Chunk {
  fragments: Fragment[];
  /** Seconds from the start of the video. */
  start: number;
  seconds: number;
}

/**
 * Groups one rendered segment's fragments (times in its own clock, ticks of `timescale`) into HLS segments of at
 * most HLS_TARGET_SECONDS, placed at `offset` seconds of the video.
 */
export function chunkFragments(fragments: Fragment[], timescale: number, offset: number, totalSeconds: number): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Fragment[] = [];
  let startTime = 0;
  const close = (endSeconds: number) => {
    if (!current.length) return;
    chunks.push({ fragments: current, start: offset + startTime, seconds: endSeconds - startTime });
    current = [];
  };
  for (const fragment of fragments) {
    const at = fragment.time / timescale;
    if (current.length && at - startTime > HLS_TARGET_SECONDS - 1e-6) close(at);
    if (!current.length) startTime = at;
    current.push(fragment);
  }
  close(totalSeconds);
  return chunks;
}

export interface PlaylistEntry {
  uri: string;
  seconds: number;
}

/** A growing (EVENT) media playlist of fMP4 segments; ENDLIST once every segment is listed. */
export function playlist(entries: PlaylistEntry[], ended: boolean): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${HLS_TARGET_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MAP:URI="init.mp4"',
  ];
  for (const entry of entries) lines.push(`#EXTINF:${entry.seconds.toFixed(3)},`, entry.uri);
  if (ended) lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** The segment file names of a playlist, in order, and whether it is complete. */
export function readPlaylist(text: string): { uris: string[]; ended: boolean } {
  const lines = text.split('\n').map((l) => l.trim());
  return { uris: lines.filter((l) => l && !l.startsWith('#')), ended: lines.includes('#EXT-X-ENDLIST') };
}
