import type { Db } from '../../../server/src/db/database.ts';
import { passwordHasher } from '../../../server/src/repositories/password.repository.ts';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_EMAIL = 'bench@example.com';

export interface BenchOrganization {
  organizationId: number;
  userId: number;
  /** The video with 500 slides. */
  bigVideoId: number;
  /** Videos of the organization whose HD render is in progress, as a list page polls them. */
  renderingIds: number[];
  videoCount: number;
}

/**
 * The organization of issue 13's load goal, seeded in bulk (INSERT ... SELECT generate_series, never through the
 * services one by one): `videos` live videos of one organization (plus a few deleted), each with `slidesEach`
 * processed photo slides and, when finalized, HD and web renders; every tenth video has an order; one video has
 * `bigSlides` slides (photos, text slides, captions). Other organizations share the tables, as on a real server,
 * so that a query missing its index scans rows it does not need.
 */
export async function seedOrganization(
  db: Db,
  { videos = 2000, slidesEach = 20, bigSlides = 500, otherOrganizations = 3 } = {},
): Promise<BenchOrganization> {
  const [org] = await db('organizations').insert({ organization_name: 'Bench Funeral Home' }).returning<{ id: number }[]>('id');
  const [user] = await db('users')
    .insert({ organization_id: org.id, email: BENCH_EMAIL, name: 'Bench Staff', password_hash: await passwordHasher.hash(BENCH_PASSWORD) })
    .returning<{ id: number }[]>('id');

  const others: number[] = [];
  for (let i = 0; i < otherOrganizations; i += 1) {
    const [row] = await db('organizations').insert({ organization_name: `Other Home ${i + 1}` }).returning<{ id: number }[]>('id');
    others.push(row.id);
  }
  // Videos of all organizations interleaved by id, as they would be on a server many homes use.
  const orgs = [org.id, ...others];
  // Whole numbers of our own making, written into the statement (a bound parameter has no type for \`g / n\`).
  const n = orgs.length;
  await db.raw(
    `INSERT INTO videos (organization_id, user_id, video_code, security_hash, title, subtitle, intro_text, theme_id,
                         date_in_queue, finished, viewed, deleted_at, created_at, updated_at)
     SELECT ('{${orgs.join(',')}}'::int[])[1 + g % ${n}], CASE WHEN g % ${n} = 0 THEN ${user.id} END,
            md5('code' || g), md5('hash' || g), 'In Loving Memory of Person ' || g, '1940 - 2026', 'Forever in our hearts', 2,
            CASE WHEN (g / ${n}) % 3 <> 0 THEN now() - (g || ' minutes')::interval END,
            (g / ${n}) % 3 <> 0 AND (g / ${n}) % 40 <> 1,
            (g * 37) % 5000,
            CASE WHEN (g / ${n}) % 97 = 0 THEN now() END,
            now() - ((${videos * n} - g) || ' minutes')::interval, now()
     FROM generate_series(1, ${videos * n}) AS g`,
  );
  await db.raw(
    `INSERT INTO slides (video_id, position, orig_path, orig_filename, mime, sha256, width, height, bytes, processing_state, slide_caption)
     SELECT v.id, p, 'videos/' || v.id || '/slides/' || p || '/original.jpg', 'photo-' || p || '.jpg', 'image/jpeg',
            md5(v.id || '-' || p) || md5(p || '-' || v.id), 4000, 3000, 3500000, 'ready', ''
     FROM videos v, generate_series(0, ${slidesEach - 1}) AS p`,
  );
  // Finalized videos have their HD and web renders; a few are still rendering (the generation status polls those).
  await db.raw(
    `INSERT INTO renders (video_id, kind, hash, status, progress, message, created_at, updated_at)
     SELECT v.id, k.kind, md5(v.id || k.kind), CASE WHEN v.finished THEN 'done' ELSE 'rendering' END,
            CASE WHEN v.finished THEN 100 ELSE 40 END, '', v.date_in_queue, v.date_in_queue
     FROM videos v CROSS JOIN (VALUES ('hd'), ('web')) AS k(kind)
     WHERE v.date_in_queue IS NOT NULL AND (v.finished OR k.kind = 'hd')`,
  );
  await db.raw(
    `INSERT INTO orders (video_id, user_id, organization_id, order_date, created_at, updated_at)
     SELECT v.id, v.user_id, v.organization_id, v.created_at, v.created_at, v.created_at FROM videos v WHERE v.id % 10 = 0`,
  );
  await db.raw(
    `INSERT INTO order_details (order_id, product_id, quantity, unit_price_cents)
     SELECT o.id, p.id, 1 + o.id % 3, p.price_cents FROM orders o CROSS JOIN products p WHERE p.id <= 2`,
  );

  const [big] = await db('videos')
    .insert({ organization_id: org.id, user_id: user.id, video_code: 'bench-big', security_hash: 'bench-big-hash', title: 'Five Hundred Slides', theme_id: 2 })
    .returning<{ id: number }[]>('id');
  await db.raw(
    `INSERT INTO slides (video_id, position, is_text, orig_path, orig_filename, mime, sha256, width, height, bytes,
                         processing_state, slide_caption, crop, effect_data)
     SELECT ${big.id}, p, p % 25 = 24, CASE WHEN p % 25 <> 24 THEN 'videos/${big.id}/slides/' || p || '/original.jpg' END,
            'photo-' || p || '.jpg', 'image/jpeg', md5('big' || p) || md5(p || 'big'), 4000, 3000, 3500000, 'ready',
            CASE WHEN p % 3 = 0 THEN 'Summer ' || (1950 + p % 70) ELSE '' END,
            CASE WHEN p % 5 = 0 THEN '{"x1": 1000, "x2": 31000, "y1": 2000, "y2": 30000}'::jsonb END,
            CASE WHEN p % 7 = 0 THEN '{"kenburns": [{"x1": 0, "x2": 32000, "y1": 0, "y2": 18000}, {"x1": 4000, "x2": 28000, "y1": 2000, "y2": 15500}]}'::jsonb END
     FROM generate_series(0, ${bigSlides - 1}) AS p`,
  );
  await db.raw('ANALYZE');

  const rendering = await db('videos')
    .where({ organization_id: org.id, finished: false })
    .whereNotNull('date_in_queue')
    .whereNull('deleted_at')
    .orderBy('id', 'desc')
    .pluck<number[]>('id');
  const [{ count }] = await db('videos').where({ organization_id: org.id }).whereNull('deleted_at').count<{ count: string }[]>({ count: '*' });
  return { organizationId: org.id, userId: user.id, bigVideoId: big.id, renderingIds: rendering, videoCount: Number(count) };
}
