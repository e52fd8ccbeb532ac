import assert from 'node:assert/strict';
import { REPORTS } from '../../common/reports.ts';
import { superUserSession } from './admin-page.ts';
import { checkAccessibility } from './harness.ts';

/** The super drawer's six statistics and report pages on the demo seed's orders (seed/demo-report-orders.ts). */
describe('statistics and reports pages', function () {
  this.timeout(120_000);
  const ui = superUserSession('reports');

  const bodyRows = () => ui.page.$$eval('main table tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const waitForRows = () => ui.page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length > 0 && !document.querySelector('main [role="progressbar"]'), { timeout: 20_000 });
  /** The CSV the Export CSV link downloads, fetched with the page's own session. */
  const exportedCsv = async () => {
    const href = await ui.page.$eval('main a[download]', (a) => a.getAttribute('href'));
    return ui.page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, href);
  };

  it('opens every page from the drawer with the seeded figures, charts, a CSV export and no serious axe problem', async () => {
    for (const report of REPORTS) {
      await ui.page.goto(`${ui.app.url}${report.path}`, { waitUntil: 'networkidle0' });
      await ui.page.waitForSelector(`::-p-xpath(//main//h1[normalize-space()="${report.title}"])`);
      await waitForRows();
      const rows = await bodyRows();
      assert.ok(rows.length > 0, `${report.path} shows rows`);
      if (report.byPeriod) {
        // Two charts, each an SVG with drawn marks (bars are rects or paths, lines are paths).
        await ui.page.waitForFunction(() => [...document.querySelectorAll('main figure')].filter((f) => f.querySelector('svg path, svg rect')).length === 2, { timeout: 20_000 });
        const marks = await ui.page.$$eval('main figure', (figures) => figures.map((f) => f.querySelectorAll('svg path, svg rect').length));
        assert.ok(marks.every((n) => n > 3), `${report.path} charts draw marks: ${marks}`);
      }
      const csv = await exportedCsv();
      assert.match(csv.type ?? '', /^text\/csv/);
      const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      const headings = await ui.page.$$eval('main table thead th', (cells) => cells.map((c) => c.textContent));
      assert.equal(lines[0], headings.filter((h) => h !== 'PDF').join(','), `${report.path} CSV headings`);
      // Every row of the report (the page shows up to 50 at a time) plus the heading and totals lines.
      if (rows.length < 50) assert.equal(lines.length, rows.length + 2, `${report.path} CSV rows`);
      await checkAccessibility(ui.page, report.path);
      await ui.shots(report.name, { label: report.path });
    }
  });

  it('regroups sales by month, and filters invoices by organization', async () => {
    await ui.page.goto(`${ui.app.url}/statistics/sales_main`, { waitUntil: 'networkidle0' });
    await waitForRows();
    await ui.page.locator('main button::-p-text(Month)').click();
    await ui.page.waitForFunction(() => [...document.querySelectorAll('main table tbody tr td:first-child')].every((td) => /-01$/.test(td.textContent ?? '')), { timeout: 10_000 });
    assert.ok((await exportedCsv()).text.split('\r\n')[1].match(/^\d{4}-\d{2}-01,/), 'the CSV follows the filter');
    // The filters live in the address: a reload (or a shared link) opens the same report.
    assert.match(ui.page.url(), /[?&]period=month\b/);
    await ui.page.reload({ waitUntil: 'networkidle0' });
    await waitForRows();
    assert.equal(await ui.page.$eval('main button[aria-pressed="true"]', (b) => b.textContent), 'Month');
    assert.ok(await ui.page.$$eval('main table tbody tr td:first-child', (cells) => cells.every((td) => /-01$/.test(td.textContent ?? ''))), 'monthly rows after the reload');

    await ui.page.goto(`${ui.app.url}/billing/print_invoices`, { waitUntil: 'networkidle0' });
    await waitForRows();
    await ui.page.locator('main input[role="combobox"]').fill('Maple');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Maple Grove Funeral Services")])').click();
    await ui.page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('main table tbody tr td:nth-child(3)')];
      return cells.length > 0 && cells.every((td) => td.textContent === 'Maple Grove Funeral Services');
    }, { timeout: 10_000 });
    assert.match(ui.page.url(), /[?&]organization_id=\d+/);
    await ui.page.reload({ waitUntil: 'networkidle0' });
    await waitForRows();
    await ui.page.waitForFunction(() => (document.querySelector('main input[role="combobox"]') as HTMLInputElement | null)?.value === 'Maple Grove Funeral Services', { timeout: 10_000 });
    assert.ok(
      await ui.page.$$eval('main table tbody tr td:nth-child(3)', (cells) => cells.length > 0 && cells.every((td) => td.textContent === 'Maple Grove Funeral Services')),
      'the reloaded page lists that organization\'s invoices only',
    );
    const pdf = await ui.page.$eval('main table tbody tr a', (a) => a.getAttribute('href'));
    const got = await ui.page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { type: res.headers.get('content-type'), head: [...new Uint8Array(await res.arrayBuffer()).slice(0, 4)] };
    }, pdf);
    assert.equal(got.type, 'application/pdf');
    assert.deepEqual(got.head, [0x25, 0x50, 0x44, 0x46]);
  });

  it('made no console errors', () => {
    assert.deepEqual(ui.consoleErrors, []);
  });
});
