/** Wire shapes of orders for copies (snake_case); the web imports them with `import type`. */
import type { WireOrder, WireOrderDetail } from './dashboard.ts';

/** A product a video can be ordered on, at the organization's price. */
export interface WireOrderProduct {
  id: number;
  product_title: string;
  product_thumb_image: string;
  /** dvd | bluray | usb */
  kind: string;
  price_cents: number;
}

/** GET /r/orders/products?video_id=: what the order forms offer for a video. */
export interface WireOrderOptions {
  video_id: number;
  video_code: string;
  title: string;
  /** Finalized (in the queue): copies can be ordered from /orders/hard_copies. */
  finalized: boolean;
  products: WireOrderProduct[];
}

/** One line of an order form; quantity 0 orders none of that product. */
export interface WireOrderLineInput {
  product_id: number;
  quantity: number;
}

/** POST /r/orders/hard_copies */
export interface WireHardCopiesInput {
  video_id: number;
  lines: WireOrderLineInput[];
}

/** POST /orders/create from the order page: the finalize form's fields plus the copies and the burn choice. */
export interface WireFinalizeOrderInput {
  video_code: string;
  stock_eula: '1' | '0';
  lines: WireOrderLineInput[];
  auto_burn: boolean;
}

export interface WireVideoOrderLine extends WireOrderDetail {
  product_id: number;
  unit_price_cents: number;
}

/** An order as the Order History tab lists it: the dashboard's order plus its prices and how it was placed. */
export interface WireVideoOrder extends Omit<WireOrder, 'order_details'> {
  order_details: WireVideoOrderLine[];
  total_cents: number;
  /** Placed with the order page when finalizing, later by staff from /orders/hard_copies, or by the public (retail). */
  source: 'finalize' | 'hard_copies' | 'retail';
  /** "Automatically download and burn once finalized" was checked. */
  auto_burn: boolean;
  /** Who placed it; null for a retail customer or a removed user. */
  placed_by: string | null;
  /** A retail order's customer and where to send the copies; null for staff orders. */
  retail_customer: WireRetailCustomer | null;
}

export interface WireRetailCustomer {
  name: string;
  email: string;
  phone: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
  note: string | null;
}

/** GET /r/orders/retail/{videoCode}: the public order form's video and the organization's prices. */
export interface WireRetailOptions {
  video_code: string;
  title: string;
  organization_name: string | null;
  finalized: boolean;
  products: WireOrderProduct[];
  /** The form's plain statement that no payment is taken. */
  no_payment: string;
}

/** POST /r/orders/retail/{videoCode}: {customer: {name, email, phone, address_line1 ...}, lines, website (left empty)}. */
export interface WireRetailPlaced {
  order_id: number;
  message: string;
}

/** GET /r/videos/{id}/orders, newest first. */
export interface WireVideoOrders {
  orders: WireVideoOrder[];
}

/** POST /r/orders/hard_copies: the order placed and where its history is. */
export interface WireOrderPlaced {
  order: WireVideoOrder;
  redirect: string;
}
