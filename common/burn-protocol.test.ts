import assert from 'node:assert/strict';
import {
  BURN_CHANNEL,
  compareVersions,
  ERROR_CODES,
  minExtensionVersion,
  parseReplyFrame,
  parseRequestFrame,
  refusal,
  replyFrame,
  requestFrame,
  type BurnReply,
  type BurnRequest,
  type BurnRequestType,
  type BurnReplyType,
} from './burn-protocol.ts';

const SHA = 'ab'.repeat(32);
const native = { type: 'version', version: 7, protocol: 1, platform: 'linux-x64', burner: 'virtual' } as const;

const REQUESTS: Record<BurnRequestType, BurnRequest> = {
  version: { type: 'version' },
  update_start: { type: 'update_start' },
  download_start: { type: 'download_start', url: 'https://example.com/downloads/video/abc/dvd.iso?alt=eu', sha256: SHA, size: 4_000_000_000 },
  download_poll: { type: 'download_poll', download_id: 'dl-1-abcd' },
  download_cancel: { type: 'download_cancel', download_id: 'dl-1-abcd' },
  burner_checks: { type: 'burner_checks' },
  burn: { type: 'burn', filename: 'dvd-abc-0123456789abcdef.iso', burner_index: 0 },
  open_window: { type: 'open_window', video_id: 12, auto: true },
};

const REPLIES: Record<BurnReplyType, BurnReply> = {
  version: native,
  extension_version: { type: 'extension_version', extension: '1.6.0', browser: 'chrome', protocol: 1, native, native_error: null },
  update_progress: { type: 'update_progress', percent: 42.5 },
  update_finish: { type: 'update_finish', version: 8 },
  update_error: { type: 'update_error', message: 'The update is not signed.' },
  download_started: { type: 'download_started', download_id: 'dl-1' },
  download_status: { type: 'download_status', download_id: 'dl-1', state: 'complete', received: 10, total: 10, error: null, filename: 'dvd-a.iso' },
  download_canceled: { type: 'download_canceled', download_id: 'dl-1' },
  burner_checks: { type: 'burner_checks', hr_hex: '0x8201000b', media_type: 'none', burner_index: 0, error_message: 'No disc', burning: false, own_port_id: false },
  burn_progress: { type: 'burn_progress', stage: 'writing', percent: 12.5 },
  burn_complete: { type: 'burn_complete', sha256: SHA },
  burn_error: { type: 'burn_error', stage: 'verify', message: 'Verification failed', hr_hex: '0x0' },
  window_opened: { type: 'window_opened' },
  error: { type: 'error', code: ERROR_CODES.busy, message: 'The burner is busy.' },
};

const request = (body: unknown, extra: Record<string, unknown> = {}) => parseRequestFrame({ channel: BURN_CHANNEL, id: 3, request: body, ...extra });
const reply = (body: unknown, extra: Record<string, unknown> = {}) => parseReplyFrame({ channel: BURN_CHANNEL, id: 3, final: true, reply: body, ...extra });

function refused(parsed: ReturnType<typeof parseRequestFrame> | ReturnType<typeof parseReplyFrame>, code: number, message?: RegExp): void {
  assert.equal(parsed.ok, false, JSON.stringify(parsed));
  if (parsed.ok) return;
  assert.equal(parsed.code, code);
  if (message) assert.match(parsed.message, message);
}

describe('burn protocol: requests', () => {
  for (const [type, body] of Object.entries(REQUESTS)) {
    it(`accepts a valid ${type} and gives it back unchanged`, () => {
      assert.deepEqual(parseRequestFrame(requestFrame(9, body)), { ok: true, value: { channel: BURN_CHANNEL, id: 9, request: body } });
    });
  }

  it('refuses a frame that is not an object, has another channel, or no usable id', () => {
    for (const frame of [null, 'version', 42, [], { channel: 'other', id: 1, request: { type: 'version' } }, { channel: BURN_CHANNEL, id: -1, request: { type: 'version' } }, { channel: BURN_CHANNEL, id: 1.5, request: { type: 'version' } }, { channel: BURN_CHANNEL, request: { type: 'version' } }]) {
      refused(parseRequestFrame(frame), ERROR_CODES.malformed, /Not a burn request frame/);
    }
  });

  it('refuses a request without a type and one of an unknown type, keeping the id for the answer', () => {
    const noType = request({ url: 'x' });
    refused(noType, ERROR_CODES.malformed);
    assert.equal(!noType.ok && noType.id, 3);
    refused(request('version'), ERROR_CODES.malformed);
    refused(request({ type: 'format_disk' }), ERROR_CODES.unknownType, /format_disk/);
    refused(request({ type: 'toString' }), ERROR_CODES.unknownType);
  });

  it('refuses missing fields and fields of the wrong type', () => {
    refused(request({ type: 'download_start', sha256: SHA, size: 1 }), ERROR_CODES.malformed, /url/);
    refused(request({ type: 'download_start', url: 'https://example.com/x', sha256: SHA, size: '1' }), ERROR_CODES.malformed, /size/);
    refused(request({ type: 'download_start', url: 'https://example.com/x', sha256: SHA, size: -1 }), ERROR_CODES.malformed, /size/);
    refused(request({ type: 'burn', filename: 'a.iso', burner_index: 0.5 }), ERROR_CODES.malformed, /burner_index/);
    refused(request({ type: 'burn', burner_index: 0 }), ERROR_CODES.malformed, /filename/);
    refused(request({ type: 'open_window', video_id: 1, auto: 'yes' }), ERROR_CODES.malformed, /auto/);
    refused(request({ type: 'download_poll', download_id: 7 }), ERROR_CODES.malformed, /download_id/);
  });

  it('refuses a bad SHA-256, a non-http URL and a name that is a path', () => {
    const start = (values: Record<string, unknown>) => request({ type: 'download_start', url: 'https://example.com/x', sha256: SHA, size: 1, ...values });
    refused(start({ sha256: SHA.toUpperCase() }), ERROR_CODES.malformed, /sha256/);
    refused(start({ sha256: 'ab' }), ERROR_CODES.malformed, /sha256/);
    refused(start({ url: 'file:///etc/passwd' }), ERROR_CODES.malformed, /url/);
    refused(start({ url: 'javascript:alert(1)' }), ERROR_CODES.malformed, /url/);
    refused(start({ url: 'not a url' }), ERROR_CODES.malformed, /url/);
    refused(request({ type: 'burn', filename: '../secret.iso', burner_index: 0 }), ERROR_CODES.malformed, /filename/);
    refused(request({ type: 'burn', filename: '/etc/passwd', burner_index: 0 }), ERROR_CODES.malformed, /filename/);
    refused(request({ type: 'download_cancel', download_id: 'a b' }), ERROR_CODES.malformed);
  });

  it('drops fields the shape does not name', () => {
    const parsed = request({ type: 'burn', filename: 'a.iso', burner_index: 1, path: '/etc/passwd' });
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.request, { type: 'burn', filename: 'a.iso', burner_index: 1 });
    const extraFrame = parseRequestFrame({ channel: BURN_CHANNEL, id: 1, request: { type: 'version' }, spare: true });
    assert.ok(extraFrame.ok);
    assert.deepEqual(Object.keys(extraFrame.value), ['channel', 'id', 'request']);
  });

  it('answers a refusal as an error reply to the same id (0 when unreadable)', () => {
    const parsed = request({ type: 'nope' });
    assert.ok(!parsed.ok);
    assert.deepEqual(refusal(parsed), replyFrame(3, { type: 'error', code: ERROR_CODES.unknownType, message: 'Unknown request type: nope.' }));
    const unreadable = parseRequestFrame('x');
    assert.ok(!unreadable.ok);
    assert.equal(refusal(unreadable).id, 0);
  });
});

