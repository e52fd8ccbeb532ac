import assert from 'node:assert/strict';
import { matchesWords } from './search.ts';

describe('stock search words', () => {
  it('needs every word to start a word of the fields', () => {
    assert.ok(matchesWords('lord shep', 'The Lord Is My Shepherd', 'Psalm 23'));
    assert.ok(matchesWords('  PSALM  ', 'The Lord Is My Shepherd', 'Psalm 23'));
    assert.ok(!matchesWords('hepherd', 'The Lord Is My Shepherd'));
    assert.ok(!matchesWords('lord sea', 'The Lord Is My Shepherd'));
    assert.ok(matchesWords('', 'anything'));
    assert.ok(matchesWords('jose', 'José'));
  });
});
