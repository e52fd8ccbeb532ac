import {
  BURN_TIMINGS,
  ERROR_CODES,
  parseReplyFrame,
  requestFrame,
  type BurnReply,
  type BurnRequest,
  type ErrorCode,
  type ExtensionVersion,
  type RequestFrame,
} from '../../../../common/burn-protocol.ts';
import { TEXTS } from './texts.ts';

/**
 * The page's side of the burn protocol (docs: .scratch/burn-design.md, "Transport"): requests go to the extension's
 * content script by window.postMessage to this window, replies come back the same way. Every request has its own
 * id; progress frames (final false) go to the caller's callback, the final frame settles the request.
 */

/** How the client reaches the extension: this window by default; tests pass a link of their own. */
export interface FrameLink {
  post(frame: RequestFrame): void;
  /** Calls onData with every message's data this page may trust; returns the unsubscribe. */
  listen(onData: (data: unknown) => void): () => void;
}

/** This window: our own origin only, and only messages this window posted (the content script posts them here). */
export function windowLink(win: Window = window): FrameLink {
  return {
    post: (frame) => win.postMessage(frame, win.location.origin),
    listen(onData) {
      const handler = (event: MessageEvent) => {
        if (event.source !== win || event.origin !== win.location.origin) return;
        onData(event.data);
      };
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
  };
}

/** A request's failure: an error reply from the extension or helper, or no reply in time (code 'timeout'). */
export class BurnClientError extends Error {
  readonly code: ErrorCode | 'timeout';
  constructor(code: ErrorCode | 'timeout', message: string) {
    super(message);
    this.code = code;
  }
}

/** How a failure reads in the window (spec 3 section 8). */
export function helperErrorText(err: unknown): string {
  if (err instanceof BurnClientError) {
    if (err.code === 'timeout') return TEXTS.noResponse;
    if (err.code === ERROR_CODES.nativeUnavailable) return TEXTS.nativeUnavailable;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** How long a request may go without any frame before it counts as unanswered. */
export const REPLY_TIMEOUT_MS = 30_000;
/**
 * A burn and an update stream progress, but a drive closing a disc or a slow server can stay silent for minutes:
 * they wait longer between frames.
 */
export const STREAM_TIMEOUT_MS = 15 * 60_000;

const STREAMS: ReadonlySet<BurnRequest['type']> = new Set(['burn', 'update_start']);

interface Pending {
  resolve(reply: BurnReply): void;
  reject(err: Error): void;
  onProgress?: (reply: BurnReply) => void;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout>;
}

export interface RequestOptions {
  onProgress?: (reply: BurnReply) => void;
  timeoutMs?: number;
}

export interface DetectOptions {
  /** Give up (null) after the fast tries instead of going on every BURN_TIMINGS.detectSlowMs. */
  fastOnly?: boolean;
  signal?: AbortSignal;
  /** Called once when the fast tries have found nothing (the slow tries go on). */
  onFastTriesOver?: () => void;
}

let lastId = 0;
/** Ids are unique within the page: several clients (detection, the window) may talk at once. */
const nextId = (): number => {
  lastId = lastId >= Number.MAX_SAFE_INTEGER ? 1 : lastId + 1;
  return lastId;
};

export class ExtensionClient {
  private readonly pending = new Map<number, Pending>();
  private readonly unlisten: () => void;
  /** Ids of detection tries still waiting: any of their answers settles the detection. */
  private readonly detecting = new Map<number, (reply: ExtensionVersion) => void>();

  constructor(private readonly link: FrameLink = windowLink()) {
    this.unlisten = link.listen((data) => this.receive(data));
  }

  close(): void {
    this.unlisten();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new BurnClientError('timeout', TEXTS.noResponse));
      this.pending.delete(id);
    }
    this.detecting.clear();
  }

  private receive(data: unknown): void {
    // Our own requests come back through the same window: they are not replies, and neither is anyone else's message.
    if (typeof data !== 'object' || data === null || !('reply' in data)) return;
    const parsed = parseReplyFrame(data);
    if (!parsed.ok) return;
    const { id, final, reply } = parsed.value;
    const detect = this.detecting.get(id);
    if (detect && reply.type === 'extension_version') {
      detect(reply);
      return;
    }
    const pending = this.pending.get(id);
    if (!pending) return;
    if (!final) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => this.expire(id), pending.timeoutMs);
      pending.onProgress?.(reply);
      return;
    }
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if (reply.type === 'error') pending.reject(new BurnClientError(reply.code, reply.message));
    else pending.resolve(reply);
  }

  private expire(id: number): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.reject(new BurnClientError('timeout', TEXTS.noResponse));
  }

  /** Sends a request; resolves with its final reply, rejects with a BurnClientError. */
  request(request: BurnRequest, options: RequestOptions = {}): Promise<BurnReply> {
    const id = nextId();
    const timeoutMs = options.timeoutMs ?? (STREAMS.has(request.type) ? STREAM_TIMEOUT_MS : REPLY_TIMEOUT_MS);
    return new Promise<BurnReply>((resolve, reject) => {
      const timer = setTimeout(() => this.expire(id), timeoutMs);
      this.pending.set(id, { resolve, reject, onProgress: options.onProgress, timeoutMs, timer });
      this.link.post(requestFrame(id, request));
    });
  }

  /** The extension's version answer (with the helper's), or a BurnClientError. */
  async version(timeoutMs?: number): Promise<ExtensionVersion> {
    const reply = await this.request({ type: 'version' }, { timeoutMs });
    if (reply.type !== 'extension_version') throw new BurnClientError(ERROR_CODES.protocolMismatch, `Unexpected reply to version: ${reply.type}`);
    return reply;
  }

  /**
   * Spec 3 section 9: looks for the extension by asking its version every BURN_TIMINGS.detectFastMs for the first
   * detectFastTries tries, then every detectSlowMs. An answer to any try counts (the extension asks the helper
   * before it answers, which can take longer than one try). Resolves null when told to stop (signal, fastOnly).
   */
  detect(options: DetectOptions = {}): Promise<ExtensionVersion | null> {
    return new Promise((resolve) => {
      const ids: number[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      let tries = 0;
      const finish = (reply: ExtensionVersion | null) => {
        clearTimeout(timer);
        for (const id of ids) this.detecting.delete(id);
        options.signal?.removeEventListener('abort', abort);
        resolve(reply);
      };
      const abort = () => finish(null);
      const attempt = () => {
        if (tries === BURN_TIMINGS.detectFastTries) {
          options.onFastTriesOver?.();
          if (options.fastOnly) return finish(null);
        }
        tries += 1;
        const id = nextId();
        ids.push(id);
        this.detecting.set(id, finish);
        this.link.post(requestFrame(id, { type: 'version' }));
        timer = setTimeout(attempt, tries <= BURN_TIMINGS.detectFastTries ? BURN_TIMINGS.detectFastMs : BURN_TIMINGS.detectSlowMs);
      };
      if (options.signal?.aborted) return resolve(null);
      options.signal?.addEventListener('abort', abort);
      attempt();
    });
  }
}
