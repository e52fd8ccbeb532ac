import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { growingFragments } from './growing-fragments.ts';

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** moof(traf(tfdt v1)) + mdat of `bytes` bytes. */
function fragment(time: number, bytes: number): Buffer {
  const tfdt = Buffer.alloc(12);
  tfdt.writeUInt8(1, 0);
  tfdt.writeBigUInt64BE(BigInt(time), 4);
  return Buffer.concat([box('moof', box('traf', box('tfdt', tfdt))), box('mdat', Buffer.alloc(bytes, time % 251))]);
}

describe('a fragmented MP4 read while it is written', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'growing-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers its init, then each fragment once its mdat is whole, in order, and keeps reading after the file is moved', async () => {
    const file = path.join(dir, 'segment.mp4');
    const reader = growingFragments(file);
    try {
      await reader.poll();
      assert.equal(reader.init, null, 'not written yet');
      const init = Buffer.concat([box('ftyp', Buffer.alloc(8)), box('moov', Buffer.alloc(20))]);
      const first = fragment(0, 5000);
      const second = fragment(30720, 7000);
      appendFileSync(file, init.subarray(0, 10));
      await reader.poll();
      assert.equal(reader.init, null, 'half an init');
      appendFileSync(file, Buffer.concat([init.subarray(10), first.subarray(0, 3000)]));
      await reader.poll();
      assert.deepEqual(reader.init, init);
      assert.equal(reader.fragments.length, 0, 'the first mdat is not whole');
      appendFileSync(file, Buffer.concat([first.subarray(3000), second.subarray(0, 40)]));
      await reader.poll();
      assert.deepEqual(reader.fragments.map((f) => [f.time, f.data.length]), [[0, first.length]]);
      assert.deepEqual(reader.fragments[0].data, first);
      // The writer's file is moved into storage when it ends; what is left of it is still read.
      renameSync(file, path.join(dir, 'published.mp4'));
      appendFileSync(path.join(dir, 'published.mp4'), Buffer.concat([second.subarray(40), box('mfra', Buffer.alloc(8))]));
      await reader.poll();
      assert.deepEqual(reader.fragments.map((f) => [f.time, f.data.length]), [[0, first.length], [30720, second.length]]);
      assert.deepEqual(reader.fragments[1].data, second);
    } finally {
      await reader.close();
    }
  });
});