describe('burn protocol: replies', () => {
  for (const [type, body] of Object.entries(REPLIES)) {
    it(`accepts a valid ${type}`, () => {
      assert.deepEqual(parseReplyFrame(replyFrame(4, body, type !== 'burn_progress')), { ok: true, value: { channel: BURN_CHANNEL, id: 4, final: type !== 'burn_progress', reply: body } });
    });
  }

  it('refuses a reply frame without final, on another channel, or not an object', () => {
    refused(parseReplyFrame({ channel: BURN_CHANNEL, id: 1, reply: REPLIES.window_opened }), ERROR_CODES.malformed, /Not a burn reply frame/);
    refused(parseReplyFrame({ channel: 'x', id: 1, final: true, reply: REPLIES.window_opened }), ERROR_CODES.malformed);
    refused(parseReplyFrame(undefined), ERROR_CODES.malformed);
  });

  it('refuses unknown types, wrong codes and values outside their lists', () => {
    refused(reply({ type: 'disc_ejected' }), ERROR_CODES.unknownType);
    refused(reply({ ...REPLIES.error, code: 999 }), ERROR_CODES.malformed, /code/);
    refused(reply({ ...REPLIES.burner_checks, hr_hex: '0x1234' }), ERROR_CODES.malformed, /hr_hex/);
    refused(reply({ ...REPLIES.burner_checks, media_type: 'floppy' }), ERROR_CODES.malformed, /media_type/);
    refused(reply({ ...REPLIES.burn_progress, stage: 'spinning' }), ERROR_CODES.malformed, /stage/);
    refused(reply({ ...REPLIES.download_status, state: 'paused' }), ERROR_CODES.malformed, /state/);
    refused(reply({ ...REPLIES.burn_progress, percent: Number.NaN }), ERROR_CODES.malformed, /percent/);
    refused(reply({ ...REPLIES.burn_complete, sha256: 'abc' }), ERROR_CODES.malformed, /sha256/);
    refused(reply({ ...REPLIES.version, platform: 'amiga' }), ERROR_CODES.malformed, /platform/);
    refused(reply({ ...REPLIES.download_status, error: 3 }), ERROR_CODES.malformed, /error/);
  });

  it('checks the helper version inside the extension version', () => {
    refused(reply({ ...REPLIES.extension_version, native: { ...native, version: 'seven' } }), ERROR_CODES.malformed, /version/);
    const absent = reply({ ...REPLIES.extension_version, native: null, native_error: 'Specified native messaging host not found.' });
    assert.ok(absent.ok);
    assert.equal((absent.value.reply as { native: unknown }).native, null);
  });

  it('drops fields the shape does not name', () => {
    const parsed = reply({ ...REPLIES.burn_complete, secret: 'x' });
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.reply, REPLIES.burn_complete);
  });
});

describe('burn protocol: versions', () => {
  it('compares dotted versions numerically', () => {
    assert.equal(compareVersions('1.10', '1.9'), 1);
    assert.equal(compareVersions('1.6', '1.6.0'), 0);
    assert.equal(compareVersions('1.5.9', '1.6'), -1);
    assert.equal(compareVersions('2', '1.99.99'), 1);
    assert.equal(compareVersions('1.x', '1.0'), 0);
  });

  it('knows each browser\'s minimum extension version', () => {
    assert.equal(minExtensionVersion('chrome'), '1.6');
    assert.equal(minExtensionVersion('firefox'), '1.7');
  });
});
