import assert from 'node:assert/strict';
import { setAlertHandler } from './alerts.ts';
import { setSecurityHash } from './context.ts';
import { getJson, readReply, sendJson, ServerProblem } from './http.ts';

/** Spec 1, 2.x "Generic JSON send": the first error goes to the alert; an HTTP failure rejects with 'Server problem: ...'. */
describe('web API error handling', () => {
  const realFetch = globalThis.fetch;
  let alerts: string[];
  let calls: { url: string; init: RequestInit }[];

  /** fetch answers every call with this reply. */
  function stubFetch(body: string, init: ResponseInit) {
    globalThis.fetch = (async (url: string | URL | Request, requestInit?: RequestInit) => {
      calls.push({ url: String(url), init: requestInit ?? {} });
      return new Response(body, init);
    }) as typeof fetch;
  }

  beforeEach(() => {
    alerts = [];
    calls = [];
    setAlertHandler((message) => alerts.push(message));
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    setAlertHandler(undefined);
    setSecurityHash(undefined);
  });

  describe('sendJson', () => {
    it('shows the first server error through the alert handler and rejects with it', async () => {
      stubFetch(JSON.stringify({ errors: ['Title is required.', 'Theme is required.'] }), { status: 422, headers: { 'Content-Type': 'application/json' } });
      const err = await sendJson('PATCH', '/r/videos/7', { video: { introText: '' } }).then(
        () => assert.fail('should reject'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ServerProblem);
      assert.equal(err.message, 'Title is required.');
      assert.equal(err.status, 422);
      assert.deepEqual(alerts, ['Title is required.']);
    });

    it("rejects an HTTP failure without JSON errors with 'Server problem: {status} {response text}', no alert", async () => {
      stubFetch('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
      await assert.rejects(sendJson('POST', '/r/slides/delete', { videoId: 1, ids: [2] }), (e: unknown) => {
        assert.ok(e instanceof ServerProblem);
        assert.equal(e.status, 502);
        assert.equal(e.message, 'Server problem: 502 <html>Bad gateway</html>');
        return true;
      });
      assert.deepEqual(alerts, []);
    });

    it('rejects a failure whose JSON has no errors list the same way', async () => {
      stubFetch(JSON.stringify({ ok: false }), { status: 500, statusText: 'Internal Server Error' });
      await assert.rejects(sendJson('DELETE', '/r/videos/1'), { message: 'Server problem: 500 {"ok":false}' });
      assert.deepEqual(alerts, []);
    });

    it('names the status text when the failure has no body', async () => {
      stubFetch('', { status: 503, statusText: 'Service Unavailable' });
      await assert.rejects(sendJson('POST', '/r/videos'), { message: 'Server problem: 503 Service Unavailable' });
    });

    it('keeps quiet when the caller turned alerts off, but still rejects with the message', async () => {
      stubFetch(JSON.stringify({ errors: ['Not found'] }), { status: 404 });
      await assert.rejects(sendJson('POST', '/r/slides/reorder', {}, { alertErrors: false }), { message: 'Not found' });
      assert.deepEqual(alerts, []);
    });

    it('sends snake_case JSON with the upload-link hash and answers camelCase', async () => {
      setSecurityHash('h'.repeat(32));
      stubFetch(JSON.stringify({ slide_list: [{ slide_id: 3 }] }), { status: 200 });
      const reply = await sendJson<{ slideList: { slideId: number }[] }>('POST', '/r/slides/duplicate', { videoId: 9, ids: [3] });
      assert.deepEqual(reply, { slideList: [{ slideId: 3 }] });
      assert.equal(calls[0].init.method, 'POST');
      assert.deepEqual(JSON.parse(String(calls[0].init.body)), { security_hash: 'h'.repeat(32), video_id: 9, ids: [3] });
      assert.deepEqual(alerts, []);
    });
  });

  describe('readReply', () => {
    it('rejects a successful status whose body is not JSON', async () => {
      await assert.rejects(readReply(new Response('<html>login</html>', { status: 200 }), true), { message: 'Server problem: 200 <html>login</html>' });
      assert.deepEqual(alerts, []);
    });

    it('treats an empty successful body as an empty object', async () => {
      assert.deepEqual(await readReply(new Response('', { status: 200 }), true), {});
    });
  });

  describe('getJson', () => {
    it('does not alert by default (lists show their own error state) but rejects with the first error', async () => {
      stubFetch(JSON.stringify({ errors: ['Please log in.'] }), { status: 401 });
      await assert.rejects(getJson('/r/videos/list'), { message: 'Please log in.' });
      assert.deepEqual(alerts, []);
    });
  });
});
