import assert from 'node:assert/strict';
import { copiesCount, formatPrice, lineTotalCents, orderTotalCents, quantityProblem } from './order-pricing.ts';

describe('order prices', () => {
  it('totals each line and the order in cents', () => {
    const lines = [
      { quantity: 2, unitPriceCents: 2500 },
      { quantity: 0, unitPriceCents: 3500 },
      { quantity: 3, unitPriceCents: 4000 },
    ];
    assert.equal(lineTotalCents(lines[0]), 5000);
    assert.equal(orderTotalCents(lines), 17000);
    assert.equal(copiesCount(lines), 5);
    assert.equal(orderTotalCents([]), 0);
  });

  it('shows prices in dollars', () => {
    assert.equal(formatPrice(2500), '$25.00');
    assert.equal(formatPrice(199), '$1.99');
    assert.equal(formatPrice(123456), '$1,234.56');
    assert.equal(formatPrice(0), '$0.00');
  });

  it('takes whole quantities from 0 to 99 only', () => {
    for (const ok of [0, 1, 99]) assert.equal(quantityProblem(ok), null);
    for (const bad of [-1, 100, 1.5, '2', null, undefined, Number.NaN]) assert.equal(quantityProblem(bad), 'A quantity must be a whole number from 0 to 99.');
  });
});
