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
}

export interface OrderDetailRow {
  id: number;
  order_id: number;
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

/** The product pictures that ship with the product (dvd.svg, usb.svg ...). */
const PRODUCT_IMAGE_DIR = path.join(projectRoot, 'server', 'assets', 'product_images');
const PRODUCT_IMAGE_NAME = /^[a-z0-9][a-z0-9_-]*\.(svg|png|jpg|jpeg|webp)$/i;

export function orderRepository(db: Db) {
  return {
    /** One page of the orders for an organization's videos, newest first, each with its lines and products. */
    async recentForOrganization(organizationId: number | null, limit: number, offset: number): Promise<OrderWithDetails[]> {
      if (organizationId === null) return [];
      const orders = await db('orders')
        .join('videos', 'videos.id', 'orders.video_id')
        .where('videos.organization_id', organizationId)
        .select<OrderRow[]>(
          'orders.id',
          'orders.video_id',
          'orders.user_id',
          'orders.order_date',
          'videos.title as video_title',
          'videos.updated_at as video_updated_at',
        )
        .orderBy([{ column: 'orders.order_date', order: 'desc' }, { column: 'orders.id', order: 'desc' }])
        .limit(limit)
        .offset(offset);
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
