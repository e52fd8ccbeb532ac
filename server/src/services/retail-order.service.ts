import { cleanCustomer, NO_PAYMENT_TEXT, RETAIL_FIELDS, retailProblems, type RetailField } from '../../../common/retail-order.ts';
import { AppError, FieldsError, notFound } from '../http/errors.ts';
import type { EmbedRepository } from '../repositories/embed.repository.ts';
import type { LoginAttemptRepository } from '../repositories/login-attempt.repository.ts';
import type { OrderRepository } from '../repositories/order.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireRetailOptions, WireRetailPlaced } from '../wire/order.ts';
import { showsBuyLink } from './embed.service.ts';
import { NO_COPIES } from './order.service.ts';
import { parseLines } from './order.service.ts';

/** Orders one address may place in an hour: a family orders a few times, a script many. */
export const RETAIL_ORDERS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_ORDERS = 'Too many orders were sent from this address. Please try again in an hour, or call the funeral home.';

/** The wire name of a form field (snake_case). */
const wireName = (field: RetailField): string => field.replace(/[A-Z0-9]/g, (c) => `_${c.toLowerCase()}`).replace(/_(\d)/, '$1');

interface Deps {
  videos: VideoRepository;
  embed: EmbedRepository;
  orders: OrderRepository;
  attempts: LoginAttemptRepository;
}

/**
 * The public order form behind the embedded player's Buy a DVD link (spec 1 and 3: retail customers, orders without a
 * user id): anyone holding the video code may order copies at the organization's prices, to an address; the order is
 * the funeral home's to fulfil, and no payment is taken. The form exists only where the player shows the link.
 */
export function retailOrderService(deps: Deps) {
  /** The video behind a code when its player offers Buy a DVD; 404 otherwise, as for a code that does not exist. */
  async function orderable(code: string): Promise<{ video: VideoRow; organizationName: string | null }> {
    const video = /^[0-9a-f]{8,64}$/i.test(code) ? await deps.videos.findByCode(code) : undefined;
    if (!video || video.deleted_at || video.hide_embed) throw notFound();
    const facts = await deps.embed.facts(video);
    if (!showsBuyLink(Boolean(video.embed_hide_buy), facts)) throw notFound();
    return { video, organizationName: facts.organization_name };
  }

  return {
    async options(code: string): Promise<WireRetailOptions> {
      const { video, organizationName } = await orderable(code);
      return {
        video_code: video.video_code,
        title: video.title,
        organization_name: organizationName,
        finalized: video.date_in_queue !== null,
        products: await deps.orders.offers(video.organization_id),
        no_payment: NO_PAYMENT_TEXT,
      };
    },

    async place(code: string, body: Record<string, unknown>, ip: string): Promise<WireRetailPlaced> {
      const { video, organizationName } = await orderable(code);
      // A field people never see: a form filled by a robot fills it. Answered like a refusal of the address.
      if (typeof body.website === 'string' && body.website.trim()) throw new AppError(400, 'This order could not be accepted.');
      const raw = (typeof body.customer === 'object' && body.customer !== null ? body.customer : {}) as Record<string, unknown>;
      const typed = Object.fromEntries(RETAIL_FIELDS.map((field) => [field, raw[wireName(field)]]));
      const problems = retailProblems(typed);
      if (Object.keys(problems).length) throw new FieldsError(Object.fromEntries(Object.entries(problems).map(([field, message]) => [wireName(field as RetailField), message as string])));
      if (video.date_in_queue === null) throw new AppError(409, 'Copies can be ordered once the video is finished.');
      const lines = parseLines(body.lines, await deps.orders.offers(video.organization_id));
      if (lines.length === 0) throw new AppError(400, NO_COPIES);
      const counted = await deps.attempts.recordFailure(`retail-order:${ip}`, HOUR_MS);
      if (counted.failures > RETAIL_ORDERS_PER_HOUR) throw new AppError(429, TOO_MANY_ORDERS);
      const customer = cleanCustomer(typed);
      const id = await deps.orders.create({
        video_id: video.id,
        user_id: null,
        organization_id: video.organization_id,
        stock_eula: false,
        auto_burn: false,
        source: 'retail',
        lines,
        customer: {
          customer_name: customer.name,
          customer_email: customer.email,
          customer_phone: customer.phone || null,
          address_line1: customer.addressLine1,
          address_line2: customer.addressLine2 || null,
          city: customer.city,
          region: customer.region || null,
          postal_code: customer.postalCode,
          country: customer.country,
          customer_note: customer.note || null,
        },
      });
      const home = organizationName || 'The funeral home';
      return { order_id: id, message: `Thank you. ${home} has your order and will contact you at ${customer.email} about payment and delivery.` };
    },
  };
}
