import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { checkAccessibility, OUTPUT_DIR, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

/** What a tool's pictures look like on screen: each img's box, whether it is in view, and whether it loaded. */
interface Picture {
  width: number;
  height: number;
  top: number;
  bottom: number;
  natural: number;
  opacity: string;
}

/**
 * The slide editor's tools on a phone (issue 14: "Screenshots of each tool at 1280 and 375 px"): each tool opened
 * straight on its address in a 375 x 800 window shows its picture, loaded and in view, above the drawer.
 */
describe('the slide editor tools on a narrow screen', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let photos: number[];
  let videoId: number;

  const TOOLS = [
    ['crop', 'Crop'],
    ['custom_zoom', 'Customize Zoom'],
    ['color', 'Color Correction'],
    ['blemishes', 'Blemish Concealer'],
    ['redeyes', 'Red Eye Removal'],
    ['straighten', 'Straighten'],
  ] as const;

  /** Every picture of the open tool, measured once all of them have loaded (or after the wait gives up). */
  const pictures = async (): Promise<Picture[]> => {
    await page
      .waitForFunction(() => {
        const imgs = [...document.querySelectorAll('[role="dialog"] img')] as HTMLImageElement[];
        return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().height > 10 && getComputedStyle(i).opacity === '1');
      }, { timeout: 20_000 })
      .catch(() => undefined);
    return page.$$eval('[role="dialog"] img', (imgs) =>
      imgs.map((el) => {
        const img = el as HTMLImageElement;
        const r = img.getBoundingClientRect();
        return { width: r.width, height: r.height, top: r.top, bottom: r.bottom, natural: img.naturalWidth, opacity: getComputedStyle(img).opacity };
      }),
    );
  };

  const session = staffSession({ watchSignIn: true });
  before(async function () {
    // The app's first start prepares its library; on a busy machine that takes a while.
    this.timeout(400_000);
    mkdirSync(OUTPUT_DIR, { recursive: true });
    ({ app, page, consoleErrors } = session);
    const video = await makeStaffVideo(app, 'Margaret Ellison');
    videoId = video.id;
    photos = await addPhotos(app, video.id, [{ name: 'Garden.jpg' }, { name: 'Beach walk.jpg' }, { name: 'Wedding.jpg', portrait: true }]);
    page.setDefaultNavigationTimeout(120_000);
    page.setDefaultTimeout(90_000);
  });

  for (const width of [375, 1280]) {
    for (const [tool, title] of TOOLS) {
      for (const [which, portrait] of [[1, false], [2, true]] as const) {
        it(`shows the ${tool} tool's picture at ${width} px (${portrait ? 'portrait' : 'landscape'})`, async () => {
          const height = width === 375 ? 800 : 900;
          await page.setViewport({ width, height });
          await page.goto(`${app.url}/slides/${photos[which]}/${tool}`, { waitUntil: 'networkidle0' });
          await page.waitForSelector(`[role="dialog"] h2::-p-text(${title})`);
          const shown = await pictures();
          assert.equal(shown.length, tool === 'custom_zoom' ? 2 : 1, `pictures: ${JSON.stringify(shown)}`);
          const drawerTop = await page.$eval('[role="dialog"] h2', (h) => h.getBoundingClientRect().top);
          for (const p of shown) {
            assert.ok(p.natural > 0, `the image loaded: ${JSON.stringify(p)}`);
            assert.equal(p.opacity, '1', `the image is shown: ${JSON.stringify(p)}`);
            // A picture of a phone's width is at least a third of it; the custom zoom's two stacked frames share the height.
            assert.ok(p.width >= (tool === 'custom_zoom' || portrait ? 60 : width / 3) && p.height >= 60, `a real size: ${JSON.stringify(p)}`);
            assert.ok(p.top >= 0 && p.bottom <= height, `in view: ${JSON.stringify(p)}`);
            if (width === 375) assert.ok(p.bottom <= drawerTop, `above the drawer (${drawerTop}): ${JSON.stringify(p)}`);
          }
          if (which === 1) {
            await checkAccessibility(page, `${tool} tool at ${width} px`);
            await page.screenshot({ path: `${OUTPUT_DIR}/slide-editor-narrow-${tool}-${width}.png` });
          }
        });
      }
    }
  }

  it('shows each picture on a touch phone when the tools are tapped in the drawer at the creator address', async () => {
    await page.setViewport({ width: 375, height: 667, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(`${app.url}/creator/${videoId}/slides/${photos[1]}`, { waitUntil: 'networkidle0' });
    for (const [tool, title] of TOOLS) {
      await page.waitForSelector('[role="dialog"] h2::-p-text(Photo)');
      const item = await page.waitForSelector(`[aria-label="Photo tools"] ::-p-text(${title})`);
      await item!.scrollIntoView();
      await item!.tap();
      await page.waitForFunction((want) => location.pathname === want, {}, `/creator/${videoId}/slides/${photos[1]}/${tool}`);
      await page.waitForSelector(`[role="dialog"] h2::-p-text(${title})`);
      const shown = await pictures();
      assert.equal(shown.length, tool === 'custom_zoom' ? 2 : 1, `${tool} pictures: ${JSON.stringify(shown)}`);
      for (const p of shown) assert.ok(p.natural > 0 && p.opacity === '1' && p.width >= 60 && p.height >= 60 && p.top >= 0 && p.bottom <= 667, `${tool}: ${JSON.stringify(p)}`);
      await page.goBack();
    }
  });

  it('logged no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
