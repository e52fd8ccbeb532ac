import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { checkAccessibility, screenshot, watchConsole, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';

const PANEL = '[data-testid="upload-link-panel"]';
const LINK_BOX = '[data-testid="upload-link-url"]';
const TILE = '[data-testid="slide-tile"][data-slide-id]';

async function makePhoto(dir: string): Promise<string> {
  const file = path.join(dir, 'grandma-garden.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6b8f71', noise: { type: 'gaussian', mean: 120, sigma: 25 } } })
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

const STEP_LINKS = 'nav[aria-label="Creator steps"] [data-step]';

/** The step bar as [step, href] pairs; a step without a link has a null href. */
const stepLinks = (page: Page) =>
  page.$$eval(STEP_LINKS, (els) => els.map((el) => [el.getAttribute('data-step'), el.tagName === 'A' ? el.getAttribute('href') : null]));

/**
 * Every address the page asks for, sockets included: the family pages must load nothing from other sites.
 * data: and blob: addresses are made in the page itself and never leave it.
 */
async function recordRequests(page: Page): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketCreated', (event) => urls.push(event.url));
  return urls;
}

/** Clicks a switch or button by the text of its label. */
async function clickLabel(page: Page, text: string): Promise<void> {
  await page.locator(`::-p-text(${text})`).click();
}

