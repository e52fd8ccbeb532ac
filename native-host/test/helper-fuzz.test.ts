import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { BURN_CHANNEL, MAX_REQUEST_BYTES } from '../../common/burn-protocol.ts';
import { encodeMessage } from '../src/framing.ts';
import { HelperClient } from './helper-client.ts';

/**
 * Issue 17: the helper's framing fuzzed. Random bytes, truncated and oversize frames, unknown message types and
 * real types with hostile fields (paths out of its folder, other servers, absurd numbers) go to one helper process;
 * it must answer every frame with a reply that passes parseReplyFrame (a typed error for anything it refuses) and
 * still answer version afterwards, and it must never write a file outside its own folder. Fixed seed here; raise
 * FUZZ_RUNS for a longer run.
 */

const MARK = 'fuzzmark';
const HOSTILE_PATHS = [`../../${MARK}`, `/tmp/${MARK}`, `..\\..\\${MARK}`, `${MARK}/../../../x`, `C:\\${MARK}`, `\u0000${MARK}`, `${MARK}${'a'.repeat(5000)}`];
const TYPES = ['version', 'download_start', 'download_poll', 'download_cancel', 'burner_checks', 'burn', 'open_window', 'update_start', 'shred_disc', '', '__proto__', 'constructor'];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_PATHS, -1, 2 ** 53, 1e308, null, true, '', 'http://evil.example/x.iso', `file:///tmp/${MARK}`),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const request = fc.record(
  { type: fc.constantFrom(...TYPES), url: junk, sha256: junk, size: junk, download_id: junk, filename: junk, burner_index: junk, video_id: junk },
  { requiredKeys: ['type'] },
);

/** One chunk of stdin: a well-formed frame around a hostile request, another shape of frame, or raw bytes. */
const chunk: fc.Arbitrary<Buffer> = fc.oneof(
  fc.record({ channel: fc.constantFrom(BURN_CHANNEL, 'other', ''), id: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, 'x', null)), request }).map((frame) => encodeMessage(frame)),
  junk.map((value) => encodeMessage(value)),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => {
    // A frame whose header tells the truth about random bytes: a body that is not JSON, or not UTF-8.
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bytes.length);
    return Buffer.concat([header, Buffer.from(bytes)]);
  }),
  fc.integer({ min: MAX_REQUEST_BYTES + 1, max: MAX_REQUEST_BYTES + 64 }).map((length) => {
    // An oversize frame: refused at its header, its body skipped however it arrives.
    const header = Buffer.alloc(4);
    header.writeUInt32LE(length);
    return Buffer.concat([header, Buffer.alloc(length, 0x7b)]);
  }),
);

function listFiles(dir: string): string[] {
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f)) : [];
}

/** Where a hostile name would land if the helper used it as a path from its folders or its working directory. */
function escapes(dirs: string[]): string[] {
  const found = fs.readdirSync(os.tmpdir()).filter((name) => name.includes(MARK)).map((name) => path.join(os.tmpdir(), name));
  for (const base of [...dirs, process.cwd(), '/']) {
    for (const hostile of HOSTILE_PATHS) {
      const target = path.resolve(base, hostile.replaceAll('\u0000', ''));
      if (fs.existsSync(target)) found.push(target);
    }
  }
  return found;
}

describe('native helper framing fuzzed', function () {
  this.timeout(120_000);

  it('answers every frame with a typed reply, stays up and never writes outside its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-fuzz-'));
    const downloads = path.join(dir, 'downloads');
    const config = { servers: ['http://127.0.0.1:9'], updateServer: 'http://127.0.0.1:9', downloadDir: downloads, burner: { kind: 'virtual', stateFile: path.join(dir, 'burner.json') } };
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
    const outside = escapes([dir, downloads]);
    const sequences = fc.sample(fc.array(chunk, { minLength: 1, maxLength: 8 }), { seed: 17, numRuns: Number(process.env.FUZZ_RUNS ?? 40) });
    const helper = HelperClient.start({ TRIBUTE_BURNER_CONFIG: path.join(dir, 'config.json'), TRIBUTE_BURNER_LOG: path.join(dir, 'helper.log') });
    try {
      for (const [n, sequence] of sequences.entries()) {
        for (const bytes of sequence) helper.writeRaw(bytes);
        const version = await helper.ask({ type: 'version' }, 8000).catch((err: Error) => err);
        assert.ok(!(version instanceof Error), `sequence ${n}: no answer to version after ${sequence.map((b) => b.toString('hex').slice(0, 40)).join(' | ')}\n${String(version)}`);
        assert.equal((version as { type: string }).type, 'version');
      }
      // Last, a header claiming 4 GB: refused at once, without waiting for (or holding) its body.
      const before = helper.frames.length;
      helper.writeRaw(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x7b]));
      await helper.waitFor((f) => helper.frames.indexOf(f) >= before && f.reply.type === 'error');
      assert.deepEqual(helper.invalid, [], 'every reply passes parseReplyFrame');
      const refusals = helper.frames.filter((f) => f.reply.type === 'error');
      assert.ok(refusals.length > sequences.length / 2, `hostile frames were refused with typed errors (${refusals.length})`);
      assert.equal(helper.child.exitCode, null, `still running\n${helper.stderr}`);
    } finally {
      await helper.close();
    }
    assert.deepEqual(escapes([dir, downloads]), outside, 'no file written outside the helper folder');
    for (const file of listFiles(dir)) assert.ok(!path.relative(dir, file).startsWith('..'), file);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
