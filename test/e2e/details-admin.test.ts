import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { OVERRIDE_CONFIRMATION } from '../../common/length-override.ts';
import { checkAccessibility, launchBrowser, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

/** Dialogs fade in; read one once its fade is done (its focused button's ripple, an animation, pulses for ever). */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );

/** axe waits for every animation to end: a focused control's ripple pulses for ever, so focus leaves it first. */
async function accessible(page: Page, label: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await checkAccessibility(page, label);
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewport({ width, height: 900 });
  await new Promise((r) => setTimeout(r, 400));
  await page.screenshot({ path: `/tmp/details-admin-${name}-${width}.png`, fullPage: true });
}

const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

/** Clicks the button, link or label inside `scope` whose whole text is `label`, once it is there. */
async function clickButton(page: Page, scope: string, label: string): Promise<void> {
  const find = (s: string, l: string) =>
    [...document.querySelectorAll(`${s} button, ${s} a, ${s} label`)].find((el) => (el as HTMLElement).innerText.trim() === l) as HTMLElement | undefined;
  await page.waitForFunction(find, {}, scope, label);
  await page.evaluate((s, l, f) => (new Function(`return (${f})`)() as typeof find)(s, l)!.click(), scope, label, find.toString());
}

async function confirmDialog(page: Page, expected: string, button: string): Promise<void> {
  await page.waitForSelector('[role="dialog"]');
  await settled(page);
  assert.equal(await textOf(page, '#confirm-text'), expected);
  await clickButton(page, '[role="dialog"]', button);
  await page.waitForSelector('[role="dialog"]', { hidden: true });
}

