/**
 * Runs in pages of the product's origin only (the manifest's match, and the check below because Firefox's match
 * patterns cannot name a port). Relays burn request frames the page posts to its own window over one runtime port
 * to the background, and posts every reply frame back to the page, to the product's origin only.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { BURN_CHANNEL, ERROR_CODES, errorReply, parseReplyFrame, parseRequestFrame, refusal, replyFrame, type ReplyFrame } from '../../common/burn-protocol.ts';
import { PUBLIC_ORIGIN } from './config.ts';

if (window.location.origin === PUBLIC_ORIGIN) {
  let port: Runtime.Port | null = null;
  /** Requests sent and not finally answered: if the background goes away they fail instead of hanging. */
  const inFlight = new Set<number>();

  const toPage = (frame: ReplyFrame): void => {
    if (frame.final) inFlight.delete(frame.id);
    window.postMessage(frame, PUBLIC_ORIGIN);
  };

  const connect = (): Runtime.Port => {
    const opened = browser.runtime.connect({ name: 'burn' });
    opened.onMessage.addListener((message: unknown) => {
      const parsed = parseReplyFrame(message);
      if (parsed.ok) toPage(parsed.value);
    });
    opened.onDisconnect.addListener(() => {
      if (port === opened) port = null;
      for (const id of [...inFlight]) {
        toPage(replyFrame(id, errorReply(ERROR_CODES.nativeUnavailable, 'The DVD burning extension stopped answering.')));
      }
    });
    return opened;
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window || event.origin !== PUBLIC_ORIGIN) return;
    const data: unknown = event.data;
    // Our own replies come back through this listener too: only requests of our channel are for us.
    if (typeof data !== 'object' || data === null || (data as { channel?: unknown }).channel !== BURN_CHANNEL || !('request' in data)) return;
    const parsed = parseRequestFrame(data);
    if (!parsed.ok) {
      toPage(refusal(parsed));
      return;
    }
    port ??= connect();
    inFlight.add(parsed.value.id);
    try {
      port.postMessage(parsed.value);
    } catch {
      port = null;
      toPage(replyFrame(parsed.value.id, errorReply(ERROR_CODES.nativeUnavailable, 'The DVD burning extension stopped answering.')));
    }
  });
}
