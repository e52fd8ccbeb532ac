import assert from 'node:assert/strict';
import { filterByTitle, filterTerms, matchesTitle } from './filter.ts';

const videos = [{ title: 'José Álvarez' }, { title: 'Chloé Dubois' }, { title: 'Margaret Ellen Hughes' }, { title: 'Anna-Lena Björk' }];
const titles = (filter: string) => filterByTitle(videos, filter).map((v) => v.title);

describe('videos list title filter', () => {
  it('ignores accents and case in both directions', () => {
    assert.deepEqual(titles('jose'), ['José Álvarez']);
    assert.deepEqual(titles('CHLOE'), ['Chloé Dubois']);
    assert.deepEqual(titles('álvarez'), ['José Álvarez']);
    assert.deepEqual(titles('bjork'), ['Anna-Lena Björk']);
  });

  it('needs every space-separated term, in any order', () => {
    assert.deepEqual(titles('hughes margaret'), ['Margaret Ellen Hughes']);
    assert.deepEqual(titles('margaret dubois'), []);
    assert.deepEqual(titles('  ellen   marg '), ['Margaret Ellen Hughes']);
  });

  it('matches parts of words and keeps everything for an empty filter', () => {
    assert.deepEqual(titles('varez'), ['José Álvarez']);
    assert.equal(filterByTitle(videos, '   ').length, videos.length);
  });

  it('splits the input into folded terms', () => {
    assert.deepEqual(filterTerms(' José  ÁLVAREZ '), ['jose', 'alvarez']);
    assert.equal(matchesTitle('Chloé', []), true);
  });
});
