import assert from 'node:assert/strict';
import { mergeServerList, orderSlides, replaceSlides } from './merge.ts';

const s = (id: number, v: string) => ({ id, v });

describe('merging slide replies', () => {
  it('takes the server list but keeps busy slides as they are locally', () => {
    const local = [s(1, 'old'), s(2, 'old')];
    const server = [s(2, 'new'), s(1, 'new'), s(3, 'new')];
    assert.deepEqual(mergeServerList(local, server, new Set([1])), [s(2, 'new'), s(1, 'old'), s(3, 'new')]);
    assert.deepEqual(mergeServerList(local, server, new Set()), server);
  });

  it('drops a busy slide the server no longer lists', () => {
    assert.deepEqual(mergeServerList([s(1, 'a'), s(2, 'a')], [s(2, 'b')], new Set([1])), [s(2, 'b')]);
  });

  it('replaces updated slides in place', () => {
    assert.deepEqual(replaceSlides([s(1, 'a'), s(2, 'a')], [s(2, 'b'), s(9, 'x')]), [s(1, 'a'), s(2, 'b')]);
  });

  it('puts slides in a given order, unnamed ones after', () => {
    assert.deepEqual(orderSlides([s(1, 'a'), s(2, 'a'), s(3, 'a')], [3, 1]).map((x) => x.id), [3, 1, 2]);
  });
});
