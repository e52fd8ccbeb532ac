import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'puppeteer-core';
import { makeFinishedVideo } from './finished-video.ts';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';

/** Dialogs fade in; axe reads colours mid-fade as too faint. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** Seconds a <video> or <audio> has played, read twice a moment apart. */
async function advances(read: () => Promise<number>, label: string): Promise<void> {
  const first = await read();
  await new Promise((r) => setTimeout(r, 1500));
  const later = await read();
  assert.ok(later > first, `${label} plays (${first} -> ${later})`);
}

/** Another website (another origin: localhost rather than 127.0.0.1, its own port) that pastes the embed code. */
async function hostPage(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/obituary.html`, server };
}

describe('the details page: Share or Embed and Extras', function () {
  this.timeout(400_000);
  let app: E2eApp;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let video: { id: number; videoCode: string };
  let copiedCode = '';
  const servers: Server[] = [];

  // The file's own organization on the shared app, in a browser context of its own (the clipboard allowed there).
  const session = staffSession();
  before(async () => {
    ({ app, context, page, consoleErrors } = session);
    await context.overridePermissions(app.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    video = await makeFinishedVideo(app, page, 'Eleanor Whitfield');
  });
  after(async () => {
    for (const server of servers) server.close();
  });

  it('shows the Share or Embed tab and copies the embed code', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details?tab=share`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="embed-code"]');
    const tabs = await page.$$eval('[role="tab"]', (t) => t.map((tab) => tab.textContent));
    assert.ok(tabs.includes('Share or Embed') && tabs.includes('Extras'), `tabs: ${tabs.join(', ')}`);
    const code = await page.$eval('[data-testid="embed-code"]', (t) => (t as HTMLTextAreaElement).value);
    assert.equal(await page.$eval('[data-testid="embed-code"]', (t) => (t as HTMLTextAreaElement).rows), 9);
    assert.match(code, new RegExp(`<iframe src="[^"]+/videos/embedded_video/${video.videoCode}"`));
    assert.match(code, /padding-bottom:calc\(56\.25% \+ 40px\)/, 'responsive by default');
    // The link, the share toolbar with its QR code and the share log.
    assert.match(await page.$eval('[data-testid="video-link"]', (i) => (i as HTMLInputElement).value), new RegExp(`/videos/embedded_video/${video.videoCode}$`));
    await page.waitForSelector('button::-p-text(QR Code)');
    await page.waitForSelector('::-p-text(The link has not been sent to anyone yet.)');
    await settled(page);
    await checkAccessibility(page, 'Share or Embed tab');
    await screenshot(page, 'details-share', 1280);
    await screenshot(page, 'details-share', 375);
    await page.setViewport({ width: 1280, height: 900 });

    // Fixed width is remembered for the next visit.
    await page.locator('input[value="fixed"]').click();
    const fixed = await page.$eval('[data-testid="embed-code"]', (t) => (t as HTMLTextAreaElement).value);
    assert.match(fixed, /width="854" height="520"/);
    assert.equal(await page.evaluate(() => localStorage.getItem('creator.details.responsiveEmbed')), 'false');
    await page.locator('input[value="responsive"]').click();

    await page.locator('button::-p-text(Copy)').click();
    await page.waitForSelector('button::-p-text(Copied)');
    copiedCode = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copiedCode, code, 'the clipboard holds the responsive code');

    await page.locator('button::-p-text(QR Code)').click();
    await page.waitForSelector('[role="dialog"] img[alt="QR code of the link"]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('plays the embedded player inside a page of another site', async () => {
    // The e2e app's public address names no port it listens on: the pasted code is pointed at this app.
    const pasted = copiedCode.replace(/src="https?:\/\/[^/]+/, `src="${app.url}`);
    const host = await hostPage(`<!doctype html><html lang="en"><head><title>Obituary</title></head><body style="max-width:640px"><h1>In memory</h1>${pasted}</body></html>`);
    servers.push(host.server);
    const visitor = await context.newPage();
    const visitorErrors = watchConsole(visitor);
    await visitor.setViewport({ width: 800, height: 700 });
    await visitor.goto(host.url, { waitUntil: 'networkidle0' });
    const player = await (await visitor.waitForSelector('iframe'))!.contentFrame();
    assert.ok(player, 'the iframe loaded');
    await player.waitForSelector('video');
    assert.equal(await player.$eval('h1', (h) => h.textContent), 'Eleanor Whitfield');
    assert.match(await player.$eval('video', (v) => (v as HTMLVideoElement).currentSrc), new RegExp(`/downloads/video/${video.videoCode}/web\\.mp4$`));
    await player.locator('video').click();
    const time = (frame: Frame) => frame.$eval('video', (v) => (v as HTMLVideoElement).currentTime);
    await player.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).currentTime > 0, { timeout: 20_000 });
    await advances(() => time(player), 'the embedded video');
    assert.deepEqual(visitorErrors, [], 'nothing refused the frame');
    await visitor.screenshot({ path: '/tmp/share-extras-embedded-player.png' });

    // Hidden: the same frame says so and plays nothing.
    await page.bringToFront();
    await page.locator('label ::-p-text(Hide embedded video)').click();
    await page.waitForFunction(() => (document.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked === true && !(document.querySelector('input[type="checkbox"]') as HTMLInputElement).disabled);
    await visitor.reload({ waitUntil: 'networkidle0' });
    const hidden = (await (await visitor.waitForSelector('iframe'))!.contentFrame())!;
    await hidden.waitForSelector('::-p-text(This video has been hidden)');
    assert.equal(await hidden.$('video'), null);
    await visitor.close();
    await page.locator('label ::-p-text(Hide embedded video)').click();
    await page.waitForFunction(() => (document.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked === false && !(document.querySelector('input[type="checkbox"]') as HTMLInputElement).disabled);
    assert.equal((await app.running.deps.repos.videos.findById(video.id))?.hide_embed, false);
  });

  it('puts a failed save back to what the server holds and says why', async () => {
    await page.setRequestInterception(true);
    const refuse = (request: import('puppeteer-core').HTTPRequest) => {
      if (request.url().endsWith('/toggle_embed')) void request.respond({ status: 500, contentType: 'application/json', body: '{"errors":["Server error"]}' });
      else void request.continue();
    };
    page.on('request', refuse);
    await page.locator('label ::-p-text(Hide embedded video)').click();
    await page.waitForSelector('::-p-text(The change could not be saved: Server error)');
    await page.waitForFunction(() => (document.querySelector('input[type="checkbox"]') as HTMLInputElement).checked === false);
    page.off('request', refuse);
    await page.setRequestInterception(false);
    consoleErrors.splice(0); // the refused request's 500 is logged by the browser on purpose
  });

  it('shows the Extras tab, plays for service and lists the songs with a preview', async () => {
    await page.goto(`${app.url}/videos/${video.id}/details?tab=extras`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('button::-p-text(Play for Service)');
    assert.equal(await page.$eval('a::-p-text(View Photos)', (a) => a.getAttribute('href')), `/slides/gallery/${video.id}`);
    assert.equal(await page.$eval('a::-p-text(Download Photos)', (a) => a.getAttribute('href')), `/slides/downloader/${video.id}/`);
    const snapshot = await page.$eval('a::-p-text(Download Snapshot)', (a) => a.getAttribute('href'));
    const fetched = await page.evaluate(async (u) => {
      const res = await fetch(u!);
      return { status: res.status, type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength };
    }, snapshot);
    assert.deepEqual([fetched.status, fetched.type], [200, 'image/jpeg']);
    assert.ok(fetched.size > 1000, 'a real picture');
    await settled(page);
    await checkAccessibility(page, 'Extras tab');
    await screenshot(page, 'details-extras', 1280);
    await screenshot(page, 'details-extras', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.locator('button::-p-text(Play for Service)').click();
    await page.waitForSelector('[data-testid="service-video"]');
    assert.match(await page.$eval('[data-testid="service-video"]', (v) => (v as HTMLVideoElement).currentSrc), new RegExp(`/downloads/video/${video.videoCode}/hd\\.mp4$`));
    await page.waitForFunction(() => document.fullscreenElement !== null, { timeout: 5000 });
    await page.waitForFunction(() => (document.querySelector('[data-testid="service-video"]') as HTMLVideoElement).currentTime > 0, { timeout: 20_000 });
    await advances(() => page.$eval('[data-testid="service-video"]', (v) => (v as HTMLVideoElement).currentTime), 'the service video');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid="service-video"]') && document.fullscreenElement === null);

    await page.locator('button::-p-text(View Songs)').click();
    await page.waitForSelector('[role="dialog"] table tbody tr');
    const rows = await page.$$eval('[role="dialog"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)));
    assert.equal(rows.length, 1);
    assert.equal(rows[0][0], '1');
    assert.match(rows[0][3] ?? '', /^\d+:\d\d$/);
    await page.locator('[role="dialog"] button[aria-label^="Play"]').click();
    await page.waitForSelector('[data-testid="song-seek"]');
    const audioTime = () => page.$eval('[data-testid="song-preview-audio"]', (a) => (a as HTMLAudioElement).currentTime);
    await page.waitForFunction(() => (document.querySelector('[data-testid="song-preview-audio"]') as HTMLAudioElement).currentTime > 0, { timeout: 20_000 });
    await advances(audioTime, 'the song preview');
    // Seeking: the slider's keyboard steps move the song.
    const before = await audioTime();
    await page.focus('[data-testid="song-seek"] input[type="range"]');
    await page.keyboard.press('End');
    assert.ok((await audioTime()) > before + 1, 'End moves the preview to the end of the song');
    await settled(page);
    await checkAccessibility(page, 'View Songs dialog');
    await screenshot(page, 'details-songs', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('[role="dialog"] button::-p-text(Close)').click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    assert.equal(await page.$('[data-testid="song-preview-audio"]'), null, 'closing the dialog stops the preview');
  });

  it('opens the photos gallery from Extras and shows a photo large', async () => {
    await page.locator('a::-p-text(View Photos)').click();
    await page.waitForFunction((id) => location.pathname === `/slides/gallery/${id}`, {}, video.id);
    await page.waitForSelector('ul[aria-label="Slides"] li button img');
    const sizes = await page.$$eval('ul[aria-label="Slides"] li button', (b) => b.map((el) => `${el.getBoundingClientRect().width}x${el.getBoundingClientRect().height}`));
    assert.deepEqual(sizes, ['150x150', '150x150', '150x150']);
    await screenshot(page, 'gallery', 1280);
    await screenshot(page, 'gallery', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('ul[aria-label="Slides"] li button').click();
    await page.waitForSelector('[role="dialog"] img');
    await page.waitForFunction(() => ((document.querySelector('[role="dialog"] img') as HTMLImageElement).naturalWidth ?? 0) > 150);
    assert.match(await page.$eval('[role="dialog"]', (d) => d.textContent ?? ''), /Slide 1 of 3/);
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[role="dialog"] ::-p-text(Slide 2 of 3)');
    await settled(page);
    await checkAccessibility(page, 'gallery big photo');
    await page.keyboard.press('Escape');
    await page.locator('a::-p-text(Back to Video Details)').click();
    await page.waitForFunction((id) => location.pathname === `/videos/${id}/details`, {}, video.id);
  });

  it('reports no console errors', () => {
    assert.deepEqual(consoleErrors, []);
  });
});
