import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'puppeteer-core';
import { checkAccessibility, DEMO_PASSWORD, login, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos, addTextSlide, makeStaffVideo } from './slide-fixtures.ts';

/** The open dialog's picture: its address and the file's own shape. */
const stagePicture = (page: Page) =>
  page.$$eval('[role="dialog"] img', (imgs) =>
    imgs
      .map((i) => i as HTMLImageElement)
      .filter((i) => i.naturalWidth > 0 && i.getBoundingClientRect().width > 100)
      .map((i) => ({ src: i.src, width: i.naturalWidth, height: i.naturalHeight }))[0] ?? null,
  );

/**
 * Issue 14 "Live sync: an edit made by one editor appears on another editor's grid and open slide dialog": two
 * staff editors, each in their own browser, with the same slide's dialog open; what one changes the other sees
 * without a reload.
 */
describe('the slide editor with two editors at once', () => {
  let app: E2eApp;
  let otherContext: BrowserContext;
  let first: Page;
  let second: Page;
  const errors: string[][] = [];
  let videoId: number;
  let photos: number[];
  let textId: number;

  const slideRow = (id: number) => app.running.deps.db('slides').where({ id }).first();
  const dialogTitle = (page: Page, text: string) => page.waitForSelector(`[role="dialog"] h2::-p-text(${text})`);
  /** A mark the page keeps until it is reloaded. */
  const markPage = (page: Page) => page.evaluate(() => void ((window as unknown as { liveMark: number }).liveMark = 1));
  const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

  const session = staffSession({ watchSignIn: true });
  before(async function () {
    // The app's first start prepares its library; on a busy machine that takes a while.
    this.timeout(400_000);
    ({ app, page: first } = session);
    errors.push(session.consoleErrors);
    const video = await makeStaffVideo(app, 'Arthur Penrose');
    videoId = video.id;
    photos = await addPhotos(app, videoId, [{ name: 'Cover.jpg' }, { name: 'Allotment.jpg' }, { name: 'Choir.jpg' }]);
    textId = await addTextSlide(app, videoId, 'A life well lived');
    otherContext = await session.browser.createBrowserContext();
    second = await otherContext.newPage();
    await second.setViewport({ width: 1280, height: 900 });
    errors.push(watchConsole(second));
    await login(second, app.url, session.organization.staff.email, DEMO_PASSWORD);
    for (const page of [first, second]) {
      page.setDefaultNavigationTimeout(120_000);
      page.setDefaultTimeout(30_000);
    }
  });
  after(async () => {
    await otherContext?.close();
  });

  it("shows a caption typed in one editor in the other's open slide dialog", async () => {
    for (const page of [first, second]) {
      await page.goto(`${app.url}/creator/${videoId}/slides/${photos[1]}`, { waitUntil: 'networkidle0' });
      await dialogTitle(page, 'Photo');
    }
    await markPage(first);
    await second.keyboard.press('t');
    await dialogTitle(second, 'Caption');
    await second.keyboard.type('Sunday at the allotment');
    const saved = second.waitForResponse((r) => r.url().endsWith('/slides/save') && r.ok());
    await second.locator('[role="dialog"] button::-p-text(Close)').click();
    await saved;
    assert.equal((await slideRow(photos[1])).slide_caption, 'Sunday at the allotment');

    await first.waitForSelector('[aria-label="Photo tools"] ::-p-text(Sunday at the allotment)', { timeout: 15_000 });
    await checkAccessibility(first, 'slide dialog after a live caption');
    assert.ok(await stillMarked(first), 'no reload');
  });

  it("turns the picture in the other's open slide dialog and grid when one editor rotates it", async () => {
    for (const page of [first, second]) {
      await page.goto(`${app.url}/creator/${videoId}/slides/${photos[2]}`, { waitUntil: 'networkidle0' });
      await dialogTitle(page, 'Photo');
    }
    await first.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] img')].some((i) => (i as HTMLImageElement).naturalWidth > 0));
    const before = await stagePicture(first);
    assert.ok(before && before.width > before.height, `a landscape photo at first: ${JSON.stringify(before)}`);
    await markPage(first);
    await second.locator('[role="dialog"] button::-p-text(Rotate Right)').click();
    const until = Date.now() + 30_000;
    let angle = 0;
    while (Date.now() < until && angle !== 90) {
      angle = Number((await slideRow(photos[2])).angle);
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(angle, 90, 'the rotation is saved');

    // The first editor's dialog shows the turned picture: a new address, portrait now.
    await first.waitForFunction(
      (old) => [...document.querySelectorAll('[role="dialog"] img')].some((i) => (i as HTMLImageElement).src !== old && (i as HTMLImageElement).naturalHeight > (i as HTMLImageElement).naturalWidth),
      { timeout: 30_000 },
      before!.src,
    );
    // And so does the grid under it, once the dialog is closed.
    await first.keyboard.press('Escape');
    await first.waitForFunction((want) => location.pathname === want, {}, `/creator/${videoId}/slides`);
    await first.waitForFunction(
      (id) => {
        const img = document.querySelector(`[data-slide-id="${id}"] img`) as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalHeight > img.naturalWidth;
      },
      { timeout: 30_000 },
      photos[2],
    );
    assert.ok(await stillMarked(first), 'no reload');
  });

  it("shows text changed in one editor in the other's open text slide drawer", async () => {
    for (const page of [first, second]) {
      await page.goto(`${app.url}/creator/${videoId}/slides/${textId}`, { waitUntil: 'networkidle0' });
      await dialogTitle(page, 'Text Slide');
    }
    await markPage(first);
    const text = await second.waitForSelector('[role="dialog"] textarea:not([aria-hidden])');
    await text!.click();
    await second.keyboard.press('End');
    await second.keyboard.type(', and loved');
    const until = Date.now() + 15_000;
    while (Date.now() < until && (await slideRow(textId)).slide_caption !== 'A life well lived, and loved') await new Promise((r) => setTimeout(r, 250));
    assert.equal((await slideRow(textId)).slide_caption, 'A life well lived, and loved');

    await first.waitForFunction(
      () => [...document.querySelectorAll('[role="dialog"] textarea:not([aria-hidden])')].some((t) => (t as HTMLTextAreaElement).value === 'A life well lived, and loved'),
      { timeout: 15_000 },
    );
    assert.ok(await stillMarked(first), 'no reload');
    // Closing the first editor's drawer sends nothing that would undo the other's text.
    await first.locator('[role="dialog"] button::-p-text(Done)').click();
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await slideRow(textId)).slide_caption, 'A life well lived, and loved');
  });

  it('logged no console errors in either browser', () => {
    assert.deepEqual(errors, [[], []]);
  });
});