describe('family upload link', () => {
  let app: E2eApp;
  let browser: Browser;
  let staff: Page;
  let staffErrors: string[];
  let context: BrowserContext;
  let family: Page;
  let familyErrors: string[];
  let familyRequests: string[];
  let dir: string;
  let video: { id: number; security_hash: string; user_id: number | null };
  const familyLink = () => `${app.running.deps.config.publicUrl}/creator/${video.security_hash}/slides`;

  // The file's own organization on the shared app (its copy of the demo videos), its staff user signed in.
  const session = staffSession();
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-family-'));
    ({ app, browser, page: staff, consoleErrors: staffErrors } = session);
    video = await app.running.deps.db('videos').where({ title: 'Chloé Dubois', organization_id: session.organization.id }).first();
    assert.equal(video && (await app.running.deps.db('videos').where({ id: video.id }).first()).date_in_queue, null, 'an unfinished demo video');
  });
  after(async () => {
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lets staff turn the link on, limit the photos and share it by email', async () => {
    await staff.goto(`${app.url}/creator/${video.id}/link`, { waitUntil: 'networkidle0' });
    await staff.waitForSelector(PANEL);
    assert.equal(await staff.$eval(LINK_BOX, (el) => (el as HTMLInputElement).value), '', 'an off link shows no address');

    await clickLabel(staff, 'The upload link is off');
    await staff.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value.includes('/creator/'), {}, LINK_BOX);
    const row = await app.running.deps.db('videos').where({ id: video.id }).first();
    assert.equal(row.upload_link_access_level, 2, 'upload only when first turned on');

    await staff.locator('button::-p-text(Settings)').click();
    await staff.waitForSelector('[role="dialog"]');
    await staff.locator('textarea[name="upload_link_note"]').fill('Please add photos of the garden.');
    await clickLabel(staff, 'Limit the number of photos');
    await staff.locator('input[name="upload_link_limit"]').fill('3');
    await clickLabel(staff, 'Show a Done button');
    await staff.locator('[role="dialog"] button[type="submit"]').click();
    await staff.waitForSelector('[role="dialog"]', { hidden: true });
    await staff.waitForSelector('::-p-text(Up to 3 photos)');
    const saved = await app.running.deps.db('videos').where({ id: video.id }).first();
    assert.equal(saved.upload_link_limit, 3);
    assert.equal(saved.upload_link_done_button, true);
    assert.equal(saved.upload_link_note, 'Please add photos of the garden.');

    await staff.locator(`${PANEL} button::-p-text(Email)`).click();
    await staff.waitForSelector('[role="dialog"] input[name="email"]');
    await staff.locator('[role="dialog"] input[name="email"]').fill('aunt.rose@example.com');
    await staff.locator('[role="dialog"] button[type="submit"]').click();
    await staff.waitForSelector('::-p-text(Email sent)');
    await staff.waitForSelector(`${PANEL} ::-p-text(aunt.rose@example.com)`);
    const mail = await app.running.deps.db('outbox').where({ recipient: 'aunt.rose@example.com' }).first();
    assert.ok(mail.body.includes(`\n${familyLink()}`), 'the mail carries the link on its own line');

    await staff.locator(`${PANEL} button::-p-text(QR Code)`).click();
    await staff.waitForFunction(() => {
      const img = document.querySelector('[role="dialog"] img') as HTMLImageElement | null;
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await staff.locator('[role="dialog"] button::-p-text(Close)').click();
    await staff.waitForSelector('[role="dialog"]', { hidden: true });

    await checkAccessibility(staff, 'upload link panel');
    await screenshot(staff, 'upload-link-panel', 1280);
    await screenshot(staff, 'upload-link-panel', 375);
    await staff.setViewport({ width: 1280, height: 900 });
  });

  it('lets the family upload a photo without an account, finish, and tells the staff', async () => {
    const link = await staff.$eval(LINK_BOX, (el) => (el as HTMLInputElement).value);
    assert.equal(link, familyLink());

    context = await browser.createBrowserContext();
    family = await context.newPage();
    await family.setViewport({ width: 1280, height: 900 });
    familyErrors = watchConsole(family);
    familyRequests = await recordRequests(family);
    // PUBLIC_URL names the usual port; this test server listens on a free one.
    const response = await family.goto(`${app.url}${new URL(link).pathname}`, { waitUntil: 'networkidle0' });
    assert.equal(response?.headers()['referrer-policy'], 'no-referrer', 'the family page never sends its address on');
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /(^|; )default-src 'self'(;|$)/, 'the family page may load only from this site');
    assert.match(csp, /(^|; )script-src 'self'(;|$)/);

    // The staff's note greets the family as soon as the link opens (the settings dialog's promise), not only at Finish.
    const note = await family.waitForSelector('[data-testid="family-note"]');
    assert.match(await note!.evaluate((el) => el.textContent ?? ''), /Please add photos of the garden\./);

    const input = await family.waitForSelector('input[type="file"]');
    await input!.uploadFile(await makePhoto(dir));
    await family.waitForFunction(
      (selector) => {
        const img = document.querySelector(`${selector} img`) as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      },
      { timeout: 60_000 },
      TILE,
    );
    const slides = await app.running.deps.db('slides').where({ video_id: video.id, via_upload_link: true }).whereNull('deleted_at');
    assert.equal(slides.length, 1);

    // An upload-only link (level 2) has the spec's family steps without Preview: nothing it could preview is its own to edit.
    const hash = video.security_hash;
    const familySteps = [
      ['setup', `/creator/${hash}/setup`],
      ['slides', `/creator/${hash}/slides`],
      ['music', `/creator/${hash}/music`],
      ['finish', `/creator/${hash}/finish`],
    ];
    assert.deepEqual(await stepLinks(family), familySteps);

    // Its setup page shows the words and the theme, every input disabled, and artwork a family may load.
    const [customTheme] = await app.running.deps
      .db('custom_themes')
      .insert({ theme_id: 1, organization_id: (await app.running.deps.db('videos').where({ id: video.id }).first()).organization_id, user_id: video.user_id, title: 'Rose Garden' })
      .returning('id');
    await app.running.deps.db('videos').where({ id: video.id }).update({ theme_id: 1, custom_theme_id: customTheme.id });
    const setupPage = await family.goto(`${app.url}/creator/${hash}/setup`, { waitUntil: 'networkidle0' });
    assert.match(setupPage?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
    await family.waitForSelector('#setup-title');
    assert.deepEqual(await stepLinks(family), familySteps, 'no Preview step on the setup page either');
    assert.equal(await family.$('[data-step="preview"]'), null);
    for (const id of ['#setup-title', '#setup-subtitle', '#setup-introText']) {
      assert.equal(await family.$eval(id, (el) => (el as HTMLInputElement).disabled), true, `${id} is disabled`);
    }
    assert.equal(await family.$eval('#setup-title', (el) => (el as HTMLInputElement).value), 'Chloé Dubois');
    assert.equal(await family.$('#setup-billingId'), null, 'no billing field for a family');
    assert.equal(await family.$('#brand'), null, 'no branding for a family');
    const themeButton = await family.waitForSelector('button::-p-text(Change Theme)');
    assert.equal(await themeButton!.evaluate((el) => (el as HTMLButtonElement).disabled), true, 'the theme button is disabled');
    assert.equal(await family.$('button::-p-text(Edit Custom Theme)'), null, 'the custom theme editor is for staff only');
    assert.equal(await family.$('::-p-text(Uploads and edits are disabled)'), null, 'the family may still upload: no read-only notice');
    await family.waitForFunction(
      () => {
        const img = document.querySelector('[data-testid="artwork-preview"]') as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      },
      { timeout: 60_000 },
    );
    assert.match(await family.$eval('[data-testid="artwork-preview"]', (el) => el.getAttribute('src') ?? ''), /^\/r\/themes\/1\/poster\.jpg/);
    // Typing into the disabled title changes nothing.
    await family.click('#setup-title').catch(() => undefined);
    await family.keyboard.type('x');
    assert.equal(await family.$eval('#setup-title', (el) => (el as HTMLInputElement).value), 'Chloé Dubois');
    await checkAccessibility(family, 'family setup (upload only)');
    await screenshot(family, 'family-setup-upload-only', 1280);
    await family.setViewport({ width: 1280, height: 900 });

    // Finish is the last step, a link, and takes the family to the Done button.
    const steps = await family.$$(STEP_LINKS);
    const last = steps[steps.length - 1];
    assert.deepEqual(await last.evaluate((el) => [el.tagName, el.getAttribute('data-step'), el.getAttribute('href')]), ['A', 'finish', `/creator/${hash}/finish`]);
    await Promise.all([family.waitForSelector('::-p-text(press Done)'), last.click()]);
    assert.equal((await family.$$('[data-testid="family-note"]')).length, 1, 'the note shows once on Finish too');
    assert.equal(await family.evaluate(() => location.pathname), `/creator/${hash}/finish`);
    await checkAccessibility(family, 'family finish step');
    await screenshot(family, 'family-finish', 1280);
    await screenshot(family, 'family-finish', 375);
    await family.setViewport({ width: 1280, height: 900 });

    await family.locator('button::-p-text(Done)').click();
    await family.waitForSelector('[role="dialog"]');
    await family.locator('[role="dialog"] button::-p-text(Done)').click();
    await family.waitForSelector('[data-testid="family-thank-you"]');

    const finished = await app.running.deps.db('videos').where({ id: video.id }).first();
    assert.equal(finished.family_upload_finished, true);
    const creator = await app.running.deps.db('users').where({ id: video.user_id }).first();
    const told = await app.running.deps.db('outbox').where({ recipient: creator.email }).where('subject', 'like', '%finished%');
    assert.equal(told.length, 1, 'the staff are told by mail');

    // Live sync: the staff panel turns into the finished notice without a reload.
    await staff.waitForSelector('[data-testid="family-finished"]', { timeout: 15_000 });
    await checkAccessibility(staff, 'family finished notice');
    await screenshot(staff, 'upload-link-finished', 1280);
    await screenshot(staff, 'upload-link-finished', 375);

    assert.deepEqual(staffErrors, []);
    assert.deepEqual(familyErrors, [], 'no console errors (a refused load would be one)');

    // Nothing the family pages asked for came from another site.
    const origin = new URL(app.url);
    const local = familyRequests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'));
    assert.ok(local.length > 10, `requests were recorded (${local.length})`);
    assert.ok(local.some((url) => /^wss?:/.test(url)), 'the live socket was recorded too');
    for (const url of local) {
      const target = new URL(url);
      const sameOrigin = target.host === origin.host && target.protocol.replace(/^ws/, 'http') === origin.protocol;
      assert.ok(sameOrigin, `${url} is not from ${origin.origin}`);
    }
  });
});
