import assert from 'node:assert/strict';
import { httpFailureMessage } from './http.ts';

const headers = (values: Record<string, string>) => new Headers(values);

describe('burn window HTTP failures (spec 3 section 8)', () => {
  it('takes the user-error header first', () => {
    assert.equal(httpFailureMessage(409, 'Conflict', headers({ 'X-User-Error': 'Not yet.', 'X-Error': 'general' }), '{"errors":["body"]}'), 'Not yet.');
  });

  it("counts this server's {errors: [message]} body as the user error", () => {
    assert.equal(httpFailureMessage(409, 'Conflict', headers({ 'X-Error': 'general' }), '{"errors":["The DVD image is not ready yet: request it first."]}'), 'The DVD image is not ready yet: request it first.');
  });

  it('then the general error header, then the status text', () => {
    assert.equal(httpFailureMessage(502, 'Bad Gateway', headers({ 'X-Error': 'Upstream down' }), '<html>proxy</html>'), 'Upstream down');
    assert.equal(httpFailureMessage(502, 'Bad Gateway', headers({}), '<html>proxy</html>'), 'Bad Gateway');
    assert.equal(httpFailureMessage(502, '', headers({}), ''), 'HTTP 502');
  });
});
