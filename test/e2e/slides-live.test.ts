import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, launchBrowser, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';

const TILE = '[data-testid="slide-tile"][data-slide-id]';

/** Slide ids in the order the grid shows them (rows top to bottom, each left to right). */
const shownOrder = (page: Page) =>
  page.$$eval(TILE, (tiles) =>
    tiles
      .map((t) => ({ id: Number(t.getAttribute('data-slide-id')), box: t.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
      .map((t) => t.id),
  );

const otherEditors = (page: Page) => page.$eval('[data-testid="other-editors"]', (el) => el.textContent ?? '').catch(() => null);

describe('live multi-editor sync on the slides page', () => {
  let app: E2eApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let first: Page;
  let secondContext: BrowserContext;
  let second: Page;
  let firstErrors: string[];
  let secondErrors: string[];
  let videoId: number;
  let slideIds: number[];

  before(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois' }).first();
    videoId = video.id;

    first = await browser.browser.newPage();
    await first.setViewport({ width: 1280, height: 900 });
    await signIn(first, app.url, 'staff@example.com');
    secondContext = await browser.browser.createBrowserContext();
    second = await secondContext.newPage();
    await second.setViewport({ width: 1280, height: 900 });
    await signIn(second, app.url, 'staff@example.com');
    firstErrors = watchConsole(first);
    secondErrors = watchConsole(second);

    const added = await first.evaluate(async (id) => {
      const res = await fetch('/r/slides/add_sample_slides', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ video_id: id }),
      });
      return ((await res.json()) as { slides: { id: number }[] }).slides.map((s) => s.id);
    }, videoId);
    assert.ok(added.length >= 3, 'sample slides to reorder');
    slideIds = added;
  });
  after(async () => {
    await secondContext?.close();
    await browser?.close();
    await app?.stop();
  });

  it('shows each editor the other one', async () => {
    await first.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
    await second.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
    for (const page of [first, second]) {
      await page.waitForFunction(() => document.querySelector('[data-testid="other-editors"]')?.textContent === 'Other Editors: 1', { timeout: 10_000 });
      assert.deepEqual(await shownOrder(page), slideIds);
    }
    await checkAccessibility(second, 'slides page with another editor');
    await screenshot(second, 'slides-live-other-editors', 1280);
    await screenshot(second, 'slides-live-other-editors', 375);
    await second.setViewport({ width: 1280, height: 900 });
  });

  it("shows one editor's new order to the other without reloading", async () => {
    const reversed = [...slideIds].reverse();
    await second.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const status = await first.evaluate(
      async (id, order) => {
        const res = await fetch('/r/slides/reorder', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ video_id: id, image_ids: order }),
        });
        return res.status;
      },
      videoId,
      reversed,
    );
    assert.equal(status, 200);
    await second.waitForFunction(
      (selector, expected) =>
        JSON.stringify(
          [...document.querySelectorAll(selector)]
            .map((t) => ({ id: Number(t.getAttribute('data-slide-id')), box: t.getBoundingClientRect() }))
            .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
            .map((t) => t.id),
        ) === JSON.stringify(expected),
      { timeout: 10_000 },
      TILE,
      reversed,
    );
    assert.equal(await second.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the same page, not a reload');
    await first.waitForFunction(
      (selector, expected) => document.querySelector(selector)?.getAttribute('data-slide-id') === String(expected),
      { timeout: 10_000 },
      TILE,
      reversed[0],
    );
  });

  it('hides the indicator when the other editor leaves', async () => {
    await second.close();
    await first.waitForFunction(() => document.querySelector('[data-testid="other-editors"]') === null, { timeout: 10_000 });
    assert.equal(await otherEditors(first), null);
    assert.deepEqual([...firstErrors, ...secondErrors], []);
  });
});
