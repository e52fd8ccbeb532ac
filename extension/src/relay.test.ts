import assert from 'node:assert/strict';
import {
  BURN_WINDOW_SIZE,
  ERROR_CODES,
  PROTOCOL_VERSION,
  parseReplyFrame,
  replyFrame,
  requestFrame,
  type NativeVersion,
  type ReplyFrame,
  type RequestFrame,
} from '../../common/burn-protocol.ts';
import { acceptPagePort, burnWindowUrl, originOf, type RelayOptions, type RelayPort } from './relay.ts';

/** One end of an in-memory port: what the relay posts is recorded in sent; the test plays the other end. */
class TestPort implements RelayPort {
  sent: unknown[] = [];
  closed = false;
  private messageListeners: ((message: unknown) => void)[] = [];
  private disconnectListeners: ((error: string | null) => void)[] = [];
  failPosts = false;

  post(message: unknown): void {
    if (this.failPosts) throw new Error('Attempting to use a disconnected port object');
    this.sent.push(structuredClone(message));
  }
  close(): void {
    this.closed = true;
  }
  onMessage(listener: (message: unknown) => void): void {
    this.messageListeners.push(listener);
  }
  onDisconnect(listener: (error: string | null) => void): void {
    this.disconnectListeners.push(listener);
  }
  /** The other end sends a message. */
  deliver(message: unknown): void {
    for (const listener of this.messageListeners) listener(message);
  }
  /** The other end goes away. */
  disconnect(error: string | null): void {
    for (const listener of this.disconnectListeners) listener(error);
  }
  replies(): ReplyFrame[] {
    return this.sent.map((frame) => {
      const parsed = parseReplyFrame(frame);
      assert.ok(parsed.ok, `the relay posted a frame that is not a valid reply: ${JSON.stringify(frame)}`);
      return parsed.value;
    });
  }
}

const ORIGIN = 'https://burn.example.com';
const HELPER_VERSION: NativeVersion = { type: 'version', version: 7, protocol: PROTOCOL_VERSION, platform: 'linux-x64', burner: 'virtual' };

