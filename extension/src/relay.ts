/**
 * The background's relay between one page port (a content script of the product's origin) and the native helper,
 * written against tiny port objects so it runs the same in Chrome, Firefox and the unit tests. The background
 * (background.ts) only adapts the browser's ports to RelayPort and calls acceptPagePort for every connection.
 *
 * What it does (.scratch/burn-design.md, "Transport"): refuses ports of any other origin; validates every frame in
 * both directions; opens the native port lazily on the first request that needs it and again after it closed (the
 * helper exits after updating itself); answers version and open_window itself; fails every pending request with
 * nativeUnavailable when the native port disconnects.
 */
import {
  BURN_WINDOW_SIZE,
  ERROR_CODES,
  MAX_REQUEST_BYTES,
  PROTOCOL_VERSION,
  errorReply,
  parseReplyFrame,
  parseRequestFrame,
  refusal,
  replyFrame,
  requestFrame,
  type ExtensionBrowser,
  type NativeVersion,
  type ReplyFrame,
} from '../../common/burn-protocol.ts';

/** The part of a browser port the relay needs. onDisconnect's error is the browser's reason, when it gives one. */
export interface RelayPort {
  post(message: unknown): void;
  close(): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: (error: string | null) => void): void;
}

export interface RelayOptions {
  /** The product's origin (from PUBLIC_URL at build time), e.g. 'https://app.example.com'. */
  origin: string;
  /** PUBLIC_URL without a trailing slash: the burn window lives under it. */
  publicUrl: string;
  extensionVersion: string;
  browser: ExtensionBrowser;
  /** Opens a port to the native helper. May throw (Firefox throws for a host name it cannot use). */
  connectNative(): RelayPort;
  /** Opens a popup window of the given size at url. */
  openWindow(url: string, size: { width: number; height: number }): Promise<void>;
  /** How long the helper gets to answer version; 5 s unless a test says otherwise. */
  versionTimeoutMs?: number;
}

export const VERSION_TIMEOUT_MS = 5000;

/** The origin of a URL, or null when it has none (about:blank, a malformed string, undefined). */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The burn window's address for a video: `${PUBLIC_URL}/burn/{id}`, with ?auto=1 for the order page's auto-burn. */
export function burnWindowUrl(publicUrl: string, videoId: number, auto: boolean): string {
  return `${publicUrl.replace(/\/+$/, '')}/burn/${videoId}${auto ? '?auto=1' : ''}`;
}

const nativeUnavailableMessage = (error: string | null): string =>
  `The DVD burning helper is not available${error ? `: ${error}` : '.'}`;

interface VersionWait {
  kind: 'version';
  timer: ReturnType<typeof setTimeout>;
}
type Pending = { kind: 'relay' } | VersionWait;

