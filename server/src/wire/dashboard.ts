import type { WireVideoListItem } from './video.ts';

export interface WireProduct {
  product_title: string;
  product_thumb_image: string;
}

export interface WireOrderDetail {
  id: number;
  quantity: number;
  product: WireProduct;
  date_cancelled: string | null;
  display_cancelled_date: string | null;
  shipped_date: string | null;
  display_shipped_date: string | null;
  tracking: string | null;
  tracking_url: string | null;
}

export interface WireOrder {
  id: number;
  video_id: number;
  /** 0 for a retail customer's order. */
  user_id: number;
  video_title: string;
  cover_photo_thumb_url: string;
  order_date: string;
  display_order_date: string;
  order_details: WireOrderDetail[];
}

/** GET /r/users/{userId}/dashboard_data; the column not asked for with `only` comes back empty. */
export interface WireDashboard {
  videos: WireVideoListItem[];
  orders: WireOrder[];
  super: boolean;
  /**
   * Not in the spec's response (videos, orders, super), added beside it: whether the next page of a column has rows,
   * decided by the server, so Load More shows exactly when there is more. A column not asked for with `only` is left out.
   */
  has_more: { videos?: boolean; orders?: boolean };
}
