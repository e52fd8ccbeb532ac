import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { BURN_TIMINGS, ERROR_CODES, errorReply, replyFrame, type ExtensionVersion, type ReplyFrame, type RequestFrame } from '../../../../common/burn-protocol.ts';
import { BurnClientError, ExtensionClient, helperErrorText, type FrameLink } from './extension-client.ts';

/**
 * A page-side link whose far end is the test: it sees every frame the client posts and answers as it likes. Like
 * the real window it also hands the page its own requests back (postMessage to self), which the client must ignore.
 */
function testLink() {
  const listeners = new Set<(data: unknown) => void>();
  const sent: RequestFrame[] = [];
  let answer: (frame: RequestFrame) => void = () => undefined;
  const deliver = (data: unknown) => setTimeout(() => listeners.forEach((l) => l(data)), 0);
  const link: FrameLink = {
    post(frame) {
      sent.push(frame);
      deliver(structuredClone(frame));
      answer(frame);
    },
    listen(onData) {
      listeners.add(onData);
      return () => listeners.delete(onData);
    },
  };
  return { link, sent, reply: (frame: ReplyFrame) => deliver(structuredClone(frame)), onRequest: (fn: (frame: RequestFrame) => void) => (answer = fn) };
}

const version: ExtensionVersion = { type: 'extension_version', extension: '1.6.0', browser: 'chrome', protocol: 1, native: null, native_error: 'not installed' };

describe('the extension client', () => {
  it('matches replies to requests by id and passes progress frames to the callback', async () => {
    const t = testLink();
    const client = new ExtensionClient(t.link);
    t.onRequest((frame) => {
      if (frame.request.type === 'burn') {
        t.reply(replyFrame(frame.id, { type: 'burn_progress', stage: 'writing', percent: 50 }, false));
        t.reply(replyFrame(frame.id, { type: 'burn_complete', sha256: 'b'.repeat(64) }));
      }
      if (frame.request.type === 'burner_checks') t.reply(replyFrame(frame.id + 1000, { type: 'window_opened' }));
    });
    const progress: unknown[] = [];
    const reply = await client.request({ type: 'burn', filename: 'dvd.iso', burner_index: 0 }, { onProgress: (p) => progress.push(p) });
    assert.deepEqual(reply, { type: 'burn_complete', sha256: 'b'.repeat(64) });
    assert.deepEqual(progress, [{ type: 'burn_progress', stage: 'writing', percent: 50 }]);
    assert.equal(t.sent[0].channel, 'tribute-burn');
    // A reply to another id settles nothing: this request times out.
    await assert.rejects(client.request({ type: 'burner_checks' }, { timeoutMs: 60 }), (err: BurnClientError) => err.code === 'timeout');
    client.close();
  });

  it('turns error replies into typed errors with the spec texts', async () => {
    const t = testLink();
    const client = new ExtensionClient(t.link);
    t.onRequest((frame) => t.reply(replyFrame(frame.id, errorReply(ERROR_CODES.nativeUnavailable, 'Native host has exited.'))));
    const err = await client.request({ type: 'burner_checks' }).catch((e: unknown) => e);
    assert.ok(err instanceof BurnClientError);
    assert.equal(err.code, ERROR_CODES.nativeUnavailable);
    assert.equal(helperErrorText(err), 'Error: could not communicate with updater.exe, downloader.exe or burner.exe');
    assert.equal(helperErrorText(new BurnClientError('timeout', 'x')), 'No response from the helper tools. Please close window and try again.');
    assert.equal(helperErrorText(new BurnClientError(ERROR_CODES.notAllowed, 'That server is not allowed.')), 'That server is not allowed.');
    client.close();
  });

  it('times a request out with the no-response text, and a progress frame restarts the clock', async () => {
    // A mocked clock: with the real one a loaded machine ran the 100 ms limit in the same turn as the progress frame
    // due before it, ahead of that frame's delivery, and the request failed.
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const t = testLink();
      const client = new ExtensionClient(t.link);
      t.onRequest((frame) => {
        setTimeout(() => t.reply(replyFrame(frame.id, { type: 'update_progress', percent: 10 }, false)), 60);
        setTimeout(() => t.reply(replyFrame(frame.id, { type: 'update_finish', version: 7 })), 120);
      });
      const updating = client.request({ type: 'update_start' }, { timeoutMs: 100 });
      // Without the progress frame's restart the limit would end the request at 100 ms, before the answer at 120.
      // A millisecond at a time: one tick of 120 would date the frames' deliveries (due "now") after the limit.
      for (let ms = 0; ms < 120; ms++) mock.timers.tick(1);
      assert.deepEqual(await updating, { type: 'update_finish', version: 7 });
      t.onRequest(() => undefined);
      let settled = false;
      const silent = client.request({ type: 'version' }, { timeoutMs: 50 }).finally(() => (settled = true));
      mock.timers.tick(49);
      await Promise.resolve();
      assert.equal(settled, false, 'not before its 50 ms');
      mock.timers.tick(1);
      await assert.rejects(silent, { message: 'No response from the helper tools. Please close window and try again.' });
      client.close();
    } finally {
      mock.timers.reset();
    }
  });

  it('detects the extension with tries every 100 ms, and an answer to any try counts', async () => {
    const t = testLink();
    const client = new ExtensionClient(t.link);
    // The extension answers the first try late (it asks the helper first).
    t.onRequest((frame) => {
      if (t.sent.length === 1) setTimeout(() => t.reply(replyFrame(frame.id, version)), 350);
    });
    const started = Date.now();
    assert.deepEqual(await client.detect(), version);
    const took = Date.now() - started;
    assert.ok(took >= 300 && took < 900, `answered after ${took} ms`);
    assert.ok(t.sent.length >= 3 && t.sent.length <= 6, `tried every ${BURN_TIMINGS.detectFastMs} ms meanwhile (${t.sent.length} tries)`);
    assert.ok(t.sent.every((f) => f.request.type === 'version'));
    client.close();
  });

  it('gives up after the fast tries when told to, and otherwise goes on every 2 s', async () => {
    const t = testLink();
    const client = new ExtensionClient(t.link);
    let fastOver = 0;
    assert.equal(await client.detect({ fastOnly: true, onFastTriesOver: () => (fastOver += 1) }), null);
    assert.equal(t.sent.length, BURN_TIMINGS.detectFastTries);
    assert.equal(fastOver, 1);

    const slow = testLink();
    const slowClient = new ExtensionClient(slow.link);
    let answered = false;
    slow.onRequest((frame) => {
      if (slow.sent.length === BURN_TIMINGS.detectFastTries + 1) {
        answered = true;
        slow.reply(replyFrame(frame.id, version));
      }
    });
    const started = Date.now();
    assert.deepEqual(await slowClient.detect(), version);
    assert.ok(answered);
    // Ten tries 100 ms apart, then the eleventh after the tenth's wait: about a second in all.
    assert.ok(Date.now() - started >= 900, 'the eleventh try comes after the fast ones');
    slowClient.close();
    client.close();
  });
});
