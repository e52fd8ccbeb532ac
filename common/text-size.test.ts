import assert from 'node:assert/strict';
import { TEXT_SIZE_HINT, textSize } from './text-size.ts';

describe('text slide size', () => {
  it('takes what the server takes, 8 to 300, and nothing else', () => {
    assert.equal(textSize('8'), 8);
    assert.equal(textSize(' 56 '), 56);
    assert.equal(textSize('300'), 300);
    for (const refused of ['', ' ', '0', '1', '7', '7.9', '301', '-20', 'abc', 'Infinity']) assert.equal(textSize(refused), null, refused);
    assert.equal(TEXT_SIZE_HINT, 'Enter a size from 8 to 300.');
  });
});
