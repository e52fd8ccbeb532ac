import { AppError } from '../http/errors.ts';
import { pageOf } from '../http/paging.ts';
import type { OrderDetailRow, OrderRepository, OrderWithDetails } from '../repositories/order.repository.ts';
import type { UserRepository, UserWithOrg } from '../repositories/user.repository.ts';
import type { VideoListRepository } from '../repositories/video-list.repository.ts';
import type { WireDashboard, WireOrder, WireOrderDetail } from '../wire/dashboard.ts';
import { coverThumbUrl, coverThumbUrls, toListItem } from './video.service.ts';

export const DASHBOARD_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

export interface DashboardQuery {
  limit?: number;
  ordersPage?: number;
  videosPage?: number;
  only?: 'orders' | 'videos';
}

const DISPLAY_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const displayDate = (date: Date | null): string | null => (date ? DISPLAY_DATE.format(new Date(date)) : null);
const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** Carrier pages for the tracking number formats the big carriers use, when the order line has no address of its own. */
export function trackingUrlFor(tracking: string | null): string | null {
  const number = tracking?.replace(/\s+/g, '').toUpperCase();
  if (!number) return null;
  const q = encodeURIComponent(number);
  if (/^1Z[0-9A-Z]{16}$/.test(number)) return `https://www.ups.com/track?tracknum=${q}`;
  if (/^(94|93|92|95)\d{18,20}$/.test(number)) return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${q}`;
  if (/^(\d{12}|\d{15})$/.test(number)) return `https://www.fedex.com/fedextrack/?trknbr=${q}`;
  return null;
}

export function toWireDetail(d: OrderDetailRow): WireOrderDetail {
  return {
    id: d.id,
    quantity: d.quantity,
    product: { product_title: d.product_title, product_thumb_image: d.product_thumb_image },
    date_cancelled: iso(d.date_cancelled),
    display_cancelled_date: displayDate(d.date_cancelled),
    shipped_date: iso(d.shipped_date),
    display_shipped_date: displayDate(d.shipped_date),
    tracking: d.tracking || null,
    tracking_url: d.tracking_url || trackingUrlFor(d.tracking),
  };
}

export function toWireOrder(o: OrderWithDetails, covers: Map<number, string>): WireOrder {
  return {
    id: o.id,
    video_id: o.video_id,
    user_id: o.user_id ?? 0,
    video_title: o.video_title,
    cover_photo_thumb_url: covers.get(o.video_id) ?? coverThumbUrl({ id: o.video_id, updated_at: o.video_updated_at }),
    order_date: new Date(o.order_date).toISOString(),
    display_order_date: displayDate(o.order_date) as string,
    order_details: o.details.map(toWireDetail),
  };
}

/** A user's recent videos and orders, a page at a time; users read their own dashboard, super users anyone's. */
export function dashboardService(users: UserRepository, videoList: VideoListRepository, orders: OrderRepository) {
  return {
    /** Whose dashboard the caller asks for: their own, or (super users) anyone's. */
    async owner(caller: UserWithOrg, userId: number): Promise<UserWithOrg> {
      const owner = caller.id === userId ? caller : caller.role === 'super' ? await users.findById(userId) : undefined;
      if (!owner) throw new AppError(404, 'Not found');
      return owner;
    },

    /** The owner's organization's recent videos and orders; the answer depends on nothing else of the owner's. */
    async read(caller: UserWithOrg, owner: Pick<UserWithOrg, 'organization_id'>, query: DashboardQuery): Promise<WireDashboard> {
      const isSuper = caller.role === 'super';
      const limit = Math.min(Math.max(query.limit ?? DASHBOARD_PAGE_SIZE, 1), MAX_PAGE_SIZE);
      const offset = (page = 1) => (Math.max(page, 1) - 1) * limit;
      // One row more than the page: it tells whether there is a next page and is not sent.
      const [videoRows, orderRows] = await Promise.all([
        query.only === 'orders' ? undefined : videoList.recent({ organizationId: owner.organization_id }, limit + 1, offset(query.videosPage)),
        query.only === 'videos' ? undefined : orders.recentForOrganization(owner.organization_id, limit + 1, offset(query.ordersPage)),
      ]);
      const videos = videoRows && pageOf(videoRows, limit);
      const recentOrders = orderRows && pageOf(orderRows, limit);
      const videoItems = videos?.rows ?? [];
      const orderItems = recentOrders?.rows ?? [];
      const covers = await coverThumbUrls(videoList, [...videoItems, ...orderItems.map((o) => ({ id: o.video_id, updated_at: o.video_updated_at }))]);
      return {
        videos: videoItems.map((v) => toListItem(v, covers)),
        orders: orderItems.map((o) => toWireOrder(o, covers)),
        has_more: { videos: videos?.hasMore, orders: recentOrders?.hasMore },
        super: isSuper,
      };
    },
  };
}