/** Takes one page port: refuses it when senderUrl is not of the product's origin, else relays until it closes. */
export function acceptPagePort(page: RelayPort, senderUrl: string | undefined, options: RelayOptions): void {
  if (originOf(senderUrl) !== options.origin) {
    page.post(replyFrame(0, errorReply(ERROR_CODES.originRefused, 'This page may not use the DVD burning tool.')));
    page.close();
    return;
  }

  let native: RelayPort | null = null;
  let pageOpen = true;
  const pending = new Map<number, Pending>();
  const timeoutMs = options.versionTimeoutMs ?? VERSION_TIMEOUT_MS;

  const toPage = (frame: ReplyFrame): void => {
    if (pageOpen) page.post(frame);
  };

  const finishVersion = (id: number, nativeVersion: NativeVersion | null, nativeError: string | null): void => {
    const wait = pending.get(id);
    if (!wait || wait.kind !== 'version') return;
    clearTimeout(wait.timer);
    pending.delete(id);
    toPage(
      replyFrame(id, {
        type: 'extension_version',
        extension: options.extensionVersion,
        browser: options.browser,
        protocol: PROTOCOL_VERSION,
        native: nativeVersion,
        native_error: nativeVersion ? null : nativeError,
      }),
    );
  };

  /** Every request still waiting on this native port fails: the page learns at once instead of waiting forever. */
  const nativeGone = (port: RelayPort, error: string | null): void => {
    if (native !== port) return;
    native = null;
    const message = nativeUnavailableMessage(error);
    for (const [id, wait] of [...pending]) {
      if (wait.kind === 'version') finishVersion(id, null, message);
      else {
        pending.delete(id);
        toPage(replyFrame(id, errorReply(ERROR_CODES.nativeUnavailable, message)));
      }
    }
  };

  const fromNative = (message: unknown): void => {
    const parsed = parseReplyFrame(message);
    if (!parsed.ok) {
      // A reply we cannot read still ends the request it names, so the page is not left waiting.
      if (parsed.id !== null && pending.has(parsed.id)) {
        const wait = pending.get(parsed.id);
        if (wait?.kind === 'version') finishVersion(parsed.id, null, `The helper's answer was malformed: ${parsed.message}`);
        else {
          pending.delete(parsed.id);
          toPage(refusal(parsed));
        }
      }
      return;
    }
    const frame = parsed.value;
    const wait = pending.get(frame.id);
    if (!wait) return; // not a request of this page (or already answered): nothing to deliver
    if (wait.kind === 'version') {
      if (frame.reply.type === 'version') finishVersion(frame.id, frame.reply, null);
      else finishVersion(frame.id, null, frame.reply.type === 'error' ? frame.reply.message : `The helper answered version with ${frame.reply.type}.`);
      return;
    }
    if (frame.final) pending.delete(frame.id);
    toPage(frame);
  };

  /** The native port, opened now when there is none; null (with the reason) when the browser refuses it. */
  const ensureNative = (): { port: RelayPort } | { error: string } => {
    if (native) return { port: native };
    let port: RelayPort;
    try {
      port = options.connectNative();
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
    native = port;
    port.onMessage(fromNative);
    port.onDisconnect((error) => nativeGone(port, error));
    return { port };
  };

  /** Posting on a port the browser already closed throws before its onDisconnect arrives: treat it the same. */
  const toNative = (port: RelayPort, frame: unknown): void => {
    try {
      port.post(frame);
    } catch (err) {
      nativeGone(port, err instanceof Error ? err.message : String(err));
    }
  };

  const fromPage = (message: unknown): void => {
    const parsed = parseRequestFrame(message);
    if (!parsed.ok) {
      toPage(refusal(parsed));
      return;
    }
    const frame = parsed.value;
    const { id, request } = frame;
    if (pending.has(id)) {
      toPage(replyFrame(id, errorReply(ERROR_CODES.malformed, `Request ${id} is still running: use a new id.`)));
      return;
    }
    if (JSON.stringify(frame).length > MAX_REQUEST_BYTES) {
      toPage(replyFrame(id, errorReply(ERROR_CODES.tooLarge, 'The request is too large.')));
      return;
    }

    if (request.type === 'open_window') {
      const url = burnWindowUrl(options.publicUrl, request.video_id, request.auto);
      options.openWindow(url, { ...BURN_WINDOW_SIZE }).then(
        () => toPage(replyFrame(id, { type: 'window_opened' })),
        (err: unknown) => toPage(replyFrame(id, errorReply(ERROR_CODES.internal, `Could not open the burn window: ${err instanceof Error ? err.message : String(err)}`))),
      );
      return;
    }

    const opened = ensureNative();
    if (request.type === 'version') {
      const timer = setTimeout(() => finishVersion(id, null, `The DVD burning helper did not answer within ${timeoutMs / 1000} seconds.`), timeoutMs);
      pending.set(id, { kind: 'version', timer });
      if ('error' in opened) finishVersion(id, null, nativeUnavailableMessage(opened.error));
      else toNative(opened.port, requestFrame(id, { type: 'version' }));
      return;
    }
    if ('error' in opened) {
      toPage(replyFrame(id, errorReply(ERROR_CODES.nativeUnavailable, nativeUnavailableMessage(opened.error))));
      return;
    }
    pending.set(id, { kind: 'relay' });
    toNative(opened.port, frame);
  };

  page.onMessage(fromPage);
  page.onDisconnect(() => {
    pageOpen = false;
    for (const wait of pending.values()) if (wait.kind === 'version') clearTimeout(wait.timer);
    pending.clear();
    const port = native;
    native = null;
    // Closing the native port ends the helper process that served this page (Chrome and Firefox both do so).
    port?.close();
  });
}
