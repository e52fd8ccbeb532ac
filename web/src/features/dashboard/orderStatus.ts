import type { OrderDetail } from '../../api/index.ts';

export type OrderStatusKind = 'cancelled' | 'processing' | 'shipped';

/** The theme colour each status is written in. */
export const ORDER_STATUS_COLOUR: Record<OrderStatusKind, string> = {
  cancelled: 'error.main',
  processing: 'text.secondary',
  shipped: 'success.dark',
};

export interface OrderStatus {
  kind: OrderStatusKind;
  text: string;
  /** The tracking number, for an order line that has not been cancelled. */
  tracking: string | null;
  trackingUrl: string | null;
}

/** Spec 1, 4: cancelled (with date) if a cancel date exists, else processing until shipped, else shipped (with date); plus tracking. */
export function orderStatus(detail: Pick<OrderDetail, 'dateCancelled' | 'displayCancelledDate' | 'shippedDate' | 'displayShippedDate' | 'tracking' | 'trackingUrl'>): OrderStatus {
  if (detail.dateCancelled) {
    return { kind: 'cancelled', text: `Cancelled ${detail.displayCancelledDate ?? ''}`.trim(), tracking: null, trackingUrl: null };
  }
  const tracking = detail.tracking || null;
  const trackingUrl = tracking ? detail.trackingUrl || null : null;
  if (!detail.shippedDate) return { kind: 'processing', text: 'Processing', tracking, trackingUrl };
  return { kind: 'shipped', text: `Shipped ${detail.displayShippedDate ?? ''}`.trim(), tracking, trackingUrl };
}

export const quantityText = (quantity: number): string => (quantity > 1 ? `x${quantity}` : '');
