import assert from 'node:assert/strict';
import { ERROR_CODES, MAX_REQUEST_BYTES, replyFrame } from '../../common/burn-protocol.ts';
import { encodeMessage, encodeReply, FrameDecoder } from './framing.ts';

const frame = (value: unknown): Buffer => encodeMessage(value);

describe('native messaging framing', () => {
  it('writes a 4-byte little-endian length before the UTF-8 JSON', () => {
    const bytes = encodeMessage({ name: 'Zoë' });
    const body = Buffer.from('{"name":"Zoë"}', 'utf8');
    assert.equal(bytes.readUInt32LE(0), body.length);
    assert.ok(bytes.subarray(4).equals(body));
  });

  it('decodes a frame split into single bytes', () => {
    const decoder = new FrameDecoder();
    const bytes = frame({ a: 1, text: 'é'.repeat(10) });
    const found = [];
    for (let i = 0; i < bytes.length; i += 1) found.push(...decoder.push(bytes.subarray(i, i + 1)));
    assert.deepEqual(found, [{ kind: 'message', value: { a: 1, text: 'é'.repeat(10) } }]);
    assert.equal(decoder.buffered, 0);
  });

  it('decodes several frames joined in one read, and keeps a partial one for the next read', () => {
    const decoder = new FrameDecoder();
    const third = frame({ n: 3 });
    const joined = Buffer.concat([frame({ n: 1 }), frame({ n: 2 }), third.subarray(0, 6)]);
    assert.deepEqual(decoder.push(joined), [
      { kind: 'message', value: { n: 1 } },
      { kind: 'message', value: { n: 2 } },
    ]);
    assert.equal(decoder.buffered, 6);
    assert.deepEqual(decoder.push(third.subarray(6)), [{ kind: 'message', value: { n: 3 } }]);
  });

  it('reports a body that is not JSON and goes on with the next frame', () => {
    const decoder = new FrameDecoder();
    const bad = Buffer.from('{oops');
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bad.length);
    const found = decoder.push(Buffer.concat([header, bad, frame({ ok: true })]));
    assert.equal(found[0].kind, 'badJson');
    assert.deepEqual(found[1], { kind: 'message', value: { ok: true } });
  });

  it('refuses a frame over MAX_REQUEST_BYTES at its header, skips its bytes across reads, then continues', () => {
    const decoder = new FrameDecoder();
    const length = MAX_REQUEST_BYTES + 1;
    const header = Buffer.alloc(4);
    header.writeUInt32LE(length);
    const body = Buffer.alloc(length, 0x7b);
    assert.deepEqual(decoder.push(Buffer.concat([header, body.subarray(0, 100)])), [{ kind: 'tooLarge', length }]);
    assert.equal(decoder.buffered, 0, 'the oversize body is not held in memory');
    assert.deepEqual(decoder.push(body.subarray(100, 5000)), []);
    const next = frame({ after: true });
    assert.deepEqual(decoder.push(Buffer.concat([body.subarray(5000), next])), [{ kind: 'message', value: { after: true } }]);
  });

  it('accepts a frame of exactly MAX_REQUEST_BYTES', () => {
    const text = JSON.stringify({ pad: 'x'.repeat(MAX_REQUEST_BYTES - 10) });
    assert.equal(Buffer.byteLength(text), MAX_REQUEST_BYTES);
    const found = new FrameDecoder().push(encodeMessage(JSON.parse(text)));
    assert.equal(found[0].kind, 'message');
  });

  it('turns a reply over the size limit into an error reply for the same request', () => {
    const big = replyFrame(42, { type: 'update_error', message: 'x'.repeat(2000) });
    const small = encodeReply(big, 5000);
    assert.ok(small.equals(encodeMessage(big)));
    const refused = JSON.parse(encodeReply(big, 1000).subarray(4).toString()) as { id: number; final: boolean; reply: { type: string; code: number } };
    assert.equal(refused.id, 42);
    assert.equal(refused.final, true);
    assert.deepEqual([refused.reply.type, refused.reply.code], ['error', ERROR_CODES.internal]);
  });
});
