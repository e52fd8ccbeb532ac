import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { passwordHasher } from '../repositories/password.repository.ts';
import { newSecurityHash, newVideoCode } from '../repositories/video.repository.ts';
import { seedDemoObituary } from './demo-obituary.ts';
import { seedDemoReportOrders } from './demo-report-orders.ts';
import { seedDemoTribute } from './demo-tribute.ts';
import { DEMO_VIDEOS, seedDemoVideoMedia } from './demo-videos.ts';
import { LOOK_MODIFIERS } from './look-modifiers.ts';
import { seedStockMusic } from './stock-music.ts';
import { seedThemes } from './themes.ts';

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
}

const SEEDED_KEY = 'demo_seeded';

/** The password shown at every start: DEMO_PASSWORD, or one made at first start and kept in DATA_DIR. */
function demoPassword(config: Config): string {
  if (config.demoPassword) return config.demoPassword;
  const file = path.join(config.dataDir, 'demo-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const password = randomBytes(9).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

export async function seedLookModifiers(db: Db): Promise<void> {
  for (const [type, entries] of Object.entries(LOOK_MODIFIERS)) {
    const rows = entries.map((e, position) => ({
      type,
      id: e.id,
      label: e.label,
      position: position + 1,
      direction: e.direction ?? null,
      enabled: e.enabled ?? true,
    }));
    await db('look_modifiers').insert(rows).onConflict(['type', 'id']).merge(['label', 'position', 'direction', 'enabled']);
  }
}

export interface DemoSeedOptions {
  /** Photos in each demo video (all by default; tests take a few). */
  photos?: number;
  /** Fixed seconds a slide in the demo videos (tests keep them short). */
  slideSeconds?: number;
}

/**
 * Demo content for a new installation: runs once, then leaves every record alone. The videos it shows as made
 * are seeded finalized and unfinished, with their photos; queueDemoRenders (demo-renders.ts) has them rendered
 * once the library is prepared, so each shows Complete only once its files exist.
 */
export async function seedDemo(db: Db, config: Config, options: DemoSeedOptions = {}): Promise<DemoLogin[]> {
  const password = demoPassword(config);
  const logins: DemoLogin[] = [
    { email: 'staff@example.com', password, role: 'org_admin' },
    { email: 'admin@example.com', password, role: 'super' },
  ];
  await seedLookModifiers(db);
  await seedThemes(db, config);
  await seedStockMusic(db, config);
  if (!(await db('system_settings').where({ key: SEEDED_KEY }).first())) await seedDemoOrganization(db, password);
  // Browser tests start many short-lived servers: DEMO_TRIBUTE=0 spares them the photos and the renders.
  if (process.env.DEMO_TRIBUTE !== '0') await seedDemoVideoMedia(db, config, options);
  await seedDemoTribute(db, config, process.env, options);
  await seedDemoObituary(db);
  await seedDemoReportOrders(db);
  return logins;
}

async function seedDemoOrganization(db: Db, password: string): Promise<void> {
  await db.transaction(async (trx) => {
    await insertDemoOrganization(trx, password);
    await trx('system_settings').insert({ key: SEEDED_KEY, value: JSON.stringify({ at: new Date().toISOString() }) });
  });
}

/**
 * The demo organization: its brands, its staff user (org_admin), the demo videos with their orders, and (only for
 * the demo's own, when superEmail is given) the super user. Browser tests make more of them, each a tenant of its own
 * on one shared app, with a staff email of their own and no super user.
 */
export async function insertDemoOrganization(
  trx: Db,
  password: string,
  emails: { staff: string; super: string | null } = { staff: 'staff@example.com', super: 'admin@example.com' },
): Promise<{ organizationId: number; staffId: number }> {
  // Billing on, so the demo's staff see the drawer's Billing link and their statements (spec 1 section 2.10).
  const [org] = await trx('organizations').insert({ organization_name: 'Demo Funeral Home', billing_id_prompt: 'Case number', billing: true }).returning('*');
  await trx('brands').insert([
    { organization_id: org.id, name: 'Demo Funeral Home' },
    { organization_id: org.id, name: 'Riverside Chapel' },
  ]);
  const hash = await passwordHasher.hash(password);
  const [staff] = await trx('users')
    .insert({ organization_id: org.id, email: emails.staff, name: 'Sam Staff', role: 'org_admin', password_hash: hash })
    .returning('*');
  if (emails.super) await trx('users').insert({ organization_id: org.id, email: emails.super, name: 'Alex Admin', role: 'super', password_hash: hash });

  const day = 24 * 3600 * 1000;
  const videos = [];
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const [row] = await trx('videos')
      .insert({
        organization_id: org.id,
        user_id: staff.id,
        title: v.title,
        subtitle: v.subtitle,
        intro_text: v.intro_text,
        video_code: newVideoCode(),
        security_hash: newSecurityHash(),
        // Finalized, not finished: the seed renders it (seedDemoVideoMedia, queueDemoRenders) and the render marks it finished.
        date_in_queue: v.captions ? new Date(Date.now() - (i + 1) * day) : null,
        finished: false,
        viewed: v.captions ? 12 * (i + 3) : 0,
        created_at: new Date(Date.now() - (10 - i) * day),
      })
      .returning('*');
    videos.push(row);
  }

  // The copies come from the catalogue the migrations install; the demo adds the download its orders show (once).
  const catalogue = await trx('products').whereIn('kind', ['dvd', 'usb']).orderBy(['sort_order', 'id']).select('*');
  const download =
    (await trx('products').where({ kind: 'download', product_title: 'HD Download' }).orderBy('id').first()) ??
    (await trx('products')
      .insert({ product_title: 'HD Download', product_thumb_image: 'download.svg', kind: 'download', price_cents: 0, physical: false })
      .returning('*'))[0];
  const products = [...catalogue, download];
  const finalized = videos.filter((v) => v.date_in_queue);
  for (const [i, video] of finalized.entries()) {
    const [order] = await trx('orders')
      .insert({ video_id: video.id, user_id: staff.id, organization_id: org.id, order_date: new Date(Date.now() - i * day) })
      .returning('*');
    await trx('order_details').insert({
      order_id: order.id,
      product_id: products[i % products.length].id,
      unit_price_cents: products[i % products.length].price_cents,
      quantity: i + 1,
      shipped_date: i === 0 ? new Date() : null,
      tracking: i === 0 ? '1Z999AA10123456784' : null,
      date_cancelled: i === 2 ? new Date() : null,
    });
  }
  return { organizationId: org.id, staffId: staff.id };
}
