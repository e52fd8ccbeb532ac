import assert from 'node:assert/strict';
import { containsPattern } from '../repositories/text-search.ts';
import { FOLD_TABLE, foldAccents, matchesAllTerms, searchTerms } from './accent-fold.ts';

describe('accent folding', () => {
  it('folds case and accents to plain lower case letters', () => {
    assert.equal(foldAccents('José Álvarez'), 'jose alvarez');
    assert.equal(foldAccents('CHLOÉ Dubois'), 'chloe dubois');
    assert.equal(foldAccents('Anna-Lena Björk'), 'anna-lena bjork');
    assert.equal(foldAccents('Łukasz Søren Đorđe'), 'lukasz soren dorde');
  });

  it('keeps a one-to-one table that SQL translate() can use', () => {
    assert.equal([...FOLD_TABLE.from].length, FOLD_TABLE.to.length);
    assert.ok(FOLD_TABLE.from.includes('é') && FOLD_TABLE.from.includes('É'));
  });

  it('splits a query into folded terms', () => {
    assert.deepEqual(searchTerms('  José   ÁLV '), ['jose', 'alv']);
    assert.deepEqual(searchTerms(undefined), []);
  });

  it('matches only when every term is found', () => {
    assert.equal(matchesAllTerms('José Álvarez', searchTerms('jose alv')), true);
    assert.equal(matchesAllTerms('José Álvarez', searchTerms('jose smith')), false);
  });

  it('escapes LIKE wildcards', () => {
    assert.equal(containsPattern('50%_a\\b'), '%50\\%\\_a\\\\b%');
  });
});
