/**
 * Test side of native messaging: starts the helper (node --import tsx native-host/src/main.ts, or a built one:
 * env TRIBUTE_BURNER_HELPER_EXE) as a browser would, writes framed requests to its stdin and collects the framed
 * replies from its stdout.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_REPLY_BYTES, parseReplyFrame, requestFrame, type BurnReply, type BurnRequest, type ReplyFrame } from '../../common/burn-protocol.ts';
import { encodeMessage, FrameDecoder } from '../src/framing.ts';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main.ts');

export class HelperClient {
  readonly frames: ReplyFrame[] = [];
  /** Replies that failed parseReplyFrame: the helper must never send one. */
  readonly invalid: unknown[] = [];
  stderr = '';
  private nextId = 100;
  private listeners = new Set<() => void>();
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    const decoder = new FrameDecoder(MAX_REPLY_BYTES);
    child.stdout.on('data', (chunk: Buffer) => {
      for (const decoded of decoder.push(chunk)) {
        if (decoded.kind !== 'message') throw new Error(`The helper wrote something that is not a frame: ${JSON.stringify(decoded)}`);
        const parsed = parseReplyFrame(decoded.value);
        if (parsed.ok) this.frames.push(parsed.value);
        else this.invalid.push(decoded.value);
      }
      for (const listener of this.listeners) listener();
    });
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** The built helper named by env TRIBUTE_BURNER_HELPER_EXE, else the sources through tsx. */
  static readonly builtExecutable = process.env.TRIBUTE_BURNER_HELPER_EXE || null;

  static start(env: Record<string, string>): HelperClient {
    const [command, args] = HelperClient.builtExecutable ? [HelperClient.builtExecutable, []] : [process.execPath, ['--import', 'tsx', MAIN]];
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    return new HelperClient(child);
  }

  writeRaw(bytes: Buffer): void {
    this.child.stdin.write(bytes);
  }

  send(value: unknown): void {
    this.writeRaw(encodeMessage(value));
  }

  /** Resolves with the first frame matching test, waiting for it up to timeoutMs. */
  waitFor(test: (frame: ReplyFrame) => boolean, timeoutMs = 8000): Promise<ReplyFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(test);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No matching reply within ${timeoutMs} ms. Replies: ${JSON.stringify(this.frames)}\nstderr: ${this.stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      this.listeners.add(listener);
      check();
    });
  }

  /** Sends a request and answers every reply to it, up to and including the final one. */
  async request(request: BurnRequest, timeoutMs = 8000): Promise<ReplyFrame[]> {
    const id = (this.nextId += 1);
    this.send(requestFrame(id, request));
    await this.waitFor((frame) => frame.id === id && frame.final, timeoutMs);
    return this.frames.filter((frame) => frame.id === id);
  }

  /** The final reply to a request. */
  async ask(request: BurnRequest, timeoutMs?: number): Promise<BurnReply> {
    const frames = await this.request(request, timeoutMs);
    return frames[frames.length - 1].reply;
  }

  async close(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }
}
