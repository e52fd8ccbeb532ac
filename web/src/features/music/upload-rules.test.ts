import assert from 'node:assert/strict';
import { acceptedFiles, isPermanentStatus, retryDelay } from './upload-rules.ts';

const file = (name: string) => ({ name }) as File;

describe('song upload rules', () => {
  it("ignores mac metadata files starting with '._'", () => {
    assert.deepEqual(
      acceptedFiles([file('._song.mp3'), file('song.mp3'), file('a._b.wav')]).map((f) => f.name),
      ['song.mp3', 'a._b.wav'],
    );
  });

  it('treats refusals as permanent and lost connections or server troubles as passing', () => {
    for (const status of [400, 403, 404, 409, 410, 413, 415, 507]) assert.equal(isPermanentStatus(status), true, String(status));
    for (const status of [0, 500, 502, 503]) assert.equal(isPermanentStatus(status), false, String(status));
  });

  it('retries a few times with growing waits, then gives up', () => {
    assert.equal(retryDelay(0), 1000);
    assert.ok((retryDelay(3) ?? 0) > (retryDelay(2) ?? 0));
    assert.equal(retryDelay(5), null);
  });
});
