import assert from 'node:assert/strict';
import { describeFailure, isRetryable, NETWORK_MESSAGE } from './errors.ts';

const response = (status: number, body: string | null = null) => ({ kind: 'response' as const, status, body });

describe('upload error classification', () => {
  it("makes the server's 4xx answers permanent with the server's message", () => {
    for (const [status, message] of [
      [403, 'Too many slides, limit is 5.'],
      [413, 'This file is too large (900 MB).'],
      [415, 'This file is not a photo or video we can read.'],
      [404, 'Not found'],
      [410, 'This upload link is turned off.'],
    ] as const) {
      assert.deepEqual(describeFailure(response(status, JSON.stringify({ errors: [message] }))), { message, permanent: true });
    }
  });

  it('retries tus conflicts and locks, server errors and lost connections, as warnings', () => {
    for (const status of [409, 423, 500, 502, 503]) assert.equal(isRetryable(response(status)), true, String(status));
    assert.deepEqual(describeFailure({ kind: 'network' }), { message: NETWORK_MESSAGE, permanent: false });
    assert.deepEqual(describeFailure(response(503, '<html>Bad gateway</html>')), { message: 'Server problem: 503', permanent: false });
  });

  it('gives up on a full disk, where the server has already failed the slide', () => {
    const body = JSON.stringify({ errors: ['The server is out of storage space.'] });
    assert.deepEqual(describeFailure(response(507, body)), { message: 'The server is out of storage space.', permanent: true });
  });

  it('gives up on a file the browser cannot read', () => {
    assert.deepEqual(describeFailure({ kind: 'local', message: 'NotReadableError' }), {
      message: 'This file could not be read: NotReadableError',
      permanent: true,
    });
  });
});
