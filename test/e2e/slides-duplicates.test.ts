import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { makeVideo } from '../../server/test/harness.ts';
import { screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { waitForTiles } from './slide-grid-page.ts';

/** A scene of overlapping soft shapes; each seed is a different photo. */
async function scene(seed: number, file: string): Promise<string> {
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const v = (seed * 131 + i * 71) % 97;
    return `<ellipse cx="${(v * 13) % 1200}" cy="${(v * 29 + i * 41) % 900}" rx="${60 + ((v * 7) % 150)}" ry="${50 + ((v * 11) % 120)}" fill="hsl(${(v * 37 + seed * 50) % 360},55%,${35 + (v % 40)}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${seed * 70},30%,55%)"/>${shapes}</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toFile(file);
  return file;
}



describe('duplicate photos in the slide workspace', () => {
  let app: E2eApp;
  let page: Page;
  let dir: string;

  const session = staffSession();
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-duplicates-'));
    ({ app, page } = session);
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('warns about a resized copy and a crop only the server sees, preselects the larger photo and Remove Duplicates removes both', async () => {
    const consoleErrors = watchConsole(page);
    const demo = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: session.organization.id }).first();
    const video = await makeVideo(app.running.deps, { organization_id: demo.organization_id, title: 'Duplicates' });
    const original = await scene(1, path.join(dir, 'family.jpg'));
    const copy = path.join(dir, 'family-copy.jpg');
    await sharp(original).resize(600).jpeg({ quality: 60 }).toFile(copy);
    // 10 % off the left and the top: the browser's fingerprints are over 20 bits apart, the server proposes the pair.
    const crop = path.join(dir, 'family-crop.jpg');
    await sharp(original).extract({ left: 120, top: 90, width: 1080, height: 810 }).jpeg({ quality: 80 }).toFile(crop);
    const other = await scene(2, path.join(dir, 'garden.jpg'));

    await page.goto(`${app.url}/creator/${video.id}/slides`, { waitUntil: 'networkidle0' });
    const input = await page.waitForSelector('input[type="file"]');
    await input!.uploadFile(original, copy, crop, other);
    await waitForTiles(page, 4);
    await page.waitForFunction(() => /2 duplicate photos need to be removed/.test(document.querySelector('[data-testid="duplicate-alert"]')?.textContent ?? ''), { timeout: 60_000 });
    await screenshot(page, 'slides-duplicate-alert', 1280);

    await (await page.waitForSelector('xpath/.//button[text()="More Info"]'))!.click();
    await page.waitForSelector('xpath/.//*[text()="AI (beta) suggests removing the following duplicates:"]');
    const states = await page.$$eval('[data-duplicate-state]', (thumbs) => thumbs.map((t) => t.getAttribute('data-duplicate-state')));
    assert.deepEqual(states.sort(), ['keep', 'remove', 'remove']);
    await screenshot(page, 'slides-duplicates-dialog', 1280);

    const slides = await app.running.deps.db('slides').where({ video_id: video.id }).orderBy('id');
    const copySlide = slides.find((s: { width: number }) => s.width === 600);
    const cropSlide = slides.find((s: { width: number }) => s.width === 1080);
    assert.ok(copySlide && cropSlide, 'the copy and the crop were uploaded');
    await (await page.waitForSelector('xpath/.//button[text()="Remove Duplicates"]'))!.click();
    await waitForTiles(page, 2);
    await page.waitForSelector('[data-testid="duplicate-alert"]', { hidden: true, timeout: 10_000 });
    for (const removed of [copySlide, cropSlide]) {
      const after = await app.running.deps.db('slides').where({ id: removed.id }).first();
      assert.ok(after.deleted_at, `slide ${removed.id} is removed`);
      assert.equal(after.duplicate, true);
    }
    assert.deepEqual(consoleErrors, []);
  });
});
