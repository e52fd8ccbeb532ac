import assert from 'node:assert/strict';
import { holdsNul } from './nul-guard.ts';

describe('holdsNul', () => {
  it('finds U+0000 in any string or key of a body, however deep', () => {
    assert.equal(holdsNul({ a: ['x', { b: 'y\u0000' }] }), true);
    assert.equal(holdsNul({ 'k\u0000': 1 }), true);
    assert.equal(holdsNul({ a: ['x', { b: 'y' }], n: 0, z: null }), false);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.equal(holdsNul(deep), true);
    assert.equal(holdsNul(undefined), false);
  });
});
