import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { LINK_FULL_ACCESS, LINK_UPLOAD_ONLY } from '../../common/upload-link.ts';
import { checkAccessibility, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

const TOOLS = '[aria-label="Photo tools"] .MuiListItemText-primary';

/**
 * Issue 14: "A family member with full access through the upload link gets the same tools; without it, none."
 * The family member has no account: a cookie-less browser context on /creator/{security_hash}/slides/...
 */
describe('the slide editor through the family upload link', () => {
  let app: E2eApp;
  let browser: Browser;
  let staffTools: (string | null)[];

  const slideRow = (id: number) => app.running.deps.db('slides').where({ id }).first();
  const toolsOf = (page: Page) => page.$$eval(TOOLS, (els) => els.map((e) => e.textContent));

  /** A family member's own browser context (no staff cookie), closed after `use`. */
  async function asFamily(use: (guest: Page, errors: string[]) => Promise<void>): Promise<void> {
    const family = await browser.createBrowserContext();
    try {
      const guest = await family.newPage();
      guest.setDefaultNavigationTimeout(120_000);
      guest.setDefaultTimeout(30_000);
      await guest.setViewport({ width: 1280, height: 900 });
      await use(guest, watchConsole(guest));
    } finally {
      await family.close();
    }
  }

  // The file's own organization on the shared app, its staff user signed in.
  const session = staffSession();
  before(async function () {
    // The app's first start prepares its library; on a busy machine that takes a while.
    this.timeout(400_000);
    ({ app, browser } = session);
    // The staff's own tools on a photo that is not the cover, the list the family must match.
    const video = await makeStaffVideo(app, 'Staff View');
    const [, photo] = await addPhotos(app, video.id, [{ name: 'a.jpg' }, { name: 'b.jpg' }]);
    const page = session.page;
    page.setDefaultNavigationTimeout(120_000);
    await page.goto(`${app.url}/slides/${photo}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(TOOLS);
    staffTools = await toolsOf(page);
    assert.ok(staffTools.includes('Crop') && staffTools.includes('Straighten'), staffTools.join());
  });

  it('with full access: the same drawer and tools as staff, and the edits are saved', async () => {
    const video = await makeStaffVideo(app, 'Family Full', { upload_link_access_level: LINK_FULL_ACCESS });
    const [, photo] = await addPhotos(app, video.id, [{ name: 'Cover.jpg' }, { name: 'Picnic.jpg' }]);
    const base = `/creator/${video.security_hash}/slides`;
    await asFamily(async (guest, errors) => {
      await guest.goto(`${app.url}${base}/${photo}`, { waitUntil: 'networkidle0' });
      await guest.waitForSelector('[role="dialog"] h2::-p-text(Photo)');
      assert.deepEqual(await toolsOf(guest), staffTools);
      await guest.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] img')].some((i) => (i as HTMLImageElement).naturalWidth > 0));
      await checkAccessibility(guest, 'family slide dialog');

      // Into a tool from the drawer; its picture (served through the link) loads.
      await guest.locator('[aria-label="Photo tools"] ::-p-text(Straighten)').click();
      await guest.waitForFunction((want) => location.pathname === want, {}, `${base}/${photo}/straighten`);
      await guest.waitForSelector('[role="dialog"] h2::-p-text(Straighten)');
      await guest.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] img')].some((i) => (i as HTMLImageElement).naturalWidth > 0 && getComputedStyle(i).opacity === '1'));
      const slider = await guest.waitForSelector('[role="dialog"] input[type="range"]');
      await slider!.focus();
      for (let i = 0; i < 3; i++) await guest.keyboard.press('ArrowRight');
      await guest.waitForSelector('::-p-text(Angle: 3°)');
      await checkAccessibility(guest, 'family straighten tool');
      const saved = guest.waitForResponse((r) => r.url().endsWith('/slides/save') && r.ok());
      await guest.locator('[role="dialog"] button::-p-text(Done)').click();
      await saved;
      assert.equal(Number((await slideRow(photo)).straighten), 3);

      // A tool's own address opens it directly, as for staff.
      await guest.goto(`${app.url}${base}/${photo}/crop`, { waitUntil: 'networkidle0' });
      await guest.waitForSelector('[role="dialog"] h2::-p-text(Crop)');
      await guest.waitForSelector('[data-testid="crop-surface"]');
      assert.deepEqual(errors, []);
    });
  });

  it('with upload only: no slide dialog, no tools, and the server refuses an edit', async () => {
    const video = await makeStaffVideo(app, 'Family Upload Only', { upload_link_access_level: LINK_UPLOAD_ONLY });
    const [, photo] = await addPhotos(app, video.id, [{ name: 'Cover.jpg' }, { name: 'Harbour.jpg' }]);
    const base = `/creator/${video.security_hash}/slides`;
    await asFamily(async (guest, errors) => {
      for (const address of [`${base}/${photo}`, `${base}/${photo}/crop`, `${base}/${photo}/straighten`]) {
        await guest.goto(`${app.url}${address}`, { waitUntil: 'networkidle0' });
        // The address falls back to the grid: the slides are shown, the editor is not.
        await guest.waitForFunction((want) => location.pathname === want, {}, base);
        await guest.waitForSelector(`[data-slide-id="${photo}"]`);
        assert.equal(await guest.$('[role="dialog"]'), null, `no dialog at ${address}`);
      }
      assert.equal(await guest.$(TOOLS), null);
      // A double click on a slide opens nothing either.
      await guest.click(`[data-slide-id="${photo}"] [role="button"]`, { count: 2 }).catch(() => guest.click(`[data-slide-id="${photo}"]`, { count: 2 }));
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(await guest.$('[role="dialog"]'), null, 'no dialog on a double click');
      assert.equal(new URL(guest.url()).pathname, base);
      await checkAccessibility(guest, 'upload-only family grid');

      const status = await guest.evaluate(
        async (hash, id) => (await fetch('/slides/save', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ video_id: hash, slide_id: id, straighten: 7 }) })).status,
        video.security_hash,
        photo,
      );
      assert.equal(status, 404, 'an edit through an upload-only link is refused like a missing video');
      assert.equal(Number((await slideRow(photo)).straighten), 0);
      // The browser logs the refused request; nothing else may be there.
      assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
    });
  });
});
