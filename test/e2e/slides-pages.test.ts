import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos, addTextSlide, makeStaffVideo, slideOrder } from './slide-fixtures.ts';

const TILE = '[data-testid="slide-tile"], .slide-tile';
const tileButton = (id: number) => `[data-slide-id="${id}"] [role="button"]`;
const selectedIds = (page: Page) =>
  page.$$eval('[data-slide-id] [aria-pressed="true"]', (els) => els.map((e) => Number(e.closest('[data-slide-id]')!.getAttribute('data-slide-id'))).sort((a, b) => a - b));
const shownIds = (page: Page) => page.$$eval('[data-slide-id]', (els) => els.map((e) => Number(e.getAttribute('data-slide-id'))).sort((a, b) => a - b));
const settle = () => new Promise((r) => setTimeout(r, 400));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function withKey(page: Page, key: 'Shift' | 'Control', run: () => Promise<void>) {
  await page.keyboard.down(key);
  await run();
  await page.keyboard.up(key);
}

describe('the slide side pages', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let photos: number[];

  const session = staffSession({ watchSignIn: true });
  before(async () => {
    ({ app, page, consoleErrors } = session);
    videoId = (await makeStaffVideo(app, 'Robert Hale')).id;
    photos = await addPhotos(app, videoId, [{ name: 'one.jpg' }, { name: 'two.jpg', portrait: true }, { name: 'three.jpg' }, { name: 'four.jpg' }, { name: 'five.jpg' }]);
    await addTextSlide(app, videoId, 'With love');
  });

  describe('Restore Deleted', () => {
    it('is reached from More Tools and says when nothing is deleted', async () => {
      await page.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
      await page.locator('::-p-text(More Tools)').click();
      await page.locator('[role="menuitem"]::-p-text(Restore Deleted)').click();
      await page.waitForFunction((path) => location.pathname === path, {}, `/slides/rubbish_bin/${videoId}`);
      await page.waitForSelector('::-p-text(There are no deleted slides.)');
      await checkAccessibility(page, 'empty rubbish bin');
    });

    it('restores the selected deleted slides', async () => {
      await app.running.deps.repos.slides.softDelete(videoId, [photos[1], photos[2], photos[3]]);
      await page.goto(`${app.url}/slides/rubbish_bin/${videoId}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector(TILE);
      assert.deepEqual(await shownIds(page), sorted([photos[1], photos[2], photos[3]]));
      const restore = () => page.$eval('button::-p-text(Restore)', (b) => (b as HTMLButtonElement).disabled);
      assert.equal(await restore(), true, 'Restore waits for a selection');
      await page.click(tileButton(photos[1]));
      await withKey(page, 'Control', () => page.click(tileButton(photos[3])));
      assert.deepEqual(await selectedIds(page), sorted([photos[1], photos[3]]));
      await settle();
      await checkAccessibility(page, 'rubbish bin');
      await screenshot(page, 'slides-rubbish-bin', 1280);
      await screenshot(page, 'slides-rubbish-bin', 375);
      await page.setViewport({ width: 1280, height: 900 });
      await page.locator('button::-p-text(Restore 2 Slides)').click();
      await page.waitForSelector('::-p-text(Restored 2 slides.)');
      await page.waitForFunction((n) => document.querySelectorAll('[data-slide-id]').length === n, {}, 1);
      assert.deepEqual(await shownIds(page), [photos[2]]);
      const active = await slideOrder(app, videoId);
      assert.ok(active.includes(photos[1]) && active.includes(photos[3]) && !active.includes(photos[2]));

      await page.locator('::-p-text(Back to Slides)').click();
      await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides`);
      await page.waitForSelector(`[data-slide-id="${photos[3]}"]`);
      await app.running.deps.repos.slides.undelete(videoId, [photos[2]]);
    });
  });

  describe('the download grid', () => {
    it('selects like the slide grid and asks for a selection before downloading it', async () => {
      await page.goto(`${app.url}/creator/${videoId}/slides`, { waitUntil: 'networkidle0' });
      await page.locator('::-p-text(More Tools)').click();
      await page.locator('[role="menuitem"]::-p-text(Download Slides)').click();
      await page.waitForFunction((path) => location.pathname === path, {}, `/slides/downloader/${videoId}/`);
      await page.waitForSelector(TILE);
      assert.deepEqual(await shownIds(page), sorted(photos), 'photos and clips only: a text slide has no file');
      const all = await page.$eval('a::-p-text(Download All)', (a) => a.getAttribute('href'));
      assert.equal(all, `/slides/download_zip/${videoId}`);

      const selectedButton = 'button::-p-text(Download Selected)';
      assert.equal(await page.$eval(selectedButton, (b) => b.getAttribute('aria-disabled')), 'true');
      await page.click(selectedButton);
      await page.waitForSelector('::-p-text(You must select slides first)');

      await page.click(tileButton(photos[1]));
      await page.click(tileButton(photos[3]));
      assert.deepEqual(await selectedIds(page), [photos[3]], 'a click selects only that slide');
      await withKey(page, 'Control', () => page.click(tileButton(photos[0])));
      assert.deepEqual(await selectedIds(page), sorted([photos[0], photos[3]]), 'Ctrl toggles');
      await withKey(page, 'Control', () => page.click(tileButton(photos[0])));
      assert.deepEqual(await selectedIds(page), [photos[3]]);
      await withKey(page, 'Shift', () => page.click(tileButton(photos[1])));
      assert.deepEqual(await selectedIds(page), sorted([photos[1], photos[2], photos[3]]), 'Shift selects the range from the last selected');
      await page.click(tileButton(photos[4]), { button: 'right' });
      assert.deepEqual(await selectedIds(page), [photos[4]], 'a right click selects');
      await page.keyboard.press('Escape');
      await page.click('h1');
      assert.deepEqual(await selectedIds(page), [], 'a click outside clears');

      await page.click(tileButton(photos[0]));
      await withKey(page, 'Control', () => page.click(tileButton(photos[2])));
      assert.equal(await page.$eval(selectedButton, (b) => b.getAttribute('aria-disabled')), 'false');
      await settle();
      await checkAccessibility(page, 'download grid');
      await screenshot(page, 'slides-download', 1280);
      await screenshot(page, 'slides-download', 375);
      await page.setViewport({ width: 1280, height: 900 });

      const zip = page.waitForResponse((r) => r.url().includes('/slides/download_zip/'));
      await page.click(selectedButton);
      const reply = await zip;
      assert.equal(new URL(reply.url()).searchParams.get('ids'), `${photos[0]},${photos[2]}`);
      assert.equal(reply.status(), 200);
      assert.match(reply.headers()['content-type'] ?? '', /zip/);
    });
  });

  describe('a read-only video', () => {
    it('shows only the square thumbnail gallery', async () => {
      const finished = await makeStaffVideo(app, 'Finished Tribute', { date_in_queue: new Date(), finished: true });
      await addPhotos(app, finished.id, [{ name: 'a.jpg' }, { name: 'b.jpg', portrait: true }]);
      await addTextSlide(app, finished.id, 'Always in our hearts');
      const asked: string[] = [];
      const record = (request: { url(): string }) => void asked.push(request.url());
      page.on('request', record);
      await page.goto(`${app.url}/creator/${finished.id}/slides`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('ul[aria-label="Slides"] img');
      page.off('request', record);
      const lists = asked.filter((url) => url.includes(`/slides/slide_list/${finished.id}`));
      assert.ok(lists.length >= 1, 'the list was loaded');
      assert.deepEqual(lists.filter((url) => new URL(url).searchParams.get('meta') === '1'), [], 'spec 2: no metadata in read-only mode');
      assert.deepEqual(asked.filter((url) => url.includes('/jute/socket.io/')), [], 'no live socket for a read-only gallery');
      const sizes = await page.$$eval('ul[aria-label="Slides"] img', (imgs) => imgs.map((i) => [i.getBoundingClientRect().width, i.getBoundingClientRect().height, (i as HTMLImageElement).src.includes('/image/square-')]));
      assert.deepEqual(sizes, [
        [150, 150, true],
        [150, 150, true],
      ]);
      // A text slide has no picture: its square shows the words as the video does.
      const text = await page.$eval('ul[aria-label="Slides"] li:nth-child(3) [role="img"]', (el) => [el.getAttribute('aria-label'), el.textContent, el.getBoundingClientRect().width]);
      assert.deepEqual(text, ['Slide 3, text slide: Always in our hearts', 'Always in our hearts', 150]);
      for (const absent of ['Add Photos/Videos', 'More Tools', 'Add Text Slide']) assert.equal(await page.$(`::-p-text(${absent})`), null, absent);
      assert.equal(await page.$('[role="toolbar"]'), null, 'no grid tools');
      await checkAccessibility(page, 'read-only gallery');
    });
  });

  /** A family member's cookie-less browser context on the video's upload link, closed after `use`. */
  async function asFamily(video: { security_hash: string }, use: (guest: Page, errors: string[]) => Promise<void>): Promise<void> {
    const family = await session.browser.createBrowserContext();
    const guest = await family.newPage();
    const errors = watchConsole(guest);
    await guest.setViewport({ width: 1280, height: 900 });
    try {
      await guest.goto(`${app.url}/creator/${video.security_hash}/slides`, { waitUntil: 'networkidle0' });
      await use(guest, errors);
    } finally {
      await family.close();
    }
  }

  describe('through the family upload link', () => {
    it('works with the link hash instead of a signed-in user', async () => {
      const video = await makeStaffVideo(app, 'Family Link', { upload_link_access_level: 1 });
      const linked = await addPhotos(app, video.id, [{ name: 'x.jpg' }, { name: 'y.jpg' }]);
      await asFamily(video, async (guest, errors) => {
        await guest.waitForSelector('[data-testid="slide-tile"]');
        assert.deepEqual(await shownIds(guest), sorted(linked));
        assert.ok(await guest.$('[role="toolbar"] [aria-label="Delete"]'), 'full access edits');
        await guest.locator('::-p-text(More Tools)').click();
        await guest.locator('[role="menuitem"]::-p-text(Restore Deleted)').click();
        await guest.waitForFunction((path) => location.pathname === path, {}, `/slides/rubbish_bin/${video.security_hash}`);
        await guest.waitForSelector('::-p-text(There are no deleted slides.)');

        await guest.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0' });
        await guest.waitForFunction(() => location.pathname === '/users/login');
        assert.match(new URL(guest.url()).searchParams.get('next') ?? '', new RegExp(`/creator/${video.id}/slides`));
        assert.deepEqual(errors, []);
      });
    });
  });

  describe('when staff turn the family link off', () => {
    it('the open family page shows the link closed, without tools or uploads', async () => {
      const video = await makeStaffVideo(app, 'Closing Link', { upload_link_access_level: 1 });
      const linked = await addPhotos(app, video.id, [{ name: 'p.jpg' }]);
      await asFamily(video, async (guest, errors) => {
        await guest.waitForSelector(`[data-slide-id="${linked[0]}"]`);
        assert.ok(await guest.$('::-p-text(Add Photos/Videos)'), 'open: uploads offered');

        await page.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0' });
        const status = await page.evaluate(async (id) => {
          const res = await fetch(`/r/videos/${id}/upload_link`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ enabled: false }) });
          return res.status;
        }, video.id);
        assert.equal(status, 200);

        // The live update makes the family page reload its list, which now answers 410.
        await guest.waitForSelector('[data-testid="link-closed"]', { timeout: 15_000 });
        await guest.waitForSelector('::-p-text(This upload link is closed)');
        await guest.waitForSelector('::-p-text(This upload link is no longer active)');
        for (const absent of ['Add Photos/Videos', 'More Tools', 'Add Text Slide']) assert.equal(await guest.$(`::-p-text(${absent})`), null, absent);
        assert.equal(await guest.$('[role="toolbar"]'), null, 'no grid tools');
        assert.equal(await guest.$('[data-slide-id]'), null, 'no editable slides left on screen');
        assert.equal(await guest.$('input[type="file"]'), null, 'no upload input');
        await checkAccessibility(guest, 'family page, link closed');
        await screenshot(guest, 'slides-link-closed', 1280);
        // The browser logs each refused request (410) as a console error; nothing else may be there.
        assert.deepEqual(errors.filter((e) => !/status of 410/.test(e)), []);
      });
    });
  });

  // A child suite: mocha runs a suite's own tests before its child suites.
  describe('afterwards', () => {
    it('made no console errors', async () => {
      await settle();
      assert.deepEqual(consoleErrors, []);
    });
  });
});
