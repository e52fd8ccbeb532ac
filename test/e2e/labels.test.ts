import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

const PRODUCTS = ['dvd_label', 'dvd_jacket', 'video_book_insert'];

/** Pictures for a person to look at (not kept in the repository). */
async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewport({ width, height: 900 });
  await new Promise((r) => setTimeout(r, 400));
  await page.screenshot({ path: `/tmp/labels-${name}-${width}.png`, fullPage: true });
}

/** The preview has drawn the picture its address names (not the one before). */
async function previewShows(page: Page, pattern: RegExp): Promise<string> {
  await page
    .waitForFunction(
      (source) => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="label-preview"]');
        return !!img && new RegExp(source).test(img.src) && img.complete && img.naturalWidth > 0 && !document.querySelector('[aria-label="Drawing the preview"]');
      },
      { timeout: 90_000 },
      pattern.source,
    )
    .catch(async (err: Error) => {
      const src = await page.$eval('[data-testid="label-preview"]', (img) => (img as HTMLImageElement).src).catch(() => 'no preview');
      throw new Error(`The preview did not show ${pattern} (it shows ${src}): ${err.message}`);
    });
  return page.$eval('[data-testid="label-preview"]', (img) => (img as HTMLImageElement).src);
}

async function chooseLayout(page: Page, label: string): Promise<void> {
  await page.locator('[role="combobox"]').click();
  await page.locator(`[role="option"]::-p-text(${label})`).click();
  await page.waitForFunction(() => !document.querySelector('[role="listbox"]'));
}

/** Replaces a field's text the way a person does: select it all, type over it. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await page.click(`input[name="${name}"]`, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const field = (page: Page, name: string) => page.$eval(`input[name="${name}"]`, (i) => ({ value: (i as HTMLInputElement).value, disabled: (i as HTMLInputElement).disabled }));

describe('the details page: Print Labels', function () {
  this.timeout(300_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let video: { id: number; video_code: string };

  const session = staffSession();
  before(async () => {
    ({ app, page, consoleErrors } = session);
    video = await makeStaffVideo(app, 'Margaret Ellen Hughes', {
      subtitle: 'April 2, 1938 – November 1, 2026',
      intro_text: 'In Loving Memory of',
      theme_id: 3,
      obit_url: 'https://funeral-home.example/obituaries/margaret-hughes',
    });
    const { db } = app.running.deps;
    await db('organizations').where({ id: (await db('videos').where({ id: video.id }).first('organization_id')).organization_id }).update({ obituary_qr_link: true });
  });

  it('shows the settings with their defaults and a preview of the single label', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details?tab=labels`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="tab"][aria-selected="true"]::-p-text(Print Labels)');
    await previewShows(page, /\/stationeries\/dvd_label\/[0-9a-f]+\.jpg\?dual=0&dvd_label_size=small&show_qr_code=true$/);
    assert.equal(await page.$eval('[role="combobox"]', (c) => c.textContent), 'Single label');
    // Section 5: bleed and the fine-tune fields belong to the two-per-page style only.
    assert.equal(await page.$('input[name="adjTopX"]'), null);
    assert.equal(await page.$('::-p-text(Bleed)'), null);
    // The organization enables the obituary QR link and the video has an obituary: the option shows.
    await page.waitForSelector('::-p-text(QR code opens the obituary)');
    await checkAccessibility(page, 'Print Labels tab');
    await shot(page, 'single', 1280);
    await shot(page, 'single', 375);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('follows the two-per-page rules, refuses a bad offset, and keeps the settings after a reload', async () => {
    await chooseLayout(page, 'bottom label only');
    await page.waitForSelector('input[name="adjBottomX"]');
    assert.deepEqual(await field(page, 'adjTopX'), { value: '0.0', disabled: true }, 'top fields are off when only the bottom label prints');
    assert.equal((await field(page, 'adjBottomY')).disabled, false);
    await typeInto(page, 'adjBottomX', '-0.1');
    await typeInto(page, 'adjBottomY', 'abc');
    await page.waitForSelector('::-p-text(Enter a number of inches)');
    assert.ok(await page.$eval('[data-testid="label-dvd_label-pdf"]', (a) => a.classList.contains('Mui-disabled') && !a.getAttribute('href')), 'no link while an offset is wrong');
    await page.waitForSelector('::-p-text(Correct the fine-tune position to see the preview.)');
    await typeInto(page, 'adjBottomY', '0.05');
    assert.deepEqual([(await field(page, 'adjBottomX')).value, (await field(page, 'adjBottomY')).value], ['-0.1', '0.05']);
    await page.locator('input[value="large"]').click();
    await page.locator('label::-p-text(Bleed)').click();
    await previewShows(page, /dual=2&dvd_label_size=large&show_qr_code=true&bleed=false&adj_bottom_x=-0\.1&adj_bottom_y=0\.05$/);
    await shot(page, 'two-per-page', 1280);
    await shot(page, 'two-per-page', 375);
    await page.setViewport({ width: 1280, height: 900 });

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('videos.labels'))) ?? 'null');
    assert.deepEqual(stored, { adjTopX: '0.0', adjTopY: '0.0', adjBottomX: '-0.1', adjBottomY: '0.05', bleed: false, dvdLabelSize: 'large', dual: '2', showQrCode: true, obituaryQr: false });

    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('input[name="adjBottomX"]');
    assert.equal(await page.$eval('[role="combobox"]', (c) => c.textContent), 'Two per page: bottom label only');
    assert.deepEqual(await field(page, 'adjBottomX'), { value: '-0.1', disabled: false });
    assert.equal(await page.$eval('input[value="large"]', (i) => (i as HTMLInputElement).checked), true);
    await previewShows(page, /adj_bottom_x=-0\.1&adj_bottom_y=0\.05$/);
  });

  it('previews each product and downloads each as a PDF and a JPG', async () => {
    await page.locator('label::-p-text(QR code opens the obituary)').click();
    for (const product of PRODUCTS) {
      await page.locator(`button[value="${product}"]`).click();
      await previewShows(page, new RegExp(`/stationeries/${product}/.*obituary_qr=true$`));
    }
    await shot(page, 'book-insert', 1280);
    for (const product of PRODUCTS) {
      for (const format of ['pdf', 'jpg']) {
        const href = await page.$eval(`[data-testid="label-${product}-${format}"]`, (a) => (a as HTMLAnchorElement).href);
        assert.match(href, new RegExp(`/stationeries/${product}/${video.video_code}\\.${format}\\?`));
        const got = await page.evaluate(async (url) => {
          const res = await fetch(url);
          const bytes = new Uint8Array(await res.arrayBuffer());
          return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), head: Array.from(bytes.slice(0, 4)) };
        }, href);
        assert.equal(got.status, 200, href);
        assert.equal(got.type, format === 'pdf' ? 'application/pdf' : 'image/jpeg');
        assert.match(got.disposition ?? '', /^inline; filename="Margaret Ellen Hughes /);
        assert.deepEqual(got.head, format === 'pdf' ? [0x25, 0x50, 0x44, 0x46] : [0xff, 0xd8, 0xff, got.head[3]], `${product}.${format} is what it says`);
      }
    }
    assert.deepEqual(consoleErrors, []);
  });
});
