import assert from 'node:assert/strict';
import { orderStatus, quantityText } from './orderStatus.ts';

const line = {
  dateCancelled: null,
  displayCancelledDate: null,
  shippedDate: null,
  displayShippedDate: null,
  tracking: null,
  trackingUrl: null,
};

describe('order line status text', () => {
  it('is Processing until the line ships', () => {
    assert.deepEqual(orderStatus(line), { kind: 'processing', text: 'Processing', tracking: null, trackingUrl: null });
  });

  it('is Shipped with the date, with tracking as a link when there is an address', () => {
    const status = orderStatus({
      ...line,
      shippedDate: '2026-03-06T15:00:00.000Z',
      displayShippedDate: 'Mar 6, 2026',
      tracking: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    assert.equal(status.kind, 'shipped');
    assert.equal(status.text, 'Shipped Mar 6, 2026');
    assert.equal(status.tracking, '1Z999AA10123456784');
    assert.equal(status.trackingUrl, 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('keeps tracking as text without an address', () => {
    const status = orderStatus({ ...line, shippedDate: '2026-03-06T15:00:00.000Z', displayShippedDate: 'Mar 6, 2026', tracking: 'LOCAL-42' });
    assert.equal(status.tracking, 'LOCAL-42');
    assert.equal(status.trackingUrl, null);
  });

  it('is Cancelled with the date whenever a cancel date exists, even after shipping', () => {
    const status = orderStatus({
      ...line,
      dateCancelled: '2026-03-05T15:00:00.000Z',
      displayCancelledDate: 'Mar 5, 2026',
      shippedDate: '2026-03-04T15:00:00.000Z',
      displayShippedDate: 'Mar 4, 2026',
      tracking: '1Z999AA10123456784',
    });
    assert.deepEqual(status, { kind: 'cancelled', text: 'Cancelled Mar 5, 2026', tracking: null, trackingUrl: null });
  });

  it('shows the quantity only above one', () => {
    assert.equal(quantityText(1), '');
    assert.equal(quantityText(3), 'x3');
  });
});
