import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface OrderRow {
  id: number;
  video_id: number;
  user_id: number | null;
  order_date: Date;
  video_title: string;
  video_updated_at: Date;
  auto_burn: boolean;
  source: OrderSource;
  user_name: string | null;
  /** A retail customer's (user_id null): who ordered and where the copies go. */
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  customer_note: string | null;
}

/** How an order was placed: finalizing, later by staff, or by a member of the public from the player's Buy a DVD. */
export type OrderSource = 'finalize' | 'hard_copies' | 'retail';

/** A retail customer's details as stored with the order. */
export type RetailCustomerRow = Pick<
  OrderRow,
  'customer_name' | 'customer_email' | 'customer_phone' | 'address_line1' | 'address_line2' | 'city' | 'region' | 'postal_code' | 'country' | 'customer_note'
>;

export interface OrderDetailRow {
  id: number;
  order_id: number;
  product_id: number;
  unit_price_cents: number;
  quantity: number;
  date_cancelled: Date | null;
  shipped_date: Date | null;
  tracking: string | null;
  tracking_url: string | null;
  product_title: string;
  product_thumb_image: string;
}

export interface OrderWithDetails extends OrderRow {
  details: OrderDetailRow[];
}

/** A product an order form offers, at the organization's price when it has one, else the product's. */
export interface ProductOffer {
  id: number;
  product_title: string;
  product_thumb_image: string;
  kind: string;
  price_cents: number;
}

export interface NewOrder {
  video_id: number;
  user_id: number | null;
  organization_id: number | null;
  stock_eula: boolean;
  auto_burn: boolean;
  source: OrderSource;
  lines: { product_id: number; quantity: number; unit_price_cents: number }[];
  customer?: RetailCustomerRow;
}

/** The product pictures that ship with the product (dvd.svg, usb.svg ...). */
export const PRODUCT_IMAGE_DIR = path.join(projectRoot, 'server', 'assets', 'product_images');
export const PRODUCT_IMAGE_NAME = /^[a-z0-9][a-z0-9_-]*\.(svg|png|jpg|jpeg|webp)$/i;

export function orderRepository(db: Db) {
  const orderColumns = [
    'orders.id',
    'orders.video_id',
    'orders.user_id',
    'orders.order_date',
    'orders.auto_burn',
    'orders.source',
    'videos.title as video_title',
    'videos.updated_at as video_updated_at',
    'users.name as user_name',
    ...['customer_name', 'customer_email', 'customer_phone', 'address_line1', 'address_line2', 'city', 'region', 'postal_code', 'country', 'customer_note'].map((c) => `orders.${c}`),
  ];
  const ordersQuery = () => db('orders').join('videos', 'videos.id', 'orders.video_id').leftJoin('users', 'users.id', 'orders.user_id');

  /** The orders' lines with their products, each order given its own. */
  async function withDetails(orders: OrderRow[]): Promise<OrderWithDetails[]> {
    if (orders.length === 0) return [];
    const details = await db('order_details')
      .join('products', 'products.id', 'order_details.product_id')
      .whereIn(
        'order_details.order_id',
        orders.map((o) => o.id),
      )
      .select<OrderDetailRow[]>(
        'order_details.id',
        'order_details.order_id',
        'order_details.product_id',
        'order_details.unit_price_cents',
        'order_details.quantity',
        'order_details.date_cancelled',
        'order_details.shipped_date',
        'order_details.tracking',
        'order_details.tracking_url',
        'products.product_title',
        'products.product_thumb_image',
      )
      .orderBy('order_details.id');
    return orders.map((order) => ({ ...order, details: details.filter((d) => d.order_id === order.id) }));
  }

  const newestFirst = [
    { column: 'orders.order_date', order: 'desc' as const },
    { column: 'orders.id', order: 'desc' as const },
  ];

  return {
    /** One page of the orders for an organization's videos, newest first, each with its lines and products. */
    async recentForOrganization(organizationId: number | null, limit: number, offset: number): Promise<OrderWithDetails[]> {
      if (organizationId === null) return [];
      const orders = await ordersQuery()
        .where('videos.organization_id', organizationId)
        .select<OrderRow[]>(orderColumns)
        .orderBy(newestFirst)
        .limit(limit)
        .offset(offset);
      return withDetails(orders);
    },

    /** Every order of one video, newest first, with its lines and products. */
    async forVideo(videoId: number): Promise<OrderWithDetails[]> {
      const orders = await ordersQuery().where('orders.video_id', videoId).select<OrderRow[]>(orderColumns).orderBy(newestFirst);
      return withDetails(orders);
    },

    async findWithDetails(orderId: number): Promise<OrderWithDetails | undefined> {
      const orders = await ordersQuery().where('orders.id', orderId).select<OrderRow[]>(orderColumns);
      return (await withDetails(orders))[0];
    },

    /** The physical products an order form offers, in catalogue order, at the organization's prices. */
    async offers(organizationId: number | null): Promise<ProductOffer[]> {
      return db('products')
        .leftJoin('organization_product_prices as prices', (join) => {
          join.on('prices.product_id', 'products.id').andOn('prices.organization_id', db.raw('?', [organizationId ?? 0]));
        })
        .where({ 'products.enabled': true, 'products.physical': true })
        .select<ProductOffer[]>(
          'products.id',
          'products.product_title',
          'products.product_thumb_image',
          'products.kind',
          db.raw('coalesce(prices.price_cents, products.price_cents)::int as price_cents'),
        )
        .orderBy([{ column: 'products.sort_order' }, { column: 'products.id' }]);
    },

    /** Stores an order and its lines together; answers its id. */
    async create(order: NewOrder): Promise<number> {
      return db.transaction(async (trx) => {
        const { lines, customer, ...fields } = order;
        const [row] = await trx('orders').insert({ ...fields, ...customer }).returning<{ id: number }[]>('id');
        if (lines.length > 0) await trx('order_details').insert(lines.map((line) => ({ ...line, order_id: row.id })));
        return row.id;
      });
    },

    /** The file of a product picture by its stored name; undefined for unknown or unsafe names. */
    productImageFile(name: string): { path: string; size: number } | undefined {
      if (!PRODUCT_IMAGE_NAME.test(name)) return undefined;
      const file = path.join(PRODUCT_IMAGE_DIR, name);
      if (!existsSync(file)) return undefined;
      const info = statSync(file);
      return info.isFile() ? { path: file, size: info.size } : undefined;
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
