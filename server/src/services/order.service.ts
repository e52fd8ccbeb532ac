import { quantityProblem } from '../../../common/order-pricing.ts';
import { AppError } from '../http/errors.ts';
import type { NewOrder, OrderRepository, OrderWithDetails, ProductOffer } from '../repositories/order.repository.ts';
import type { WireOrderOptions, WireVideoOrder, WireVideoOrders } from '../wire/order.ts';
import type { ClientMeta } from './auth.service.ts';
import { toWireDetail, toWireOrder } from './dashboard.service.ts';
import type { FinalizeReply } from './finalize.service.ts';
import type { VideoAccess } from './video-access.ts';
import { coverThumbUrl } from './video.service.ts';

export const NO_COPIES = 'Choose at least one copy to order.';
export const NOT_FINALIZED = 'Copies can be ordered once the video is finalized.';

type OrderLine = NewOrder['lines'][number];

/**
 * The order form's lines ([{product_id, quantity}]) checked against the products the form offers: quantities are
 * whole numbers from 0 to 99, each product at most once. Lines of 0 are dropped; each kept line is priced now, so a
 * later price change does not rewrite an order.
 */
export function parseLines(raw: unknown, offers: ProductOffer[]): OrderLine[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new AppError(400, 'lines must be a list of {product_id, quantity}.');
  const seen = new Set<number>();
  const lines: OrderLine[] = [];
  for (const item of raw as unknown[]) {
    const { product_id: productId, quantity } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const offer = offers.find((o) => o.id === productId);
    if (!offer) throw new AppError(400, `Product ${JSON.stringify(productId ?? null)} cannot be ordered.`);
    if (seen.has(offer.id)) throw new AppError(400, `${offer.product_title} is on the order twice.`);
    seen.add(offer.id);
    const problem = quantityProblem(quantity);
    if (problem) throw new AppError(400, `${offer.product_title}: ${problem}`);
    if ((quantity as number) > 0) lines.push({ product_id: offer.id, quantity: quantity as number, unit_price_cents: offer.price_cents });
  }
  return lines;
}

/** The order page's burn choice: a boolean (false when not sent). */
export function parseAutoBurn(raw: unknown): boolean {
  if (raw === undefined) return false;
  if (typeof raw !== 'boolean') throw new AppError(400, 'auto_burn must be true or false.');
  return raw;
}

export function toWireVideoOrder(order: OrderWithDetails): WireVideoOrder {
  const cover = coverThumbUrl({ id: order.video_id, updated_at: order.video_updated_at });
  const base = toWireOrder(order, new Map([[order.video_id, cover]]));
  const lines = order.details.map((d) => ({ ...toWireDetail(d), product_id: d.product_id, unit_price_cents: d.unit_price_cents }));
  return {
    ...base,
    order_details: lines,
    // Cancelled lines are not charged.
    total_cents: order.details.reduce((sum, d) => sum + (d.date_cancelled ? 0 : d.quantity * d.unit_price_cents), 0),
    source: order.source,
    auto_burn: order.auto_burn,
    placed_by: order.user_name || null,
    retail_customer:
      order.source === 'retail'
        ? {
            name: order.customer_name ?? '',
            email: order.customer_email ?? '',
            phone: order.customer_phone,
            address_line1: order.address_line1 ?? '',
            address_line2: order.address_line2,
            city: order.city ?? '',
            region: order.region,
            postal_code: order.postal_code ?? '',
            country: order.country ?? '',
            note: order.customer_note,
          }
        : null,
  };
}

/** Ordering copies of a video: when finalizing with the order page, or later from /orders/hard_copies. */
export function orderService(orders: OrderRepository) {
  async function place(access: VideoAccess, source: NewOrder['source'], lines: OrderLine[], autoBurn: boolean, stockEula = false): Promise<number> {
    return orders.create({
      video_id: access.video.id,
      user_id: access.user?.id ?? null,
      organization_id: access.video.organization_id,
      stock_eula: stockEula,
      auto_burn: autoBurn,
      source,
      lines,
    });
  }

  return {
    /** GET /r/orders/products: the video and the products its order forms offer. */
    async options(access: VideoAccess): Promise<WireOrderOptions> {
      const { video } = access;
      return {
        video_id: video.id,
        video_code: video.video_code,
        title: video.title,
        finalized: video.date_in_queue !== null,
        products: await orders.offers(video.organization_id),
      };
    },

    /**
     * POST /orders/create from the order page: the lines and the burn choice are checked first, then the video is
     * finalized; only a finalize that goes ahead places the order (when it has copies or the burn choice).
     */
    async finalizeAndOrder(
      access: VideoAccess,
      input: { lines: unknown; autoBurn: unknown; stockEula: boolean },
      finalize: (access: VideoAccess, stockEula: boolean, meta: ClientMeta) => Promise<FinalizeReply>,
      meta: ClientMeta,
    ): Promise<FinalizeReply> {
      const lines = parseLines(input.lines, await orders.offers(access.video.organization_id));
      const autoBurn = parseAutoBurn(input.autoBurn);
      const reply = await finalize(access, input.stockEula, meta);
      if ('redirect' in reply && (lines.length > 0 || autoBurn)) await place(access, 'finalize', lines, autoBurn, input.stockEula);
      return reply;
    },

    /** POST /r/orders/hard_copies: copies of a finalized video, ordered later. */
    async orderCopies(access: VideoAccess, rawLines: unknown): Promise<WireVideoOrder> {
      if (access.video.deleted_at) throw new AppError(404, 'Not found');
      const lines = parseLines(rawLines, await orders.offers(access.video.organization_id));
      if (access.video.date_in_queue === null) throw new AppError(409, NOT_FINALIZED);
      if (lines.length === 0) throw new AppError(400, NO_COPIES);
      const id = await place(access, 'hard_copies', lines, false);
      const order = await orders.findWithDetails(id);
      if (!order) throw new AppError(404, 'Not found');
      return toWireVideoOrder(order);
    },

    /** GET /r/videos/{id}/orders */
    async forVideo(access: VideoAccess): Promise<WireVideoOrders> {
      return { orders: (await orders.forVideo(access.video.id)).map(toWireVideoOrder) };
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;