describe('the details page as a super user: admin table and Other Options', function () {
  this.timeout(240_000);
  let app: E2eApp;
  let browser: { browser: Browser; close(): Promise<void> };
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;

  before(async () => {
    app = await startApp();
    const { db } = app.running.deps;
    const org = await db('organizations').where({ organization_name: 'Demo Funeral Home' }).first();
    const [website] = await db('obituary_websites').insert({ organization_id: org.id, name: 'Demo Obituaries', domain: 'obits.demo.example' }).returning('*');
    await db('obituaries').insert({ website_id: website.id, slug: 'walter-price' });
    const video = await makeStaffVideo(app, 'Walter Price', {
      finished: true,
      date_in_queue: new Date(),
      video_duration: 45 * 60,
      obit_url: 'https://obits.demo.example/obituaries/walter-price',
      postback_url: 'https://hooks.demo.example/video',
    });
    videoId = video.id;
    await app.running.deps.repos.storage.write(`videos/${videoId}/slides/1/original.jpg`, Buffer.alloc(1_500_000, 7));
    browser = await launchBrowser();
    page = await browser.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'admin@example.com');
    consoleErrors = watchConsole(page);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the admin table with the obituary warnings, and turns the length override on after the warning', async () => {
    await page.goto(`${app.url}/videos/${videoId}/details`, { waitUntil: 'networkidle0' });
    const table = 'section[aria-label="Admin details"]';
    await page.waitForSelector(`${table} [data-testid="obituary-widget"]`);
    const text = await textOf(page, table);
    for (const expected of ['Length Override', 'Web Video', 'Not made yet', 'Demo Funeral Home', 'Sam Staff', 'https://hooks.demo.example/video', 'None recorded', 'Recent Activity']) {
      assert.ok(text.includes(expected), `the table shows ${expected}:\n${text}`);
    }
    assert.ok(text.includes('draft obit') && text.includes('Missing obituary_video record'), `the obituary warnings:\n${text}`);
    await shoot(page, 'table', 1280);
    await shoot(page, 'table', 375);
    await page.setViewport({ width: 1280, height: 900 });

    // The switch's label toggles it, as a click on the switch itself does.
    await clickButton(page, table, 'Off (limit 30 minutes)');
    await confirmDialog(page, OVERRIDE_CONFIRMATION, 'Proceed');
    await page.waitForFunction((s) => (document.querySelector(`${s} input[type="checkbox"]`) as HTMLInputElement | null)?.checked === true, {}, table);
    const row = await app.running.deps.db('videos').where({ id: videoId }).first();
    assert.equal(row.override_length_limit, true);
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Turned the length override on'), {}, table);
    await accessible(page, 'the admin details table');
  });

  it('deletes and restores the video, each after its question', async () => {
    const table = 'section[aria-label="Admin details"]';
    await clickButton(page, table, 'Delete');
    await confirmDialog(page, 'Are you sure you want to delete?', 'Delete');
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Restore'), {}, table);
    assert.notEqual((await app.running.deps.db('videos').where({ id: videoId }).first()).deleted_at, null);
    await clickButton(page, table, 'Restore');
    await confirmDialog(page, 'Are you sure you want to restore?', 'Restore');
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Delete'), {}, table);
    assert.equal((await app.running.deps.db('videos').where({ id: videoId }).first()).deleted_at, null);
    const activity = await textOf(page, 'section[aria-label="Recent activity"]');
    assert.ok(activity.indexOf('Restored the video') < activity.indexOf('Deleted the video'), `newest first:\n${activity}`);
  });

  it('offers Other Options on the Extras tab and shows what each resubmit did', async () => {
    await page.goto(`${app.url}/videos/${videoId}/details?tab=extras`, { waitUntil: 'networkidle0' });
    const options = 'section[aria-label="Other Options"]';
    await page.waitForSelector(options);
    await clickButton(page, options, 'Notify User');
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Mailed staff@example.com.'), {}, options);
    await clickButton(page, options, 'Notify Silk Devices');
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('no direct delivery devices'), {}, options);
    await clickButton(page, options, 'Video Postback');
    await page.waitForFunction((s) => document.querySelector(s)?.textContent?.includes('Queued a postback to https://hooks.demo.example/video.'), {}, options);
    const mail = await app.running.deps.db('outbox').where({ recipient: 'staff@example.com' }).orderBy('id', 'desc').first();
    assert.equal(mail.subject, 'The video for Walter Price is complete!');
    await clickButton(page, options, 'Preview Install Dialog');
    await page.waitForFunction(() => document.querySelector('[aria-labelledby="burn-install-title"]')?.textContent?.includes('Windows 10 or above, macOS 10.15 (Catalina) or above'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[aria-labelledby="burn-install-title"]'));
    const debugHref = await page.$eval(`${options} a[href$="/debug"]`, (a) => (a as HTMLAnchorElement).href);
    assert.ok(debugHref.endsWith(`/r/videos/${videoId}/debug`));
    await shoot(page, 'options', 1280);
    await shoot(page, 'options', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await accessible(page, 'Other Options');
  });

  it('lists the video’s files on the resources page and its activity on /activity_logs', async () => {
    await page.goto(`${app.url}/videos/${videoId}/resources`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('table[aria-label="Files of the video"]');
    const files = await textOf(page, 'table[aria-label="Files of the video"]');
    assert.ok(files.includes('slides/1/original.jpg') && files.includes('1.43 MB'), files);
    await shoot(page, 'resources', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.goto(`${app.url}/activity_logs?video_id=${videoId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('table[aria-label="Activity"] tbody tr');
    const log = await textOf(page, 'table[aria-label="Activity"]');
    assert.ok(log.includes('Deleted the video') && log.includes('Alex Admin'), log);
    const filled = await page.$$eval('form[aria-label="Filters"] input', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    assert.deepEqual(filled, ['', '', String(videoId)], 'the Video ID filter is filled from the address');
    await shoot(page, 'activity', 1280);
    await accessible(page, 'the activity log');
    assert.deepEqual(consoleErrors, []);
  });

  it("opens the creator's own page from the table's Creator link: the user, their videos and activity", async () => {
    const { db } = app.running.deps;
    const staff = await db('users').where({ email: 'staff@example.com' }).first();
    await page.goto(`${app.url}/videos/${videoId}/details`, { waitUntil: 'networkidle0' });
    await page.locator(`section[aria-label="Admin details"] a[href="/settings/users/${staff.id}"]`).click();
    await page.waitForSelector('section[aria-label="Videos"] a[href$="/details"]');
    assert.equal(new URL(page.url()).pathname, `/settings/users/${staff.id}`);
    const user = await textOf(page, 'section[aria-label="User"]');
    for (const expected of ['Sam Staff', 'staff@example.com', 'Demo Funeral Home', 'Active', 'Edit', 'Disable', 'Log in as']) assert.ok(user.includes(expected), `${expected}:\n${user}`);
    assert.ok((await textOf(page, 'section[aria-label="Videos"]')).includes('Walter Price'));
    await page.waitForSelector('section[aria-label="Recent Activity"]');
    await shoot(page, 'user', 1280);
    await shoot(page, 'user', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await accessible(page, "a user's page");
    assert.deepEqual(consoleErrors, []);
  });

  it('imports obituary pages from a CSV on /settings/obituaries and names each refused row', async () => {
    const csv = path.join(os.tmpdir(), `obituaries-${process.pid}.csv`);
    writeFileSync(csv, 'domain,slug,published_at\nobits.demo.example,walter-price,2026-11-20\nnot a host,x,\n');
    await page.goto(`${app.url}/settings/obituaries`, { waitUntil: 'networkidle0' });
    await page.locator('input[aria-autocomplete="list"]').fill('Demo Funeral');
    await page.locator('li[role="option"]::-p-text(Demo Funeral Home)').click();
    const input = (await page.$('input[data-testid="obituary-csv"]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(csv);
    await page.locator('button::-p-text(Import)').click();
    await page.waitForSelector('table[aria-label="Refused rows"]');
    assert.equal(await textOf(page, '[role="status"].MuiAlert-root'), '1 of 2 rows imported (0 new obituaries); 1 row refused.');
    assert.ok((await textOf(page, 'table[aria-label="Refused rows"]')).includes('domain must be a host name such as www.example.com: not a host'));
    const obituary = await app.running.deps.db('obituaries').where({ slug: 'walter-price' }).first();
    assert.equal(new Date(obituary.published_at).toISOString(), '2026-11-20T00:00:00.000Z');
    await shoot(page, 'obituaries', 1280);
    await shoot(page, 'obituaries', 375);
    await page.setViewport({ width: 1280, height: 900 });
    rmSync(csv, { force: true });
    assert.deepEqual(consoleErrors, []);
  });

  it('gives super users the Photo CD label, the IFRAME content and the top referers of player views', async () => {
    const { db } = app.running.deps;
    const video = await db('videos').where({ id: videoId }).first();
    // A player view sent from an obituary page (the page answers "not ready" without a web video; only a playable
    // page counts, so the count is planted the way the player route records it).
    await db('video_referers').insert({ video_id: videoId, site: 'obits.demo.example', count: 3 });
    await page.goto(`${app.url}/videos/${videoId}/details`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('section[aria-label="Admin details"]')?.textContent?.includes('obits.demo.example (3)'));
    await page.goto(`${app.url}/videos/${videoId}/details?tab=labels`, { waitUntil: 'domcontentloaded' });
    const pdf = await page.waitForSelector('[data-testid="label-photo_cd_label-pdf"]');
    assert.equal(await pdf!.evaluate((a) => new URL((a as HTMLAnchorElement).href).pathname), `/stationeries/photo_cd_label/${video.video_code}.pdf`);
    await page.goto(`${app.url}/videos/${videoId}/details?tab=share`, { waitUntil: 'domcontentloaded' });
    const frame = await page.waitForSelector('section[aria-label="IFRAME Content"] iframe[data-testid="iframe-content"]');
    assert.match(await frame!.evaluate((f) => (f as HTMLIFrameElement).src), new RegExp(`/videos/embedded_video/${video.video_code}$`));
    const content = await (await frame!.contentFrame())!.waitForSelector('.notice');
    assert.ok((await content!.evaluate((el) => el.textContent ?? '')).length > 0, 'the frame shows the player page');
    await shoot(page, 'iframe', 1280);
    await shoot(page, 'iframe', 375);
    await page.setViewport({ width: 1280, height: 900 });
    assert.deepEqual(consoleErrors, []);
  });
});
