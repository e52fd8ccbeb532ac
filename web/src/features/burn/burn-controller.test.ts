import assert from 'node:assert/strict';
import { BURNER_CODES, replyFrame, type BurnReply, type ExtensionVersion, type RequestFrame } from '../../../../common/burn-protocol.ts';
import { BurnController } from './burn-controller.ts';
import { ExtensionClient, type FrameLink } from './extension-client.ts';
import { isDone } from './flow.ts';
import type { BurnApi } from './http.ts';

const SHA = 'c'.repeat(64);

/**
 * The controller's far ends scripted in memory: a link answering as the extension and helper would (their real
 * selves are exercised by test/e2e/burn-chromium.test.ts), and the three server calls. Every request is noted in
 * order with the time it was sent, so the order of the flow can be checked.
 */
function harness(opts: { native: number; stage: string | null; discSha?: string }) {
  const listeners = new Set<(data: unknown) => void>();
  const log: { type: string; at: number }[] = [];
  const started = Date.now();
  let native = opts.native;
  let polls = 0;
  const reply = (id: number, body: BurnReply, final = true) => setTimeout(() => listeners.forEach((l) => l(structuredClone(replyFrame(id, body, final)))), 5);
  const answer = ({ id, request }: RequestFrame) => {
    log.push({ type: request.type, at: Date.now() - started });
    switch (request.type) {
      case 'version': {
        const body: ExtensionVersion = { type: 'extension_version', extension: '1.6.0', browser: 'chrome', protocol: 1, native: { type: 'version', version: native, protocol: 1, platform: 'linux-x64', burner: 'virtual' }, native_error: null };
        return reply(id, body);
      }
      case 'update_start':
        reply(id, { type: 'update_progress', percent: 50 }, false);
        return setTimeout(() => {
          native = 7;
          reply(id, { type: 'update_finish', version: 7 });
        }, 200);
      case 'download_start':
        return reply(id, { type: 'download_started', download_id: 'dl1' });
      case 'download_poll':
        polls += 1;
        return reply(id, { type: 'download_status', download_id: 'dl1', state: polls < 3 ? 'in_progress' : 'complete', received: polls * 300, total: 900, error: null, filename: polls < 3 ? null : 'dl1.iso' });
      case 'burner_checks':
        return reply(id, { type: 'burner_checks', hr_hex: BURNER_CODES.ok, media_type: 'DVD-R', burner_index: 0, error_message: null, burning: false, own_port_id: false });
      case 'burn':
        reply(id, { type: 'burn_progress', stage: 'writing', percent: 50 }, false);
        reply(id, { type: 'burn_progress', stage: 'verifying', percent: 0 }, false);
        return setTimeout(() => reply(id, { type: 'burn_complete', sha256: opts.discSha ?? SHA }), 50);
      default:
        return undefined;
    }
  };
  const link: FrameLink = {
    post: (frame) => answer(structuredClone(frame)),
    listen(onData) {
      listeners.add(onData);
      return () => listeners.delete(onData);
    },
  };
  const api: BurnApi = {
    requestIso: async () => ({ progress_stage: opts.stage }),
    dvdStatus: async () => ({ complete: 100, message: 'Complete' }),
    isoInfo: async () => ({ urls: { primary: 'http://127.0.0.1:1/downloads/video/abc/dvd.iso' }, iso_size: 900, sha256: SHA }),
  };
  return { link, api, log };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the burn controller (spec 3 section 4.1)', function () {
  this.timeout(20_000);

  it('updates an old helper and finishes finalize before it starts exactly one download, then burns and verifies', async () => {
    const h = harness({ native: 6, stage: 'dvd' });
    const controller = new BurnController(5, new ExtensionClient(h.link), h.api);
    controller.start();
    try {
      await until(() => isDone(controller.getState()), 15_000);
      const types = h.log.map((entry) => entry.type);
      assert.equal(types.filter((t) => t === 'download_start').length, 1, 'one download');
      assert.equal(types.filter((t) => t === 'update_start').length, 1, 'one update');
      const download = types.indexOf('download_start');
      assert.ok(types.indexOf('update_start') < download, 'the update comes first');
      // After update_finish the new helper's version is asked again before the download.
      assert.ok(types.lastIndexOf('version', download) > types.indexOf('update_start'), 'the version is checked again after the update');
      // Finalize polled the dvd stage after 3 s: the download waited for it although the update was done first.
      assert.ok(h.log[download].at >= 2900, `the download started after finalize (${h.log[download].at} ms)`);
      assert.ok(types.indexOf('burn') > types.lastIndexOf('download_poll'), 'the burn follows the download');
      assert.equal(types.filter((t) => t === 'burn').length, 1, 'one burn');
      const s = controller.getState();
      for (const row of ['finalize', 'download', 'burn', 'verify'] as const) assert.equal(s[row].status, 'Completed', row);
      assert.equal(s.message, null, "the update's words are gone");
    } finally {
      controller.stop();
    }
  });

  it('starts the download at once when the image is ready and the helper is new enough', async () => {
    const h = harness({ native: 7, stage: null });
    const controller = new BurnController(5, new ExtensionClient(h.link), h.api);
    controller.start();
    try {
      await until(() => h.log.some((entry) => entry.type === 'download_start'), 5000);
      assert.ok(!h.log.some((entry) => entry.type === 'update_start'), 'no update');
      assert.equal(controller.getState().finalize.status, 'Completed');
      await until(() => isDone(controller.getState()), 10_000);
      assert.equal(h.log.filter((entry) => entry.type === 'download_start').length, 1);
    } finally {
      controller.stop();
    }
  });

  it("never says verified when the disc the helper read back is not the server's image", async () => {
    const h = harness({ native: 7, stage: null, discSha: 'd'.repeat(64) });
    const controller = new BurnController(5, new ExtensionClient(h.link), h.api);
    controller.start();
    try {
      await until(() => controller.getState().verify.error !== null, 10_000);
      const s = controller.getState();
      assert.equal(isDone(s), false);
      assert.equal(s.verify.error, "Verification failed: the disc does not match this video's disc image. Please burn another disc.");
      assert.notEqual(s.verify.status, 'Completed');
    } finally {
      controller.stop();
    }
  });
});
