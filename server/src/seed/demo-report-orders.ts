import type { Db } from '../db/database.ts';
import { newSecurityHash, newVideoCode } from '../repositories/video.repository.ts';

export const DEMO_REPORT_ORDERS_KEY = 'demo_report_orders_seeded';

/**
 * Something for the super drawer's statistics and reports to show on a fresh start: three more funeral homes, two
 * of them referred by website partners, each with a few finalized videos and some four months of orders, part of
 * them paid (on their terms or late), part overdue, a few lines cancelled or shipped. The homes are separate from
 * the demo organization so its staff's dashboard stays as it was. Their videos are marked finished without a
 * render: they exist for their orders, and the render watchdog leaves finished videos alone. Runs once; the numbers
 * come from a fixed seed, so every fresh start shows the same figures.
 */
export async function seedDemoReportOrders(db: Db, now = new Date()): Promise<void> {
  if (await db('system_settings').where({ key: DEMO_REPORT_ORDERS_KEY }).first()) return;
  await db.transaction(async (trx) => {
    let state = 20261127;
    // A small linear congruential generator: the same sequence every time.
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const day = 24 * 3600 * 1000;
    const products = await trx('products').whereIn('kind', ['dvd', 'bluray', 'usb']).orderBy(['sort_order', 'id']).select('id', 'price_cents');
    if (products.length === 0) return;

    const homes = [
      { organization_name: 'Maple Grove Funeral Services', partner_name: 'Evergreen Web Studio', terms: 30 },
      { organization_name: 'Cedar Hill Memorial Chapel', partner_name: 'Evergreen Web Studio', terms: 15 },
      { organization_name: 'Willow Creek Cremation Care', partner_name: null, terms: 30 },
    ];
    const titles = ['Harold Jennings', 'Margaret Ellison', 'Thomas Whitaker', 'Evelyn Marsh', 'Arthur Pennington', 'Dorothy Kessler', 'Franklin Osei', 'Ruth Abernathy', 'Walter Lindqvist'];
    let title = 0;
    for (const home of homes) {
      const [org] = await trx('organizations').insert({ organization_name: home.organization_name, partner_name: home.partner_name }).returning('id');
      const videos: { id: number; finalized: Date; family: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const finalized = new Date(now.getTime() - Math.floor(10 + random() * 110) * day);
        const name = titles[title++ % titles.length];
        const [video] = await trx('videos')
          .insert({
            organization_id: org.id,
            title: name,
            video_code: newVideoCode(),
            security_hash: newSecurityHash(),
            date_in_queue: finalized,
            finished: true,
            created_at: new Date(finalized.getTime() - 2 * day),
          })
          .returning('id');
        videos.push({ id: video.id, finalized, family: `${name.split(' ').pop()} family` });
      }
      const count = 10 + Math.floor(random() * 6);
      for (let i = 0; i < count; i++) {
        const video = pick(videos);
        const age = Math.floor(random() * Math.max(1, (now.getTime() - video.finalized.getTime()) / day));
        const orderDate = new Date(now.getTime() - age * day - Math.floor(random() * 8) * 3600 * 1000);
        const lines = Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({ product: pick(products), quantity: 1 + Math.floor(random() * 4), cancelled: random() < 0.08 }));
        const total = lines.filter((l) => !l.cancelled).reduce((sum, l) => sum + l.quantity * l.product.price_cents, 0);
        // Most invoices are paid, some late; recent ones and a few old ones are still open.
        const payDays = Math.floor(5 + random() * home.terms * 1.6);
        const paid = random() < 0.75 && age > payDays ? new Date(orderDate.getTime() + payDays * day) : null;
        const source = pick(['finalize', 'hard_copies']);
        const [order] = await trx('orders')
          .insert({
            video_id: video.id,
            organization_id: org.id,
            // Copies ordered later (hard copies) are the family's own; those ordered on finalizing, the home's.
            customer_name: source === 'hard_copies' ? video.family : null,
            order_date: orderDate,
            source,
            payment_terms_days: home.terms,
            paid_at: paid,
            paid_cents: paid ? total : null,
          })
          .returning('id');
        const shippedAfter = 2 + Math.floor(random() * 4);
        await trx('order_details').insert(
          lines.map((l) => ({
            order_id: order.id,
            product_id: l.product.id,
            quantity: l.quantity,
            unit_price_cents: l.product.price_cents,
            date_cancelled: l.cancelled ? new Date(orderDate.getTime() + day) : null,
            shipped_date: !l.cancelled && age > shippedAfter ? new Date(orderDate.getTime() + shippedAfter * day) : null,
          })),
        );
      }
    }
    await trx('system_settings').insert({ key: DEMO_REPORT_ORDERS_KEY, value: JSON.stringify({ at: now.toISOString() }) });
  });
}
