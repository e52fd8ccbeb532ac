import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
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

const tileOf = (id: number) => `[data-testid="slide-tile"][data-slide-id="${id}"]`;

/** The slide ids whose tile shows the someone-else-dragging state. */
const heldByOthers = (page: Page) =>
  page.$$eval(TILE, (tiles) =>
    tiles.filter((t) => (t.getAttribute('data-state') ?? '').split(' ').includes('someone-else-dragging')).map((t) => Number(t.getAttribute('data-slide-id'))),
  );

/** The centre of a tile in page coordinates. */
async function centreOf(page: Page, id: number): Promise<{ x: number; y: number }> {
  const box = (await (await page.$(tileOf(id)))!.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const otherEditors = (page: Page) => page.$eval('[data-testid="other-editors"]', (el) => el.textContent ?? '').catch(() => null);

describe('live multi-editor sync on the slides page', () => {
  let app: E2eApp;
  let first: Page;
  let secondContext: BrowserContext;
  let second: Page;
  let firstErrors: string[];
  let secondErrors: string[];
  let videoId: number;
  let slideIds: number[];

  const session = staffSession();
  before(async () => {
    ({ app, page: first, consoleErrors: firstErrors } = session);
    const video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: session.organization.id }).first();
    videoId = video.id;

    secondContext = await session.browser.createBrowserContext();
    second = await secondContext.newPage();
    await second.setViewport({ width: 1280, height: 900 });
    await signIn(second, app.url, session.organization.staff.email);
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

  it('shows the other editor the slide being dragged, which it cannot drag itself, until it is let go', async () => {
    // Not the first slide: the cover photo's tile has the cover state too.
    const grabbed = (await shownOrder(first))[1];
    const from = await centreOf(first, grabbed);
    await first.mouse.move(from.x, from.y);
    await first.mouse.down();
    await first.mouse.move(from.x + 15, from.y + 5, { steps: 3 });
    await first.mouse.move(from.x + 40, from.y + 20, { steps: 4 });
    await first.waitForSelector('.grid-dragging', { timeout: 5000 });

    await second.waitForSelector(`${tileOf(grabbed)}[data-state="someone-else-dragging"]`, { timeout: 10_000 }).catch(async (err: unknown) => {
      const states = await second.$$eval(TILE, (tiles) => tiles.map((t) => `${t.getAttribute('data-slide-id')}:${t.getAttribute('data-state')}`));
      throw new Error(`${String(err)}; the second editor's tiles: ${states.join(', ')}`);
    });
    assert.deepEqual(await heldByOthers(second), [grabbed], 'only the dragged slide');
    assert.deepEqual(await heldByOthers(first), [], 'the dragging editor sees its own drag, not a held slide');

    // The second editor cannot pick up a slide the first one holds; it lets go off the tile, so nothing is clicked.
    const held = await centreOf(second, grabbed);
    await second.mouse.move(held.x, held.y);
    await second.mouse.down();
    await second.mouse.move(held.x + 40, held.y + 20, { steps: 5 });
    assert.equal(await second.$('.grid-dragging'), null, 'no drag of a held slide');
    await second.mouse.move(5, 5, { steps: 2 });
    await second.mouse.up();
    await screenshot(second, 'slides-live-someone-dragging', 1280);

    await first.mouse.up();
    await second.waitForFunction(
      (selector) => {
        const tile = document.querySelector(selector);
        return tile !== null && !(tile.getAttribute('data-state') ?? '').includes('someone-else-dragging');
      },
      { timeout: 10_000 },
      tileOf(grabbed),
    );
    assert.deepEqual(await heldByOthers(second), []);
  });

  it('hides the indicator when the other editor leaves', async () => {
    await second.close();
    await first.waitForFunction(() => document.querySelector('[data-testid="other-editors"]') === null, { timeout: 10_000 });
    assert.equal(await otherEditors(first), null);
    assert.deepEqual([...firstErrors, ...secondErrors], []);
  });
});
