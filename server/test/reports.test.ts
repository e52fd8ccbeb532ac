import assert from 'node:assert/strict';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';
import type TestAgent from 'supertest/lib/agent.js';
import { REPORT_NAMES } from '../../common/reports.ts';
import type { WireReport } from '../src/wire/reports.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

/** A content or CMap stream's text, inflated. */
const streamText = (doc: PDFDocument, ref: unknown) => Buffer.from(decodePDFRawStream(doc.context.lookup(ref as PDFRef) as PDFRawStream).decode()).toString('latin1');

/**
 * The words a PDF page shows, read back the way a viewer copies them: each glyph id of a Tj string looked up in
 * the ToUnicode map of the font selected by the last Tf (pdf-lib writes embedded fonts as glyph ids).
 */
function pageText(doc: PDFDocument, page: PDFPage): string {
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts.entries()) {
    const cmap = streamText(doc, (doc.context.lookup(ref) as PDFDict).get(PDFName.of('ToUnicode')));
    const map = new Map<string, string>();
    for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, gid, unicode] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        map.set(gid.toUpperCase(), String.fromCodePoint(...(unicode.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))));
      }
    }
    maps.set(name.asString(), map);
  }
  const contents = page.node.Contents()!;
  const source = contents instanceof PDFArray ? contents.asArray().map((ref) => streamText(doc, ref)).join('\n') : streamText(doc, page.node.get(PDFName.of('Contents')));
  let font = new Map<string, string>();
  const words: string[] = [];
  for (const [, fontName, hex] of source.matchAll(/(\/[^\s]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]+)>\s*Tj/g)) {
    if (fontName) font = maps.get(fontName) ?? new Map();
    else words.push((hex.match(/.{4}/g) ?? []).map((gid) => font.get(gid.toUpperCase()) ?? '?').join(''));
  }
  return words.join(' ');
}

const at = (iso: string) => new Date(iso);

