import assert from 'node:assert/strict';
import { boxes, fragmentDuration, patchFragment, splitFragmented } from './fmp4.ts';
import { chunkFragments, playlist, readPlaylist } from './hls.ts';

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** A fragment of one track: moof(mfhd, traf(tfhd, tfdt v1)) + mdat. */
function fragment(sequence: number, trackId: number, time: number): Buffer {
  const mfhd = Buffer.alloc(8);
  mfhd.writeUInt32BE(sequence, 4);
  const tfhd = Buffer.alloc(8);
  tfhd.writeUInt32BE(trackId, 4);
  const tfdt = Buffer.alloc(12);
  tfdt.writeUInt8(1, 0);
  tfdt.writeBigUInt64BE(BigInt(time), 4);
  return Buffer.concat([box('moof', Buffer.concat([box('mfhd', mfhd), box('traf', Buffer.concat([box('tfhd', tfhd), box('tfdt', tfdt)]))])), box('mdat', Buffer.from('frames'))]);
}

describe('fMP4 for the preview', () => {
  it('splits a file into its fragments with their decode times, leaving an unfinished box out', () => {
    const file = Buffer.concat([box('ftyp', Buffer.alloc(8)), box('moov', Buffer.alloc(4)), fragment(1, 1, 0), fragment(2, 1, 30720)]);
    const { init, fragments } = splitFragmented(file.subarray(0, file.length - 3));
    assert.equal(init?.length, 16 + 12);
    assert.deepEqual(fragments.map((f) => f.time), [0]);
  });

  it('moves a fragment in time, renumbers it and gives it another track', () => {
    const patched = patchFragment(fragment(1, 1, 512), { sequence: 7, shift: 15360, trackId: 2 });
    const { fragments } = splitFragmented(patched);
    assert.equal(fragments[0].time, 15872);
    const moof = boxes(patched)[0];
    assert.equal(patched.readUInt32BE(moof.start + 8 + 12), 7);
    assert.ok(patched.includes(Buffer.from([0, 0, 0, 2])));
  });

  it('knows how long a fragment plays from its own samples, before the next fragment says where it ends', () => {
    const full = (flags: number, fields: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(flags);
      return Buffer.concat([head, fields]);
    };
    const u32 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));
    const moof = (tfhd: Buffer, trun: Buffer) => Buffer.concat([box('moof', box('traf', Buffer.concat([box('tfhd', tfhd), box('trun', trun)]))), box('mdat', Buffer.alloc(4))]);
    // As ffmpeg writes them: tfhd with default-base-is-moof, the default duration (512), size and flags; trun with a data offset, first sample flags and sizes.
    const ffmpeg = moof(full(0x020038, u32(1, 512, 9000, 0x01010000)), full(0x000205, u32(60, 360, 0x02000000, ...Array.from({ length: 60 }, () => 4000))));
    assert.equal(fragmentDuration(ffmpeg), 60 * 512);
    // Per-sample durations (with sizes) win over the default; base_data_offset and sample_description_index are skipped.
    const own = moof(full(0x00000b, u32(1, 0, 0, 7, 512)), full(0x000301, u32(3, 100, 500, 10, 520, 10, 530, 10)));
    assert.equal(fragmentDuration(own), 1550);
  });

  it('groups two-second fragments into HLS segments of at most six seconds', () => {
    const fragments = [0, 2, 4, 6, 8].map((s) => ({ time: s * 15360, data: Buffer.alloc(0) }));
    const chunks = chunkFragments(fragments, 15360, 10, 9.5);
    assert.deepEqual(chunks.map((c) => [c.start, c.seconds, c.fragments.length]), [[10, 6, 3], [16, 3.5, 2]]);
  });

  it('writes an EVENT playlist that ends only when complete', () => {
    const growing = playlist([{ uri: 'seg-0.m4s', seconds: 2 }], false);
    assert.match(growing, /#EXT-X-PLAYLIST-TYPE:EVENT/);
    assert.match(growing, /#EXT-X-MAP:URI="init.mp4"/);
    assert.deepEqual(readPlaylist(growing), { uris: ['seg-0.m4s'], ended: false });
    assert.equal(readPlaylist(playlist([], true)).ended, true);
  });
});
