/**
 * Native messaging framing: each message is a 4-byte length in the machine's byte order (little-endian on every
 * system we ship) followed by that many bytes of UTF-8 JSON. stdin delivers bytes in whatever pieces the pipe
 * gives, so the decoder keeps what it has not used yet and yields whole frames as they complete.
 */
import { ERROR_CODES, MAX_REPLY_BYTES, MAX_REQUEST_BYTES, errorReply, replyFrame, type ReplyFrame } from '../../common/burn-protocol.ts';

const HEADER_BYTES = 4;

/** What the decoder found in the bytes so far. */
export type DecodedFrame =
  /** A whole message, parsed as JSON (not yet validated as a request). */
  | { kind: 'message'; value: unknown }
  /** A message that is not JSON: answered with error malformed. */
  | { kind: 'badJson'; message: string }
  /** A message longer than MAX_REQUEST_BYTES: answered with error tooLarge; its bytes are skipped, not kept. */
  | { kind: 'tooLarge'; length: number };

export class FrameDecoder {
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes of an oversize message still to throw away. */
  private skipping = 0;

  constructor(private readonly maxBytes = MAX_REQUEST_BYTES) {}

  /** Feeds a chunk from stdin; returns every frame it completed, in order. */
  push(chunk: Buffer): DecodedFrame[] {
    const found: DecodedFrame[] = [];
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (this.skipping > 0) {
        const skip = Math.min(this.skipping, data.length);
        this.skipping -= skip;
        data = data.subarray(skip);
        if (this.skipping > 0) break;
      }
      if (data.length < HEADER_BYTES) break;
      const length = data.readUInt32LE(0);
      if (length > this.maxBytes) {
        // Refuse at once, before the body arrives: a huge message must not be held in memory.
        found.push({ kind: 'tooLarge', length });
        this.skipping = length;
        data = data.subarray(HEADER_BYTES);
        continue;
      }
      if (data.length < HEADER_BYTES + length) break;
      const body = data.subarray(HEADER_BYTES, HEADER_BYTES + length);
      data = data.subarray(HEADER_BYTES + length);
      try {
        found.push({ kind: 'message', value: JSON.parse(body.toString('utf8')) as unknown });
      } catch (error) {
        found.push({ kind: 'badJson', message: `The message is not JSON: ${(error as Error).message}` });
      }
    }
    // Copy the rest so the big chunk it came from can be freed.
    this.pending = Buffer.from(data);
    return found;
  }

  /** Bytes held for a message not yet complete (for tests and the exit log). */
  get buffered(): number {
    return this.pending.length;
  }
}

/** Frames any value as native messaging bytes. */
export function encodeMessage(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(body.length, 0);
  return Buffer.concat([header, body]);
}

/**
 * Frames a reply. The browsers drop a host message over 1 MB (Chrome closes the port), so a reply that would be
 * larger goes out as an error reply for the same request instead.
 */
export function encodeReply(frame: ReplyFrame, maxBytes = MAX_REPLY_BYTES): Buffer {
  const encoded = encodeMessage(frame);
  if (encoded.length - HEADER_BYTES <= maxBytes) return encoded;
  const message = `The reply to request ${frame.id} (${frame.reply.type}) was ${encoded.length - HEADER_BYTES} bytes, more than the ${maxBytes} a browser accepts.`;
  return encodeMessage(replyFrame(frame.id, errorReply(ERROR_CODES.internal, message), true));
}
