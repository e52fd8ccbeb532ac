import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { CUSTOM_THEME_BASE_ID } from '../../common/custom-theme.ts';
import type TestAgent from 'supertest/lib/agent.js';
import { themeFilesRepository } from '../src/repositories/theme-files.repository.ts';
import { themeRepository } from '../src/repositories/theme.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { themeRow } from '../src/seed/themes.ts';
import { THEMES } from '../src/themes/catalogue.ts';
import { assetVersion, partFiles, themeFolder } from '../src/themes/theme-assets.service.ts';
import { makeOrganization, makeUser, makeVideo, ORIGIN, startHarness, type Harness } from './harness.ts';

/** Avery 8960 in PDF points (y up from the sheet's foot): centres 4.25 in across, 3 in and 8 in down; 4 5/8 in discs. */
const PAGE = { width: 612, height: 792 };
const TOP = { x: 306, y: 792 - 216 };
const BOTTOM = { x: 306, y: 792 - 576 };
const RADIUS = 166.5;

interface Op {
  op: string;
  args: number[];
}

/** The page's drawing operators with their numeric operands, from its (inflated) content streams. */
function operators(doc: PDFDocument, page: PDFPage): Op[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const text = streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
  const ops: Op[] = [];
  let args: number[] = [];
  for (const token of text.match(/<[0-9A-Fa-f]*>|\/[^\s/[\]<>()]+|\[|\]|[^\s[\]<>/()]+/g) ?? []) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token)) args.push(Number(token));
    else if (/^[A-Za-z*'"]+$/.test(token)) {
      ops.push({ op: token, args });
      args = [];
    }
  }
  return ops;
}

/** Every circle drawn as moveto + four curves + close: its centre and radius. */
function circles(ops: Op[]): { x: number; y: number; r: number }[] {
  const found: { x: number; y: number; r: number }[] = [];
  for (let i = 0; i + 5 < ops.length; i++) {
    if (ops[i].op !== 'm' || ops.slice(i + 1, i + 5).some((o) => o.op !== 'c') || ops[i + 5].op !== 'h') continue;
    const points = [ops[i].args, ...ops.slice(i + 1, i + 5).map((o) => o.args)].flat();
    const xs = points.filter((_, k) => k % 2 === 0);
    const ys = points.filter((_, k) => k % 2 === 1);
    const round = (v: number) => Math.round(v * 100) / 100;
    found.push({ x: round((Math.min(...xs) + Math.max(...xs)) / 2), y: round((Math.min(...ys) + Math.max(...ys)) / 2), r: round((Math.max(...xs) - Math.min(...xs)) / 2) });
  }
  return found;
}

