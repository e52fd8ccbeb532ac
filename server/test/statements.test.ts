import assert from 'node:assert/strict';
import type TestAgent from 'supertest/lib/agent.js';
import type { WireStatementHistory } from '../src/wire/statements.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const at = (iso: string) => new Date(iso);

describe("an organization's statement history (GET /r/statements/history)", function () {
  this.timeout(60_000);
  let h: Harness;
  let staff: TestAgent;
  let otherHome: TestAgent;
  let noBilling: TestAgent;
  let admin: TestAgent;
  const ids: Record<string, number> = {};

  before(async () => {
    h = await startHarness();
    const db = h.deps.db;
    const home = await makeOrganization(h.deps, 'Cedar Funeral Home');
    const other = await makeOrganization(h.deps, 'Dogwood Chapel');
    const plain = await makeOrganization(h.deps, 'Elm Memorial');
    await db('organizations').whereIn('id', [home.id, other.id]).update({ billing: true });
    staff = await h.agent(await makeUser(h.deps, { organizationId: home.id, role: 'staff' }));
    otherHome = await h.agent(await makeUser(h.deps, { organizationId: other.id, role: 'org_admin' }));
    noBilling = await h.agent(await makeUser(h.deps, { organizationId: plain.id, role: 'org_admin' }));
    admin = await h.agent(await makeUser(h.deps, { organizationId: null, role: 'super' }));
    const video = await makeVideo(h.deps, { organization_id: home.id, title: 'Agnes Holloway', finished: true });
    const otherVideo = await makeVideo(h.deps, { organization_id: other.id, title: 'Bertram Quill', finished: true });
    const [dvd, , usb] = await db('products').orderBy('sort_order').select('id');
    const order = async (key: string, values: Record<string, unknown>, lines: Record<string, unknown>[]) => {
      const [row] = await db('orders').insert(values).returning('id');
      ids[key] = row.id;
      await db('order_details').insert(lines.map((l) => ({ order_id: row.id, ...l })));
    };
    // March: two DVDs and a cancelled USB drive, unpaid and long overdue; a Blu-ray paid on 20 March with no amount recorded.
    await order('march', { video_id: video.id, organization_id: home.id, order_date: at('2026-03-02T10:00:00Z'), customer_name: 'Holloway family' }, [
      { product_id: dvd.id, quantity: 2, unit_price_cents: 2500 },
      { product_id: usb.id, quantity: 1, unit_price_cents: 4000, date_cancelled: at('2026-03-03T12:00:00Z') },
    ]);
    await order('marchPaid', { video_id: video.id, organization_id: home.id, order_date: at('2026-03-31T23:30:00Z'), paid_at: at('2026-04-20T08:00:00Z') }, [{ product_id: dvd.id, quantity: 1, unit_price_cents: 3500 }]);
    // April, paid a part by an integration that recorded the amount received.
    await order('april', { video_id: video.id, organization_id: null, order_date: at('2026-04-01T00:30:00Z'), paid_at: at('2026-04-10T08:00:00Z'), paid_cents: 3000 }, [{ product_id: usb.id, quantity: 1, unit_price_cents: 4000 }]);
    // Today: owed but not yet due.
    await order('recent', { video_id: video.id, organization_id: home.id, order_date: new Date() }, [{ product_id: dvd.id, quantity: 1, unit_price_cents: 2500 }]);
    // Another home's order, which no one here sees.
    await order('other', { video_id: otherVideo.id, organization_id: other.id, order_date: at('2026-03-05T10:00:00Z') }, [{ product_id: dvd.id, quantity: 1, unit_price_cents: 9900 }]);
  });
  after(async () => h.close());

  it('lists the home’s invoices as one statement per month, newest first, with what is paid and owed', async () => {
    const history = (await staff.get('/r/statements/history').expect(200)).body as WireStatementHistory;
    assert.equal(history.organization_name, 'Cedar Funeral Home');
    const thisMonth = new Date().toISOString().slice(0, 7);
    assert.deepEqual(history.statements.map((s) => s.month), [thisMonth, '2026-04', '2026-03']);
    const [now, april, march] = history.statements;
    assert.deepEqual(now.invoices.map((i) => [i.id, i.total_cents, i.overdue, i.paid_on]), [[ids.recent, 2500, false, null]]);
    // An order naming no organization is the home's through its video; a payment's amount is what was received.
    assert.deepEqual(april, {
      month: '2026-04',
      invoiced_cents: 4000,
      paid_cents: 3000,
      balance_cents: 0,
      invoices: [{ id: ids.april, order_date: '2026-04-01', video_title: 'Agnes Holloway', customer_name: null, copies: 1, total_cents: 4000, due_date: '2026-05-01', paid_on: '2026-04-10', paid_cents: 3000, overdue: false }],
    });
    // Cancelled lines are not owed; the late-evening order of 31 March is March's in UTC.
    assert.deepEqual(march.invoices.map((i) => i.id), [ids.marchPaid, ids.march]);
    assert.deepEqual([march.invoiced_cents, march.paid_cents, march.balance_cents], [8500, 3500, 5000]);
    const unpaid = march.invoices[1];
    assert.deepEqual([unpaid.copies, unpaid.due_date, unpaid.overdue, unpaid.customer_name], [2, '2026-04-01', true, 'Holloway family']);
    assert.equal(history.balance_cents, 7500);
    assert.equal(history.overdue_cents, 5000);
    assert.equal(history.truncated, false);
  });

  it('answers only the staff of an organization with billing on, each their own', async () => {
    const other = (await otherHome.get('/r/statements/history').expect(200)).body as WireStatementHistory;
    assert.deepEqual(other.statements.flatMap((s) => s.invoices.map((i) => i.id)), [ids.other]);
    await noBilling.get('/r/statements/history').expect(404);
    await admin.get('/r/statements/history').expect(404);
    await h.request().get('/r/statements/history').expect(401);
  });

  it('opens the home’s own invoices as PDFs, and no one else’s', async () => {
    const pdf = await staff.get(`/r/invoices/${ids.march}.pdf`).buffer(true).expect(200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(Buffer.from(pdf.body as Buffer).subarray(0, 5).toString('latin1'), '%PDF-');
    await staff.get(`/r/invoices/${ids.other}.pdf`).expect(404);
    await noBilling.get(`/r/invoices/${ids.march}.pdf`).expect(404);
    await admin.get(`/r/invoices/${ids.other}.pdf`).expect(200);
  });
});
