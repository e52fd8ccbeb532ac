import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { NO_PAYMENT_TEXT } from '../../common/retail-order.ts';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { makeStaffVideo } from './slide-fixtures.ts';

/** Types into a form field by its id, replacing what is there. */
async function fill(page: Page, id: string, text: string): Promise<void> {
  await page.click(`#${id}`, { count: 3 });
  await page.type(`#${id}`, text);
}

describe("a member of the public orders copies from the player's Buy a DVD link, without a login", function () {
  this.timeout(240_000);
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];

  // The file's own organization on the shared app, its page signed out: the video is the organization's, the buyer no one's.
  const session = staffSession({ visitor: true, watchSignIn: true });
  before(() => {
    ({ app, page, consoleErrors } = session);
  });

  it('fills the address, gets each mistake beside its field, sends the order and the funeral home has it', async () => {
    const video = await makeStaffVideo(app, 'Eleanor Rigby', { date_in_queue: new Date(), finished: true });
    await page.goto(`${app.url}/orders/hard_copies/${video.video_code}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="no-payment"]');
    assert.equal(await page.$eval('[data-testid="no-payment"]', (el) => (el as HTMLElement).innerText.trim()), NO_PAYMENT_TEXT);
    assert.ok((await page.$eval('main', (el) => (el as HTMLElement).innerText)).includes('Eleanor Rigby'));
    await page.locator('button[aria-label="One more DVD in Memorial Case"]').click();
    await fill(page, 'retail-name', 'Mary Jones');
    await fill(page, 'retail-email', 'mary@');
    await page.locator('button::-p-text(Send Order)').click();
    await page.waitForSelector('#retail-email-helper-text');
    assert.equal(await page.$eval('#retail-email-helper-text', (el) => el.textContent), 'Please enter a valid email address.');
    assert.equal(await page.$eval('#retail-addressLine1-helper-text', (el) => el.textContent), 'Address is required.');
    await screenshot(page, 'retail-order-problems', 1280);
    await screenshot(page, 'retail-order-problems', 375);
    await page.setViewport({ width: 1280, height: 900 });
    await fill(page, 'retail-email', 'mary@example.com');
    await fill(page, 'retail-addressLine1', '12 Elm Street');
    await fill(page, 'retail-city', 'Springfield');
    await fill(page, 'retail-postalCode', '62701');
    await page.locator('button::-p-text(Send Order)').click();
    const thanks = await page.waitForSelector('[role="status"]::-p-text(Thank you.)');
    assert.match(await thanks!.evaluate((el) => (el as HTMLElement).innerText), /will contact you at mary@example\.com about payment and delivery/);
    await screenshot(page, 'retail-order-sent', 375);
    await page.setViewport({ width: 1280, height: 900 });
    const order = await app.running.deps.db('orders').where({ video_id: video.id }).first();
    assert.deepEqual([order.user_id, order.source, order.customer_name, order.city], [null, 'retail', 'Mary Jones', 'Springfield']);
    await checkAccessibility(page, 'the retail order form');
    assert.deepEqual(consoleErrors, []);
  });
});