/** The QR code as the PDF draws it (the largest run of filled rectangles), painted into pixels and read. */
function pdfQr(ops: Op[]): string | null {
  let best: number[][] = [];
  let group: number[][] = [];
  for (const { op, args } of ops) {
    if (op === 're') group.push(args);
    else if (op === 'f') {
      if (group.length > best.length) best = group;
      group = [];
    } else if (op !== 'rg') group = [];
  }
  if (best.length < 20) return null;
  const left = Math.min(...best.map((r) => r[0]));
  const bottom = Math.min(...best.map((r) => r[1]));
  const right = Math.max(...best.map((r) => r[0] + r[2]));
  const top = Math.max(...best.map((r) => r[1] + r[3]));
  const scale = 6;
  const margin = 40;
  const width = Math.ceil((right - left) * scale) + 2 * margin;
  const height = Math.ceil((top - bottom) * scale) + 2 * margin;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x, y, w, h] of best) {
    for (let py = Math.round((top - y - h) * scale); py < Math.round((top - y) * scale); py++) {
      for (let px = Math.round((x - left) * scale); px < Math.round((x - left + w) * scale); px++) {
        pixels.fill(0, ((py + margin) * width + px + margin) * 4, ((py + margin) * width + px + margin) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, width, height)?.data ?? null;
}

async function jpgQr(jpg: Buffer): Promise<string | null> {
  const { data, info } = await sharp(jpg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

function imageCount(doc: PDFDocument): number {
  return doc.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
}

describe('print-ready labels (/stationeries)', function () {
  this.timeout(60_000);
  let h: Harness;
  let staff: TestAgent;
  let video: VideoRow;
  let orgId: number;

  const path = (product: string, ext = 'pdf', code = video.video_code) => `/stationeries/${product}/${code}.${ext}`;
  const get = (agent: TestAgent, url: string, query: Record<string, string> = {}) => agent.get(url).query(query).responseType('blob');
  const pdf = async (query: Record<string, string>, product = 'dvd_label') => {
    const res = await get(staff, path(product), query).expect(200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    const doc = await PDFDocument.load(res.body as Buffer);
    return { doc, page: doc.getPage(0), ops: operators(doc, doc.getPage(0)) };
  };
  const labels = (ops: Op[]) => circles(ops).filter((c) => c.r > 100);
  const holes = (ops: Op[]) => circles(ops).filter((c) => c.r < 100);

  before(async () => {
    h = await startHarness();
    // The theme's pictures are planted (a red DVD artwork) under the version its design names, so nothing is drawn.
    const design = THEMES.find((t) => t.id === 4)!;
    await themeRepository(h.deps.db).upsert([themeRow(design)]);
    const red = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#d01010' } }).jpeg().toBuffer();
    const planted = themeFilesRepository(h.deps.repos.storage, null);
    await planted.writeSet(themeFolder(design.id), {}, assetVersion(design), partFiles('opening').marker);
    await planted.writeSet(themeFolder(design.id), { 'dvd.jpg': red }, assetVersion(design), partFiles('closing').marker);
    orgId = (await makeOrganization(h.deps, 'Brooks & Sons')).id;
    const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#1f4e79ff' } }).png().toBuffer();
    await h.deps.repos.storage.write(`organizations/${orgId}/logo.png`, logo);
    await h.deps.db('organizations').where({ id: orgId }).update({ logo_path: `organizations/${orgId}/logo.png` });
    const user = await makeUser(h.deps, { organizationId: orgId });
    staff = await h.agent(user);
    video = await makeVideo(h.deps, {
      organization_id: orgId,
      title: 'Walter "Walt" Brooks',
      subtitle: '1941 – 2026',
      theme_id: design.id,
      use_logo: true,
      obit_url: 'https://cedar.example/obituaries/walter-brooks',
    });
  });
  after(async () => h.close());

  it('draws the two-per-page sheet on US Letter with the labels at the Avery 8960 positions', async () => {
    const { page, ops } = await pdf({ dual: '3', bleed: 'false', dvd_label_size: 'small' });
    assert.deepEqual(page.getSize(), PAGE);
    assert.deepEqual(labels(ops), [
      { ...TOP, r: RADIUS },
      { ...BOTTOM, r: RADIUS },
    ]);
    assert.deepEqual(holes(ops), [
      { ...TOP, r: 29.25 },
      { ...BOTTOM, r: 29.25 },
    ]);
  });

  it('moves a label by its offsets, 72 points an inch (negative left and up), and leaves the other where it was', async () => {
    const { ops } = await pdf({ dual: '3', bleed: 'false', adj_top_x: '0.25', adj_top_y: '-0.5', adj_bottom_x: '-0.1' });
    assert.deepEqual(labels(ops), [
      { x: TOP.x + 18, y: TOP.y + 36, r: RADIUS },
      { x: BOTTOM.x - 7.2, y: BOTTOM.y, r: RADIUS },
    ]);
  });

  it('prints the top or the bottom label alone, a large hole, and bleed past the cut', async () => {
    assert.deepEqual(labels((await pdf({ dual: '1', bleed: 'false' })).ops), [{ ...TOP, r: RADIUS }]);
    const bottom = await pdf({ dual: '2', bleed: 'true', dvd_label_size: 'large' });
    assert.deepEqual(labels(bottom.ops), [{ ...BOTTOM, r: RADIUS + 4.5 }]);
    assert.deepEqual(holes(bottom.ops), [{ ...BOTTOM, r: 56.25 - 4.5 }]);
  });

  it("draws a single label on a page of its own, with the theme's artwork and the organization's logo", async () => {
    const { doc, page, ops } = await pdf({ dual: '0' });
    const { width, height } = page.getSize();
    assert.equal(width, height);
    assert.deepEqual(labels(ops), [{ x: width / 2, y: height / 2, r: RADIUS }]);
    assert.equal(imageCount(doc), 2, 'artwork and logo');
    await h.deps.db('videos').where({ id: video.id }).update({ use_logo: false });
    try {
      assert.equal(imageCount((await pdf({ dual: '0' })).doc), 1, 'a video that does not use the logo has none');
    } finally {
      await h.deps.db('videos').where({ id: video.id }).update({ use_logo: true });
    }
  });

  it("puts a QR code of the video's link on the PDF and the JPG, and none when it is turned off", async () => {
    const link = `${ORIGIN}/videos/embedded_video/${video.video_code}`;
    assert.equal(pdfQr((await pdf({ dual: '1' })).ops), link);
    const jpg = await get(staff, path('dvd_label', 'jpg'), { dual: '1' }).expect(200);
    assert.equal(jpg.headers['content-type'], 'image/jpeg');
    assert.equal(await jpgQr(jpg.body as Buffer), link);
    assert.equal(pdfQr((await pdf({ dual: '1', show_qr_code: 'false' })).ops), null);
    // The JPG is the same layout: the label's face is the theme's (red) artwork at the left of the top label.
    const { data, info } = await sharp(jpg.body as Buffer).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((Math.round(y * 150 / 72) * info.width + Math.round(x * 150 / 72)) * 3, (Math.round(y * 150 / 72) * info.width + Math.round(x * 150 / 72)) * 3 + 3)];
    const [r, g, b] = at(306 - 150, 216);
    assert.ok(r > 180 && g < 60 && b < 60, `artwork pixel ${[r, g, b]}`);
  });

  it("uses a custom theme's own intro picture as the artwork", async () => {
    const base = THEMES.find((t) => t.id === CUSTOM_THEME_BASE_ID)!;
    await themeRepository(h.deps.db).upsert([themeRow(base)]);
    await themeFilesRepository(h.deps.repos.storage, null).writeSet(themeFolder(base.id), {}, assetVersion(base));
    const green = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#10b020' } }).jpeg().toBuffer();
    await h.deps.repos.storage.write(`custom-themes/${orgId}/intro.jpg`, green);
    const [custom] = await h.deps.db('custom_themes')
      .insert({ theme_id: base.id, organization_id: orgId, title: 'Ours', design: JSON.stringify({ intro_enabled: true, intro_image: `custom-themes/${orgId}/intro.jpg` }) })
      .returning<{ id: number }[]>('id');
    await h.deps.db('videos').where({ id: video.id }).update({ theme_id: base.id, custom_theme_id: custom.id });
    try {
      const jpg = await get(staff, path('dvd_label', 'jpg'), { dual: '0' }).expect(200);
      const { data, info } = await sharp(jpg.body as Buffer).raw().toBuffer({ resolveWithObject: true });
      const offset = (Math.round(info.height / 2) * info.width + Math.round(info.width * 0.1)) * 3;
      const [r, g, b] = data.subarray(offset, offset + 3);
      assert.ok(g > 140 && r < 60 && b < 80, `artwork pixel ${[r, g, b]}`);
    } finally {
      await h.deps.db('videos').where({ id: video.id }).update({ theme_id: 4, custom_theme_id: null });
    }
  });

  it('puts the QR code on the case insert and the video book insert too', async () => {
    const link = `${ORIGIN}/videos/embedded_video/${video.video_code}`;
    for (const product of ['dvd_jacket', 'video_book_insert']) {
      const { ops } = await pdf({}, product);
      assert.equal(pdfQr(ops), link, product);
      const jpg = await get(staff, path(product, 'jpg')).expect(200);
      assert.equal(await jpgQr(jpg.body as Buffer), link, `${product} jpg`);
    }
  });

  it("encodes the obituary's address only where the organization allows it and the video has one", async () => {
    const refused = await staff.get(path('dvd_label')).query({ obituary_qr: 'true' }).expect(400);
    assert.match(refused.body.errors[0], /obituary QR/);
    await h.deps.db('organizations').where({ id: orgId }).update({ obituary_qr_link: true });
    assert.equal(pdfQr((await pdf({ dual: '1', obituary_qr: 'true' })).ops), 'https://cedar.example/obituaries/walter-brooks');
    const read = await staff.get(`/r/videos/${video.id}`).expect(200);
    assert.equal(read.body.obituary_qr_link, true);
  });

  it('names the file after the title, inline', async () => {
    const res = await get(staff, path('dvd_jacket')).expect(200);
    assert.equal(res.headers['content-disposition'], `inline; filename="Walter Walt Brooks DVD case insert.pdf"; filename*=UTF-8''Walter%20Walt%20Brooks%20DVD%20case%20insert.pdf`);
  });

  it('prints the Photo CD label for super users only (spec 3 section 6); staff find nothing there', async () => {
    await get(staff, path('photo_cd_label')).expect(404);
    const admin = await h.agent(await makeUser(h.deps, { role: 'super' }));
    const res = await get(admin, path('photo_cd_label')).expect(200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(res.headers['content-disposition'], /Walter Walt Brooks Photo CD label\.pdf/);
    const jpg = await get(admin, path('photo_cd_label', 'jpg')).expect(200);
    assert.equal(jpg.headers['content-type'], 'image/jpeg');
  });

  it('answers 400 naming a setting that is not valid', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ adj_top_x: 'left' }, /^adj_top_x: Enter a number of inches/],
      [{ adj_bottom_y: '3' }, /^adj_bottom_y: Enter a number of inches from -2 to 2/],
      [{ bleed: 'maybe' }, /^bleed must be true or false/],
      [{ dual: '4' }, /^dual must be one of: 0, 1, 2, 3/],
      [{ dvd_label_size: 'huge' }, /^dvd_label_size must be one of: small, large/],
      [{ show_qr_code: 'yes' }, /^show_qr_code must be true or false/],
      [{ colour: 'red' }, /^colour is not a label setting/],
    ];
    for (const [query, message] of cases) {
      const res = await staff.get(path('dvd_label')).query(query).expect(400);
      assert.match(res.headers['content-type'], /json/);
      assert.match(res.body.errors[0], message);
    }
  });

  it('answers a JSON 404 for another organization, a family link, nobody, and an unknown product, format or code', async () => {
    const other = await h.agent(await makeUser(h.deps, { organizationId: (await makeOrganization(h.deps)).id }));
    const checks: [TestAgent | ReturnType<Harness['request']>, string, Record<string, string>][] = [
      [other, path('dvd_label'), {}],
      [h.request(), path('dvd_label'), { security_hash: video.security_hash }],
      [h.request(), path('dvd_label', 'jpg'), {}],
      [staff, path('cd_label'), {}],
      [staff, path('dvd_label', 'png'), {}],
      [staff, path('dvd_label', 'pdf', 'ffffffffffffffffffffffffffffffff'), {}],
      [staff, path('dvd_label', 'pdf', '../etc'), {}],
    ];
    await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 1 });
    for (const [agent, url, query] of checks) {
      const res = await agent.get(url).query(query).expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] }, url);
    }
  });
});
