import assert from 'node:assert/strict';
import { matchesStockSearch, stockSearchWords } from './stock-search.ts';

const songs = [
  { artistName: 'Eleanor Whitfield', songName: 'Evening Hymn in G' },
  { artistName: 'Tomás Ibáñez', songName: 'Morning on the Meadow' },
  { artistName: "Grace O'Connell", songName: 'Quiet Harbour' },
];
const found = (query: string) => songs.filter((s) => matchesStockSearch(query, s)).map((s) => s.songName);

describe('stock music search', () => {
  it('matches the start of words in artist plus song name', () => {
    assert.deepEqual(found('even'), ['Evening Hymn in G']);
    assert.deepEqual(found('whit hymn'), ['Evening Hymn in G']);
    assert.deepEqual(found('MEAD'), ['Morning on the Meadow']);
  });

  it('needs every word and does not match inside a word', () => {
    assert.deepEqual(found('evening meadow'), []);
    assert.deepEqual(found('ening'), []);
    assert.deepEqual(found('hymn x'), []);
  });

  it('ignores accents and punctuation, and an empty query matches all', () => {
    assert.deepEqual(found('tomas ibanez'), ['Morning on the Meadow']);
    assert.deepEqual(found("o'conn"), ['Quiet Harbour']);
    assert.equal(found('   ').length, 3);
    assert.deepEqual(stockSearchWords('  Ébène  Flûte '), ['ebene', 'flute']);
  });
});
