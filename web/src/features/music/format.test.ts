import assert from 'node:assert/strict';
import { formatLength, slideTimeText } from './format.ts';

describe('music page formats', () => {
  it('shows lengths as M:SS', () => {
    assert.equal(formatLength(0), '0:00');
    assert.equal(formatLength(59.6), '1:00');
    assert.equal(formatLength(201.4), '3:21');
    assert.equal(formatLength(3725), '62:05');
    assert.equal(formatLength(Number.NaN), '0:00');
  });

  it('shows seconds per slide with at most two decimals', () => {
    assert.equal(slideTimeText(9), '9');
    assert.equal(slideTimeText(7.123456), '7.12');
  });
});
