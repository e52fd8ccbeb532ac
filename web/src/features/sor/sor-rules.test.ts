import assert from 'node:assert/strict';
import { defaultRange, rangeIsValid, readCachedCount, SOR_COUNT_STORAGE_KEY, SOR_COUNT_TTL_MS, writeCachedCount } from './sor-rules.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('Service of Remembrance rules', () => {
  it('defaults to 1 January of this year until today', () => {
    assert.deepEqual(defaultRange(new Date(2026, 10, 22, 15, 30)), { start: '2026-01-01', end: '2026-11-22' });
    assert.deepEqual(defaultRange(new Date(2026, 0, 5)), { start: '2026-01-01', end: '2026-01-05' });
  });

  it('needs both dates, in order', () => {
    assert.equal(rangeIsValid('2026-01-01', '2026-01-01'), true);
    assert.equal(rangeIsValid('2026-01-02', '2026-01-01'), false);
    assert.equal(rangeIsValid('', '2026-01-01'), false);
  });

  describe('the cached video count', () => {
    it('is kept for one hour for the same user', () => {
      const store = memoryStore();
      writeCachedCount(store, 7, 12, 1_000);
      assert.equal(readCachedCount(store, 7, 1_000 + SOR_COUNT_TTL_MS - 1), 12);
      assert.equal(readCachedCount(store, 7, 1_000 + SOR_COUNT_TTL_MS), undefined, 'stale after an hour');
      assert.equal(readCachedCount(store, 8, 1_001), undefined, "another user's count is not theirs");
    });

    it('ignores damaged entries and a clock that went back', () => {
      const store = memoryStore();
      store.setItem(SOR_COUNT_STORAGE_KEY, '{not json');
      assert.equal(readCachedCount(store, 7, 0), undefined);
      writeCachedCount(store, 7, 3, 10_000);
      assert.equal(readCachedCount(store, 7, 5_000), undefined);
    });

    it('survives storage that refuses to write', () => {
      writeCachedCount({ getItem: () => null, setItem: () => { throw new Error('quota'); } }, 7, 3, 0);
    });
  });
});