describe('super users’ statistics and reports (/r/reports)', function () {
  this.timeout(60_000);
  let h: Harness;
  let admin: TestAgent;
  let staff: TestAgent;
  const ids: Record<string, number> = {};

  const report = async (name: string, query: Record<string, string>) => (await admin.get(`/r/reports/${name}`).query(query).expect(200)).body as WireReport;
  const row = (r: WireReport, first: string | number) => r.rows.find((cells) => cells[0] === first);

  before(async () => {
    h = await startHarness();
    const db = h.deps.db;
    const orgA = await makeOrganization(h.deps, 'Alder Funeral Home');
    await db('organizations').where({ id: orgA.id }).update({ partner_name: 'Partner X' });
    // A name a spreadsheet would run as a formula, with a comma and quotes: the CSV must keep it as text.
    const orgB = await makeOrganization(h.deps, '=Birch, "Chapel"');
    admin = await h.agent(await makeUser(h.deps, { organizationId: null, role: 'super' }));
    staff = await h.agent(await makeUser(h.deps, { organizationId: orgA.id, role: 'org_admin' }));
    const videoA = await makeVideo(h.deps, { organization_id: orgA.id, title: 'Agnes Holloway', date_in_queue: at('2026-03-02T09:00:00Z'), finished: true });
    const videoB = await makeVideo(h.deps, { organization_id: orgB.id, title: 'Bertram Quill', date_in_queue: at('2026-03-20T09:00:00Z') });
    const [dvd, bluray, usb] = await db('products').orderBy('sort_order').select('id');
    const order = async (key: string, values: Record<string, unknown>, lines: Record<string, unknown>[]) => {
      const [row] = await db('orders').insert(values).returning('id');
      ids[key] = row.id;
      await db('order_details').insert(lines.map((l) => ({ order_id: row.id, ...l })));
    };
    // Monday 2 March: 2 DVDs sold, a USB drive cancelled; the DVDs shipped on the 5th.
    await order('first', { video_id: videoA.id, organization_id: orgA.id, order_date: at('2026-03-02T10:00:00Z'), customer_name: 'Holloway family' }, [
      { product_id: dvd.id, quantity: 2, unit_price_cents: 2500, shipped_date: at('2026-03-05T12:00:00Z') },
      { product_id: usb.id, quantity: 1, unit_price_cents: 4000, date_cancelled: at('2026-03-03T12:00:00Z') },
    ]);
    // Sunday 8 March, late in the evening in UTC: still the week of 2 March, whatever the connection's time zone.
    await order('second', { video_id: videoA.id, organization_id: orgA.id, order_date: at('2026-03-08T23:30:00Z') }, [{ product_id: bluray.id, quantity: 1, unit_price_cents: 3500 }]);
    // Monday 9 March just after midnight, the other home (its own price, 15-day terms); the order names no organization.
    await order('third', { video_id: videoB.id, organization_id: null, order_date: at('2026-03-09T00:30:00Z'), payment_terms_days: 15 }, [{ product_id: dvd.id, quantity: 3, unit_price_cents: 2000 }]);
    // 1 April, paid on the 10th.
    await order('fourth', { video_id: videoA.id, organization_id: orgA.id, order_date: at('2026-04-01T15:00:00Z'), paid_at: at('2026-04-10T08:00:00Z'), paid_cents: 4000 }, [{ product_id: usb.id, quantity: 1, unit_price_cents: 4000 }]);
    // Unpaid but not yet due, and old but wholly cancelled: neither is overdue.
    await order('recent', { video_id: videoA.id, organization_id: orgA.id, order_date: new Date() }, [{ product_id: dvd.id, quantity: 1, unit_price_cents: 2500 }]);
    await order('cancelled', { video_id: videoA.id, organization_id: orgA.id, order_date: at('2025-12-01T10:00:00Z') }, [{ product_id: dvd.id, quantity: 1, unit_price_cents: 2500, date_cancelled: at('2025-12-02T10:00:00Z') }]);
    // Renders: one HD done (2 minutes), one failed, one superseded by a newer render (not a failure).
    const render = (values: Record<string, unknown>) => db('renders').insert({ video_id: videoA.id, kind: 'hd', hash: 'h', ...values });
    await render({ status: 'done', duration: 120, finished_at: at('2026-03-03T10:00:00Z') });
    await render({ status: 'failed', error: 'ffmpeg exited 1', updated_at: at('2026-03-04T10:00:00Z') });
    await render({ status: 'failed', error: 'superseded', updated_at: at('2026-03-04T11:00:00Z') });
    await render({ kind: 'web', status: 'done', duration: 120, finished_at: at('2026-03-03T10:00:00Z') });
    ids.orgA = orgA.id;
  });
  after(async () => h.close());

  const RANGE = { from: '2026-03-01', to: '2026-04-05' };

  it('counts sales by day, week (from Monday) and month in UTC, with totals', async () => {
    const byDay = await report('sales_main', { ...RANGE, period: 'day' });
    assert.deepEqual(byDay.columns.map((c) => c.label), ['Period', 'Orders', 'Copies', 'Revenue', 'Cancelled copies']);
    assert.equal(byDay.rows.length, 36, 'every day of the range, empty ones too');
    assert.deepEqual(row(byDay, '2026-03-02'), ['2026-03-02', 1, 2, 5000, 1]);
    assert.deepEqual(row(byDay, '2026-03-08'), ['2026-03-08', 1, 1, 3500, 0]);
    assert.deepEqual(row(byDay, '2026-03-09'), ['2026-03-09', 1, 3, 6000, 0]);
    assert.deepEqual(row(byDay, '2026-03-10'), ['2026-03-10', 0, 0, 0, 0]);
    assert.deepEqual(byDay.totals, ['Total', 4, 7, 18500, 1]);

    const byWeek = await report('sales_main', { ...RANGE, period: 'week' });
    assert.deepEqual(byWeek.rows.map((r) => r[0]), ['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    assert.deepEqual(row(byWeek, '2026-03-02'), ['2026-03-02', 2, 3, 8500, 1]);
    assert.deepEqual(row(byWeek, '2026-03-09'), ['2026-03-09', 1, 3, 6000, 0]);
    assert.deepEqual(row(byWeek, '2026-03-30'), ['2026-03-30', 1, 1, 4000, 0]);

    const byMonth = await report('sales_main', { ...RANGE, period: 'month' });
    assert.deepEqual(byMonth.rows, [
      ['2026-03-01', 3, 6, 14500, 1],
      ['2026-04-01', 1, 1, 4000, 0],
    ]);
    // The organization filter finds an order through its video when the order names none.
    const home = await report('sales_main', { ...RANGE, period: 'month', organization_id: String(ids.orgA) });
    assert.deepEqual(home.rows[0], ['2026-03-01', 2, 3, 8500, 1]);
    // The page opened from its address shows the organization's name in the filter.
    assert.equal(home.filters.organization_name, 'Alder Funeral Home');
    assert.equal(byMonth.filters.organization_name, null);
  });

  it('counts production: videos finalized, HD renders done and failed, minutes and copies shipped', async () => {
    const byWeek = await report('production', { ...RANGE, period: 'week' });
    assert.deepEqual(byWeek.columns.map((c) => c.key), ['period', 'finalized', 'renders', 'failed', 'minutes', 'shipped']);
    assert.deepEqual(row(byWeek, '2026-03-02'), ['2026-03-02', 1, 1, 1, 2, 2]);
    assert.deepEqual(row(byWeek, '2026-03-16'), ['2026-03-16', 1, 0, 0, 0, 0]);
    assert.deepEqual(byWeek.totals, ['Total', 2, 1, 1, 2, 2]);
  });

  it('lists overdue statements, payments, invoices and partner figures', async () => {
    const overdue = await report('overdue_statements', {});
    assert.deepEqual(overdue.rows.map((r) => [r[0], r[1], r[2], r[3], r[5]]), [
      ['Alder Funeral Home', 'Partner X', 2, '2026-04-01', 8500],
      ['=Birch, "Chapel"', '', 1, '2026-03-24', 6000],
    ]);
    const collections = await report('collections', { from: '2026-04-01', to: '2026-04-30' });
    assert.deepEqual(collections.rows, [['2026-04-10', ids.fourth, 'Alder Funeral Home', 4000, 4000, 9]]);
    const invoices = await report('print_invoices', RANGE);
    assert.deepEqual(invoices.rows.map((r) => r[0]), [ids.fourth, ids.third, ids.second, ids.first]);
    assert.deepEqual(row(invoices, ids.first), [ids.first, '2026-03-02', 'Alder Funeral Home', 'Agnes Holloway', 'Holloway family', 2, 5000, '2026-04-01', null]);
    const affiliates = await report('affiliate_index', RANGE);
    assert.deepEqual(affiliates.rows, [
      ['Partner X', 1, 1, 3, 4, 12500],
      ['No partner', 1, 1, 1, 3, 6000],
    ]);
  });

  it('exports the rows as CSV: money in units, text quoted and kept from formulas, a totals line', async () => {
    const sales = await admin.get('/r/reports/sales_main/csv').query({ ...RANGE, period: 'month' }).expect(200);
    assert.match(sales.headers['content-type'], /^text\/csv/);
    assert.equal(sales.headers['content-disposition'], 'attachment; filename="sales_main_2026-03-01_to_2026-04-05.csv"');
    assert.equal(sales.text, '\uFEFFPeriod,Orders,Copies,Revenue,Cancelled copies\r\n2026-03-01,3,6,145.00,1\r\n2026-04-01,1,1,40.00,0\r\nTotal,4,7,185.00,1\r\n');
    const overdue = await admin.get('/r/reports/overdue_statements/csv').expect(200);
    const daysOverdue = Math.round((Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse('2026-03-24')) / (24 * 3600 * 1000));
    assert.equal(overdue.text.split('\r\n')[2], `"'=Birch, ""Chapel""",,1,2026-03-24,${daysOverdue},60.00`);
  });

  it('prints an invoice as a PDF holding its total, and the listed invoices as one PDF', async () => {
    const one = await admin.get(`/r/invoices/${ids.first}.pdf`).responseType('blob').expect(200);
    assert.equal(one.headers['content-type'], 'application/pdf');
    const doc = await PDFDocument.load(one.body as Buffer);
    assert.equal(doc.getPageCount(), 1);
    const text = pageText(doc, doc.getPage(0));
    assert.match(text, /INVOICE/);
    assert.match(text, new RegExp(`Invoice number ${ids.first}`));
    assert.match(text, /Total \$50\.00/, text);
    assert.match(text, /Keepsake USB Drive \(cancelled\)/);
    assert.match(text, /Balance due \$50\.00/);

    const all = await admin.get('/r/reports/print_invoices/pdf').query(RANGE).responseType('blob').expect(200);
    const batch = await PDFDocument.load(all.body as Buffer);
    assert.equal(batch.getPageCount(), 4);
    assert.match(pageText(batch, batch.getPage(0)), /Paid on 2026-04-10 \$40\.00 Balance due \$0\.00/);
    await admin.get('/r/invoices/999999.pdf').expect(404);
  });

  it('refuses malformed filters with a message', async () => {
    const bad = async (query: Record<string, string>, message: RegExp) => assert.match((await admin.get('/r/reports/sales_main').query(query).expect(400)).body.errors[0], message);
    await bad({ from: '2026-02-30' }, /From must be a date/);
    await bad({ from: '2026-04-01', to: '2026-03-01' }, /From must not be after To/);
    await bad({ period: 'year' }, /period must be one of day, week, month/);
    await bad({ from: '2024-01-01', to: '2026-01-01', period: 'day' }, /more than 400 days/);
    await bad({ organization_id: 'x' }, /organization_id must be a number/);
    await admin.get('/r/reports/nonsense').expect(404);
  });

  it('answers 404 to anyone but a super user, for every call', async () => {
    const calls = [...REPORT_NAMES.flatMap((name) => [`/r/reports/${name}`, `/r/reports/${name}/csv`]), '/r/reports/print_invoices/pdf', `/r/invoices/${ids.first}.pdf`];
    for (const url of calls) {
      const res = await staff.get(url).expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] }, url);
      assert.notEqual((await h.request().get(url)).status, 200, url);
    }
  });
});
