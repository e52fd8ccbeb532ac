import type { Page } from 'puppeteer-core';

/** Helpers of the browser tests of the administration pages: their lists, form dialogs and confirmations. */

/** Opens an address at the desktop width the tests start from and waits until the page's calls are done. */
export async function openAt(page: Page, url: string): Promise<void> {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(url, { waitUntil: 'networkidle0' });
}

/** Waits until some element matching the selector shows the text. */
export const waitForText = (page: Page, selector: string, text: string, timeout = 10_000) =>
  page.waitForFunction((s, t) => [...document.querySelectorAll(s)].some((el) => el.textContent?.includes(t)), { timeout }, selector, text);

export const waitWithoutText = (page: Page, selector: string, text: string) =>
  page.waitForFunction((s, t) => ![...document.querySelectorAll(s)].some((el) => el.textContent?.includes(t)), { timeout: 10_000 }, selector, text);

/** A field of the open form dialog by its name (MUI's hidden select inputs left out). */
export const dialogField = (page: Page, name: string) => page.locator(`[role="dialog"] [name="${name}"]:not([aria-hidden="true"])`);

/** Replaces a dialog field's text: Locator.fill adds to what a field already holds. */
export async function retype(page: Page, name: string, text: string): Promise<void> {
  await dialogField(page, name).click();
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type(text);
}

export const submitDialog = (page: Page) => page.locator('[role="dialog"] button[type="submit"]').click();

export const dialogClosed = (page: Page, timeout = 10_000) => page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout });

/** Picks an option of the form dialog's select by the select's label; a multiple select is closed after (Escape). */
export async function chooseOption(page: Page, label: string, option: string, multiple = false): Promise<void> {
  await page.locator(`::-p-xpath(//div[@role="dialog"]//div[@role="combobox"][@aria-labelledby=//*[starts-with(normalize-space(), "${label}")]/@id])`).click();
  await page.locator(`::-p-xpath(//li[@role="option"][normalize-space()="${option}"])`).click();
  if (multiple) await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="listbox"]'), { timeout: 10_000 });
}

/** Answers the open confirmation with the button of that label and waits until it has gone. */
export async function confirmWith(page: Page, label: string): Promise<void> {
  await page.waitForSelector('[role="dialog"] #confirm-text');
  await page.locator(`::-p-xpath(//div[@role="dialog"]//button[normalize-space()="${label}"])`).click();
  await page.waitForFunction(() => !document.querySelector('#confirm-text'), { timeout: 10_000 });
}

/** Sets an input React controls where typing is awkward (a date), through the native setter so React sees it. */
export const setInputValue = (page: Page, selector: string, value: string) =>
  page.$eval(
    selector,
    (el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
