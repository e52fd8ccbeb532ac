import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { DeviceSimulator, type SyncResult } from '../../scripts/device-simulator.ts';
import { addFinishedHd } from '../../server/test/hd-fixture.ts';
import { superUserSession } from './admin-page.ts';
import { checkAccessibility, screenshot } from './harness.ts';
import { makeStaffVideo } from './slide-fixtures.ts';
import { pageCall } from './page-api.ts';

/** A JSON call from the signed-in page that must succeed: its body. */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const reply = await pageCall<T>(page, method, url, body);
  assert.ok(reply.status < 300, `${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as T;
}

const statusOf = (page: Page) => page.$$eval('[data-testid="silk-status"]', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));

describe('Direct Delivery in the browser: the details page list while a device downloads', function () {
  this.timeout(120_000);
  const ui = superUserSession('silks');
  let videoId: number;
  let organizationId: number;

  before(async () => {
    // The device API hands out absolute file urls made from PUBLIC_URL; the test app listens on a port of its own.
    ui.app.running.deps.config.publicUrl = ui.app.url;
    const video = await makeStaffVideo(ui.app, 'Remembering Ruth', { date_in_queue: new Date() });
    videoId = video.id;
    organizationId = video.organization_id!;
    await addFinishedHd(ui.app.running.deps, videoId, 2);
  });

  /** Registers a device of the video's organization as the settings page does (the record, then its token). */
  async function register(label: string, deviceId: string): Promise<string> {
    const { silk } = await call<{ silk: { id: number } }>(ui.page, 'POST', '/r/settings/silks', { organization_id: organizationId, label, device_id: deviceId });
    return (await call<{ token: string }>(ui.page, 'POST', `/r/settings/silks/${silk.id}/token`)).token;
  }

  it('with one device the list shows directly; switched on, it shows Downloading then Ready while the simulator runs', async () => {
    await ui.page.goto(`${ui.app.url}/videos/${videoId}/details`, { waitUntil: 'networkidle0' });
    assert.equal(await ui.page.$('[data-testid="silk-widget"]'), null, 'no devices: nothing shows');

    const token = await register('Chapel 10', 'E2E-CHAPEL-10');
    await ui.page.reload({ waitUntil: 'networkidle0' });
    await ui.page.waitForSelector('[data-testid="silk-widget"] [data-testid="silk-row"]');
    assert.equal(await ui.page.$('[data-testid="silk-widget"] [aria-expanded]'), null, 'one device: no collapsible header');
    assert.equal(await ui.page.$eval('[data-testid="silk-row"]', (el) => (el as HTMLElement).innerText.includes('#E2E-CHAPEL-10')), true, 'super users see the device id with #');
    assert.deepEqual(await statusOf(ui.page), ['Off']);

    await ui.page.click('[data-testid="silk-row"] input[type="checkbox"]');
    await ui.page.waitForFunction(() => document.querySelector('[data-testid="silk-status"]')?.textContent?.trim() === 'Queued');
    // The card's Direct Delivery row follows the switch.
    await ui.page.waitForFunction(() => [...document.querySelectorAll('dd')].some((dd) => dd.textContent === 'Chapel 10'));

    // About 5 s of download, so the page's 2 s polls see it on the way.
    const bytes = Number((await ui.app.running.deps.db('videos').where({ id: videoId }).first('hd_size')).hd_size);
    const simulator = new DeviceSimulator({ server: ui.app.url, token, dir: ui.tmp, rateBytesPerSecond: Math.ceil(bytes / 5), progressIntervalMs: 250 });
    const running: Promise<SyncResult> = simulator.syncOnce();
    await ui.page.waitForFunction(() => /^Downloading \d+%$/.test(document.querySelector('[data-testid="silk-status"]')?.textContent?.trim() ?? ''), { timeout: 15_000 });
    await ui.page.waitForSelector('[data-testid="silk-row"] [role="progressbar"]');
    await screenshot(ui.page, 'silks-widget-downloading', 1280);
    await screenshot(ui.page, 'silks-widget-downloading', 375);
    await ui.page.setViewport({ width: 1280, height: 900 });
    await ui.page.waitForFunction(() => document.querySelector('[data-testid="silk-status"]')?.textContent?.trim() === 'Ready', { timeout: 30_000 });
    const result = await running;
    assert.deepEqual(result.ready, [videoId]);
    assert.deepEqual(result.errors, []);
    assert.equal(await ui.page.$eval('[data-testid="silk-row"]', (el) => (el as HTMLElement).innerText.includes('Online')), true);
    await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await checkAccessibility(ui.page, 'the details ui.page with a Direct Delivery device');
  });

  it('with two or more devices a collapsible Direct Delivery header holds the list, sorted by label', async () => {
    await register('chapel 2', 'E2E-CHAPEL-2');
    await register('Lobby', 'E2E-LOBBY');
    await ui.page.reload({ waitUntil: 'networkidle0' });
    const header = '[data-testid="silk-widget"] [aria-expanded]';
    await ui.page.waitForSelector(header);
    assert.equal(await ui.page.$eval(header, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()), 'Direct Delivery 1 of 3 on');
    assert.equal(await ui.page.$eval(header, (el) => el.getAttribute('aria-expanded')), 'false');
    await ui.page.click(header);
    await ui.page.waitForFunction((h) => document.querySelector(h)?.getAttribute('aria-expanded') === 'true', {}, header);
    const labels = await ui.page.$$eval('[data-testid="silk-row"]', (rows) => rows.map((row) => row.getAttribute('data-device-id')));
    assert.deepEqual(labels, ['E2E-CHAPEL-2', 'E2E-CHAPEL-10', 'E2E-LOBBY']);
    await ui.page.waitForFunction(() => document.querySelectorAll('[data-testid="silk-status"]')[1]?.textContent?.trim() === 'Ready');
    await screenshot(ui.page, 'silks-widget-expanded', 1280);
    await screenshot(ui.page, 'silks-widget-expanded', 375);
    await ui.page.setViewport({ width: 1280, height: 900 });
    await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await checkAccessibility(ui.page, 'the expanded Direct Delivery list');
  });

  it('/settings/silks registers a device and shows its token once, edits its label, and deletes it after confirming', async () => {
    const { db } = ui.app.running.deps;
    const waitForText = (selector: string, text: string) =>
      ui.page.waitForFunction((sel, t) => [...document.querySelectorAll(sel)].some((el) => (el as HTMLElement).innerText.includes(t)), {}, selector, text);
    await ui.page.goto(`${ui.app.url}/settings/silks`, { waitUntil: 'networkidle0' });
    await waitForText('table tbody', 'E2E-CHAPEL-10');
    await ui.page.locator('::-p-text(New device)').click();
    await ui.page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await ui.page.locator('[role="dialog"] input[name="label"]').fill('Family Room');
    await ui.page.locator('[role="dialog"] input[name="deviceId"]').fill('E2E-CHAPEL-10');
    await ui.page.locator('::-p-text(Create device)').click();
    // The server's message beside the field: the id is taken.
    await waitForText('[role="dialog"] .Mui-error', 'A device with this device id is already registered.');
    // Typed over what is there (select all first: fill() after a refused save added to the old text).
    await ui.page.click('[role="dialog"] input[name="deviceId"]', { count: 3 });
    await ui.page.keyboard.type('E2E-FAMILY');
    await ui.page.locator('::-p-text(Create device)').click();

    await ui.page.waitForSelector('[data-testid="device-token"]');
    const token = await ui.page.$eval('[data-testid="device-token"]', (el) => (el as HTMLElement).innerText.trim());
    assert.match(token, /^tdd_[A-Za-z0-9_-]{43}$/);
    await ui.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    await screenshot(ui.page, 'silks-settings-token', 1280);
    await screenshot(ui.page, 'silks-settings-token', 375);
    await ui.page.setViewport({ width: 1280, height: 900 });
    await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await checkAccessibility(ui.page, 'the device token dialog');
    // The token works on the device API: the new device signs in and has nothing to fetch yet.
    const deliveries = await fetch(`${ui.app.url}/api/devices/v1/deliveries`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(deliveries.status, 200);
    assert.equal(((await deliveries.json()) as { device: { label: string } }).device.label, 'Family Room');
    await ui.page.locator('::-p-text(Done)').click();
    await ui.page.waitForSelector('[data-testid="device-token"]', { hidden: true });
    await waitForText('table tbody', 'E2E-FAMILY');

    await ui.page.locator('button[aria-label="Edit Family Room (#E2E-FAMILY)"]').click();
    await ui.page.click('[role="dialog"] input[name="label"]', { count: 3 });
    await ui.page.keyboard.type('Family Room 2');
    await ui.page.locator('[role="dialog"] ::-p-text(Save)').click();
    await waitForText('table tbody', 'Family Room 2');
    assert.equal((await db('silks').where({ device_id: 'E2E-FAMILY' }).first()).label, 'Family Room 2');
    await screenshot(ui.page, 'silks-settings', 1280);
    await screenshot(ui.page, 'silks-settings', 375);
    await ui.page.setViewport({ width: 1280, height: 900 });
    await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await checkAccessibility(ui.page, '/settings/silks');

    await ui.page.locator('button[aria-label="Delete Family Room 2 (#E2E-FAMILY)"]').click();
    await waitForText('[role="dialog"]', 'will be deleted with its token');
    await ui.page.locator('::-p-xpath(//*[@role="dialog"]//button[normalize-space()="Delete"])').click();
    await ui.page.waitForFunction(() => !document.querySelector('table tbody')?.textContent?.includes('E2E-FAMILY'));
    assert.equal(await db('silks').where({ device_id: 'E2E-FAMILY' }).first(), undefined);
    assert.equal((await fetch(`${ui.app.url}/api/devices/v1/deliveries`, { headers: { Authorization: `Bearer ${token}` } })).status, 401);
    // The browser logs the refused save (the device id that was taken), which the test asked for.
    assert.deepEqual(ui.consoleErrors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
