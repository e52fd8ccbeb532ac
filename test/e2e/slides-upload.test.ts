import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { checkAccessibility, OUTPUT_DIR, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { openFamilyVisit, staffSession } from './shared.ts';
import { ANALYSIS_TIMEOUT_MS, CLEAR_AFTER_MS } from '../../web/src/features/slides/uploads/session.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

const PHOTO_SIZES = [
  [640, 480],
  [1600, 1067],
  [900, 1350],
  [2400, 1600],
  [1200, 1200],
] as const;

/** Photos with a gradient and noise, so each is a real JPEG of some weight (a few hundred KB at the larger sizes). */
async function makePhotos(dir: string, count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const [width, height] = PHOTO_SIZES[i % PHOTO_SIZES.length];
    const hue = (i * 37) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,35%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${(hue + 180) % 360},50%,60%)"/>
    </svg>`;
    const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .png()
      .toBuffer();
    const file = path.join(dir, `photo-${String(i + 1).padStart(2, '0')}.jpg`);
    await sharp(Buffer.from(svg))
      .composite([{ input: noise, blend: 'overlay' }])
      .jpeg({ quality: 85 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

/** A 2 second H.264 + AAC test clip. */
function makeClip(dir: string): string {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

const TILE = '[data-testid="slide-tile"][data-slide-id]';
const UPLOAD_TILE = '[data-testid="upload-tile"]';

/** Every slide tile shows its image (a clip its poster or first frame) and no file is still on its way. */
function waitForLoadedTiles(page: Page, count: number, timeout = 90_000) {
  return page.waitForFunction(
    (selector, uploadSelector, n) => {
      const tiles = [...document.querySelectorAll(selector)];
      if (tiles.length !== n || document.querySelector(uploadSelector)) return false;
      return tiles.every((tile) => {
        const img = tile.querySelector('img');
        const video = tile.querySelector('video');
        return (img !== null && img.complete && img.naturalWidth > 0) || (video !== null && (video.poster !== '' || video.readyState >= 2));
      });
    },
    { timeout, polling: 250 },
    TILE,
    UPLOAD_TILE,
    count,
  );
}

describe('slide uploads', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let dir: string;
  let photos: string[];
  let clip: string;

  const session = staffSession();
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-uploads-'));
    photos = await makePhotos(dir, 30);
    clip = makeClip(dir);
    ({ app, page, consoleErrors } = session);
    consoleErrors = watchConsole(page);
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  // A test that fails half way must not leave the next one on a throttled line or a phone's screen (a loaded run's
  // fixed-bar failure once made the next test's page load time out on the slow line it left behind).
  afterEach(async () => {
    await page.emulateNetworkConditions(null).catch(() => undefined);
    await page.setViewport({ width: 1280, height: 900 }).catch(() => undefined);
  });

  it('uploads 30 photos and a clip with progress, and shows every tile as its image', async () => {
    const video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: session.organization.id }).first();
    await page.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0' });
    const input = await page.waitForSelector('input[type="file"]');

    // A slow line, so the progress can be seen and photographed before it is over.
    await page.emulateNetworkConditions({ download: -1, upload: 1_500_000, latency: 20 });
    await input!.uploadFile(...photos, clip);
    await page.waitForSelector(UPLOAD_TILE);
    await page.waitForFunction(
      () => /^Uploading at \d+\.\d mbps, \d+(\.\d)? (bytes|KB|MB|GB) left$/.test(document.querySelector('[data-testid="upload-label"]')?.textContent ?? ''),
      { timeout: 15_000 },
    );
    const uploading = await page.$$eval(UPLOAD_TILE, (tiles) => tiles.map((t) => t.textContent ?? ''));
    assert.ok(uploading.length > 0 && uploading.length <= 31);
    assert.ok(uploading.some((t) => /% of \d+(\.\d)? (KB|MB)|Processing\.\.\./.test(t)), uploading.join(' | '));
    await checkAccessibility(page, 'slides page while uploading');
    await screenshot(page, 'slides-upload-progress', 1280);
    await screenshot(page, 'slides-upload-progress', 375);

    // Scrolled past the inline bar on a phone: the fixed copy holds the progress at the top. Scrolled by the bar's
    // own place, not to the page's end: a page little taller than the screen (a new organization's video has few
    // slides) left the bar's lower edge in view at the end, and so not pinned.
    await page.setViewport({ width: 375, height: 480 });
    const barBottom = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="upload-progress"]') as HTMLElement;
      window.scrollTo(0, window.scrollY + bar.getBoundingClientRect().bottom + 1);
      return bar.getBoundingClientRect().bottom;
    });
    assert.ok(barBottom <= 0, `the inline bar is scrolled out of view (its bottom at ${barBottom} px)`);
    await page.waitForSelector('[data-testid="upload-progress-fixed"]', { visible: true, timeout: 5000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'slides-upload-fixed-bar-375.png') as `${string}.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('[data-testid="upload-progress-fixed"]', { hidden: true, timeout: 5000 });

    await page.emulateNetworkConditions(null);
    await page.setViewport({ width: 1280, height: 2400 });
    // 'Upload Complete' shows for five seconds once the last slide is ready; on a loaded machine the tiles' images can
    // finish loading after that, so the label is watched from now on rather than looked for afterwards.
    const complete = page.waitForFunction(
      () => document.querySelector('[data-testid="upload-label"]')?.textContent === 'Upload Complete',
      { timeout: 90_000, polling: 'mutation' },
    );
    await Promise.all([waitForLoadedTiles(page, 31), complete]);
    // Cleared 5 s after every photo is also analysed (or given up on, 30 s after it was processed).
    await page.waitForSelector('[data-testid="upload-progress"]', { hidden: true, timeout: ANALYSIS_TIMEOUT_MS + CLEAR_AFTER_MS + 10_000 });

    const slides = await app.running.deps.db('slides').where({ video_id: video.id }).whereNull('deleted_at');
    assert.equal(slides.length, 31);
    assert.ok(slides.every((s: { processing_state: string }) => s.processing_state === 'ready'));
    assert.equal(slides.filter((s: { is_video: boolean }) => s.is_video).length, 1);
    assert.equal(await page.$('[data-testid="upload-problems"]'), null);
    await page.setViewport({ width: 1280, height: 900 });
    assert.deepEqual(consoleErrors, []);
  });

  it('tells about a file that is not a photo or video and drops its tile', async () => {
    const video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: session.organization.id }).first();
    // The photos the test before sent are still being made into their later sizes: on a loaded two-core machine
    // the page's tiles can take longer than puppeteer's 30 s to settle.
    await page.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0', timeout: 90_000 });
    const notes = path.join(dir, 'notes.jpg');
    execFileSync('sh', ['-c', `printf 'not really a photo' > "${notes}"`]);
    const input = await page.waitForSelector('input[type="file"]');
    await input!.uploadFile(notes);
    const problems = await page.waitForSelector('[data-testid="upload-problems"]', { timeout: 15_000 });
    const text = await problems!.evaluate((el) => el.textContent ?? '');
    assert.match(text, /Upload Problems/);
    assert.match(text, /notes\.jpg: This file is not a photo or video we can read\./);
    assert.equal(await problems!.evaluate((el) => el.className.includes('Error')), true, 'a permanent problem is an error');
    await page.waitForSelector(UPLOAD_TILE, { hidden: true });
    assert.equal(await app.running.deps.db('slides').where({ video_id: video.id }).whereNull('deleted_at').count('* as n').first().then((r) => Number(r?.n)), 31);
    await checkAccessibility(page, 'upload problems');
    await screenshot(page, 'slides-upload-problems', 1280);
    await screenshot(page, 'slides-upload-problems', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('[data-testid="upload-problems"] ::-p-text(Dismiss)').click();
    await page.waitForSelector('[data-testid="upload-problems"]', { hidden: true });
    assert.deepEqual(consoleErrors.filter((e) => !/415/.test(e)), []);
  });

  it("shows a super user the photo analysis as a third bar, 'Analyzing N files', and clears only after it", async () => {
    const context = await session.browser.createBrowserContext();
    try {
      const admin = await context.newPage();
      await admin.setViewport({ width: 1280, height: 900 });
      const errors = watchConsole(admin);
      await signIn(admin, app.url, 'admin@example.com');
      const video = await makeStaffVideo(app, 'Ada Brennan');
      await admin.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0' });
      const analyzing = admin.waitForFunction(() => document.querySelector('[data-testid="upload-analysis"]')?.textContent === 'Analyzing 1 file', {
        timeout: 90_000,
        polling: 'mutation',
      });
      const input = await admin.waitForSelector('input[type="file"]');
      await input!.uploadFile(photos[1]);
      await analyzing;
      assert.equal(await admin.$eval('[data-testid="upload-label"]', (el) => el.textContent), 'Upload Complete');
      await screenshot(admin, 'slides-upload-analyzing', 1280);
      await screenshot(admin, 'slides-upload-analyzing', 375);
      await admin.setViewport({ width: 1280, height: 900 });
      await admin.waitForSelector('[data-testid="upload-progress"]', { hidden: true, timeout: ANALYSIS_TIMEOUT_MS + CLEAR_AFTER_MS + 10_000 });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  describe('through a family upload link with upload-only access', () => {
    let context: BrowserContext;
    let family: Page;
    let familyErrors: string[];
    let hash: string;

    before(async () => {
      ({ context, page: family, errors: familyErrors, hash } = await openFamilyVisit(app, session.browser, session.organization.id, 'Robert "Bobby" Chen', {
        upload_link_access_level: 2,
      }));
    });
    after(async () => {
      await context?.close();
    });

    it('uploads a photo but offers no delete, and the server refuses one', async () => {
      await family.goto(`${app.url}/creator/${hash}/slides`, { waitUntil: 'networkidle0' });
      const input = await family.waitForSelector('input[type="file"]');
      await input!.uploadFile(photos[3]);
      await waitForLoadedTiles(family, 1, 30_000);

      assert.equal(await family.$('[data-command="delete"]'), null, 'no Delete grid tool');
      assert.equal(await family.$('::-p-aria(Delete)'), null, 'no Delete button anywhere');
      await family.hover(TILE);
      assert.equal(await family.$('::-p-aria(Delete)'), null, 'no Delete tool on the tile');

      const slideId = Number(await family.$eval(TILE, (el) => el.getAttribute('data-slide-id')));
      const status = await family.evaluate(
        async (id, securityHash) => {
          const res = await fetch('/r/slides/delete', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ids: [id], video_id: securityHash, security_hash: securityHash }),
          });
          return res.status;
        },
        slideId,
        hash,
      );
      assert.equal(status, 404);
      const row = await app.running.deps.db('slides').where({ id: slideId }).first();
      assert.equal(row.deleted_at, null);

      await checkAccessibility(family, 'family upload page');
      await screenshot(family, 'slides-family-upload', 1280);
      await family.setViewport({ width: 375, height: 900 });
      await waitForLoadedTiles(family, 1);
      await screenshot(family, 'slides-family-upload', 375);
      assert.deepEqual(familyErrors.filter((e) => !/404/.test(e)), []);
    });
  });
});