/** senderUrl null stands for a port whose sender has no URL. */
function setup(overrides: Partial<RelayOptions> = {}, senderUrl: string | null = `${ORIGIN}/videos/12`) {
  const page = new TestPort();
  const natives: TestPort[] = [];
  const windows: { url: string; size: { width: number; height: number } }[] = [];
  acceptPagePort(page, senderUrl ?? undefined, {
    origin: ORIGIN,
    publicUrl: `${ORIGIN}/`,
    extensionVersion: '1.6.0',
    browser: 'chrome',
    connectNative: () => {
      const port = new TestPort();
      natives.push(port);
      return port;
    },
    openWindow: async (url, size) => {
      windows.push({ url, size });
    },
    versionTimeoutMs: 50,
    ...overrides,
  });
  return { page, natives, windows };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('extension relay', () => {
  it('refuses a port from another origin with originRefused and closes it, without touching the helper', () => {
    for (const url of ['http://burn.example.com/videos/12', 'https://burn.example.com:8443/', 'https://evil.example.com/', null, 'about:blank']) {
      const { page, natives } = setup({}, url);
      assert.equal(page.closed, true, String(url));
      assert.deepEqual(page.replies().map((f) => f.reply), [{ type: 'error', code: ERROR_CODES.originRefused, message: 'This page may not use the DVD burning tool.' }]);
      page.deliver(requestFrame(1, { type: 'burner_checks' }));
      assert.equal(natives.length, 0, 'a refused port must not reach the helper');
    }
  });

  it('answers malformed and unknown requests with a typed error and never opens the helper for them', () => {
    const { page, natives } = setup();
    page.deliver({ channel: 'tribute-burn', id: 4, request: { type: 'burn', filename: '../../etc/passwd', burner_index: 0 } });
    page.deliver({ channel: 'tribute-burn', id: 5, request: { type: 'format_disk' } });
    page.deliver('hello');
    const replies = page.replies();
    assert.deepEqual(replies.map((f) => [f.id, f.reply.type === 'error' && f.reply.code]), [
      [4, ERROR_CODES.malformed],
      [5, ERROR_CODES.unknownType],
      [0, ERROR_CODES.malformed],
    ]);
    assert.equal(natives.length, 0);
  });

  it('relays a request to the helper lazily with the page id, streams progress and forwards only valid replies', () => {
    const { page, natives } = setup();
    assert.equal(natives.length, 0, 'no helper before the first request');
    page.deliver(requestFrame(9, { type: 'burn', filename: 'tribute-12.iso', burner_index: 0 }));
    assert.equal(natives.length, 1);
    assert.deepEqual(natives[0].sent, [requestFrame(9, { type: 'burn', filename: 'tribute-12.iso', burner_index: 0 })]);

    natives[0].deliver(replyFrame(9, { type: 'burn_progress', stage: 'writing', percent: 40 }, false));
    natives[0].deliver({ channel: 'tribute-burn', id: 9, final: false, reply: { type: 'burn_progress', stage: 'smashing', percent: 1 } });
    natives[0].deliver(replyFrame(77, { type: 'window_opened' })); // an id the page never asked: dropped
    natives[0].deliver(replyFrame(9, { type: 'burn_complete', sha256: 'a'.repeat(64) }));
    natives[0].deliver(replyFrame(9, { type: 'burn_complete', sha256: 'b'.repeat(64) })); // after the final one: dropped
    assert.deepEqual(
      page.replies().map((f) => [f.id, f.final, f.reply.type]),
      [
        [9, false, 'burn_progress'],
        [9, true, 'error'], // the malformed progress frame ends the request with a typed error
      ],
    );
  });

  it('passes a whole stream through to the final reply', () => {
    const { page, natives } = setup();
    page.deliver(requestFrame(2, { type: 'update_start' }));
    natives[0].deliver(replyFrame(2, { type: 'update_progress', percent: 50 }, false));
    natives[0].deliver(replyFrame(2, { type: 'update_finish', version: 8 }));
    assert.deepEqual(page.replies(), [replyFrame(2, { type: 'update_progress', percent: 50 }, false), replyFrame(2, { type: 'update_finish', version: 8 })]);
  });

  it('fails every pending request with nativeUnavailable when the helper goes away, then reconnects on the next request', () => {
    const { page, natives } = setup();
    page.deliver(requestFrame(1, { type: 'burner_checks' }));
    page.deliver(requestFrame(2, { type: 'download_poll', download_id: 'd1' }));
    natives[0].deliver(replyFrame(1, { type: 'burner_checks', hr_hex: '0x0', media_type: 'DVD-R', burner_index: 0, error_message: null, burning: false, own_port_id: false }));
    natives[0].disconnect('Native host has exited.');
    const replies = page.replies();
    assert.equal(replies.length, 2);
    assert.equal(replies[0].reply.type, 'burner_checks');
    assert.deepEqual(replies[1], replyFrame(2, { type: 'error', code: ERROR_CODES.nativeUnavailable, message: 'The DVD burning helper is not available: Native host has exited.' }));

    page.deliver(requestFrame(3, { type: 'burner_checks' }));
    assert.equal(natives.length, 2, 'a new native port for the next request');
    assert.deepEqual(natives[1].sent, [requestFrame(3, { type: 'burner_checks' })]);
  });

  it('treats a post on an already closed native port like its disconnect', () => {
    const { page, natives } = setup();
    page.deliver(requestFrame(1, { type: 'burner_checks' }));
    natives[0].failPosts = true;
    page.deliver(requestFrame(2, { type: 'burner_checks' }));
    assert.deepEqual(
      page.replies().map((f) => [f.id, f.reply.type === 'error' && f.reply.code]),
      [
        [1, ERROR_CODES.nativeUnavailable],
        [2, ERROR_CODES.nativeUnavailable],
      ],
    );
    page.deliver(requestFrame(3, { type: 'burner_checks' }));
    assert.equal(natives.length, 2);
  });

  it('answers version with its own version and the helper’s', () => {
    const { page, natives } = setup();
    page.deliver(requestFrame(5, { type: 'version' }));
    assert.deepEqual(natives[0].sent, [requestFrame(5, { type: 'version' })]);
    assert.equal(page.sent.length, 0, 'waits for the helper');
    natives[0].deliver(replyFrame(5, { ...HELPER_VERSION, extra: 'dropped' } as unknown as NativeVersion));
    assert.deepEqual(page.replies(), [
      replyFrame(5, { type: 'extension_version', extension: '1.6.0', browser: 'chrome', protocol: PROTOCOL_VERSION, native: HELPER_VERSION, native_error: null }),
    ]);
  });

  it('answers version with native null and the reason when the helper is missing, silent or answers an error', async () => {
    // Missing: Chrome opens the port and disconnects it at once with the reason.
    const missing = setup();
    missing.page.deliver(requestFrame(1, { type: 'version' }));
    missing.natives[0].disconnect('Specified native messaging host not found.');
    // Silent: no answer within the timeout.
    const silent = setup();
    silent.page.deliver(requestFrame(2, { type: 'version' }));
    // Refused by the browser: Firefox's connectNative can throw.
    const thrown = setup({
      connectNative: () => {
        throw new Error('No such native application com.tribute.dvd_burner');
      },
    });
    thrown.page.deliver(requestFrame(3, { type: 'version' }));
    // An error reply.
    const erring = setup();
    erring.page.deliver(requestFrame(4, { type: 'version' }));
    erring.natives[0].deliver(replyFrame(4, { type: 'error', code: ERROR_CODES.protocolMismatch, message: 'Protocol 2 expected.' }));

    assert.equal(silent.page.sent.length, 0);
    await tick(80);
    const answer = (port: TestPort) => {
      const [frame] = port.replies();
      assert.equal(port.sent.length, 1);
      assert.ok(frame.reply.type === 'extension_version');
      assert.equal(frame.reply.native, null);
      assert.equal(frame.reply.extension, '1.6.0');
      return frame.reply.native_error;
    };
    assert.equal(answer(missing.page), 'The DVD burning helper is not available: Specified native messaging host not found.');
    assert.equal(answer(silent.page), 'The DVD burning helper did not answer within 0.05 seconds.');
    assert.equal(answer(thrown.page), 'The DVD burning helper is not available: No such native application com.tribute.dvd_burner');
    assert.equal(answer(erring.page), 'Protocol 2 expected.');

    // A late answer after the timeout is not delivered twice.
    silent.natives[0].deliver(replyFrame(2, HELPER_VERSION));
    assert.equal(silent.page.sent.length, 1);
  });

  it('opens the burn window itself at PUBLIC_URL/burn/{id} with the window size, ?auto=1 for auto-burn', async () => {
    const { page, natives, windows } = setup();
    page.deliver(requestFrame(1, { type: 'open_window', video_id: 42, auto: false }));
    page.deliver(requestFrame(2, { type: 'open_window', video_id: 43, auto: true }));
    await tick();
    assert.deepEqual(windows, [
      { url: `${ORIGIN}/burn/42`, size: BURN_WINDOW_SIZE },
      { url: `${ORIGIN}/burn/43?auto=1`, size: BURN_WINDOW_SIZE },
    ]);
    assert.deepEqual(page.replies(), [replyFrame(1, { type: 'window_opened' }), replyFrame(2, { type: 'window_opened' })]);
    assert.equal(natives.length, 0, 'opening a window needs no helper');

    const failing = setup({ openWindow: () => Promise.reject(new Error('No window')) });
    failing.page.deliver(requestFrame(1, { type: 'open_window', video_id: 42, auto: false }));
    await tick();
    assert.deepEqual(failing.page.replies()[0].reply, { type: 'error', code: ERROR_CODES.internal, message: 'Could not open the burn window: No window' });
  });

  it('refuses a second request with an id still running, and closes the helper when the page goes', () => {
    const { page, natives } = setup();
    const frame: RequestFrame = requestFrame(8, { type: 'burner_checks' });
    page.deliver(frame);
    page.deliver(frame);
    assert.equal(natives[0].sent.length, 1);
    assert.deepEqual(page.replies().map((f) => f.reply.type === 'error' && f.reply.code), [ERROR_CODES.malformed]);
    page.disconnect(null);
    assert.equal(natives[0].closed, true);
  });

  it('builds the window URL and reads origins', () => {
    assert.equal(burnWindowUrl('http://127.0.0.1:8080/', 7, false), 'http://127.0.0.1:8080/burn/7');
    assert.equal(burnWindowUrl('https://x.example/app', 7, true), 'https://x.example/app/burn/7?auto=1');
    assert.equal(originOf('http://127.0.0.1:8080/videos/1?x=2'), 'http://127.0.0.1:8080');
    assert.equal(originOf('not a url'), null);
    assert.equal(originOf('data:text/html,hi'), null);
  });
});
