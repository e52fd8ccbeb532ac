import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import type { Db } from '../../server/src/db/database.ts';
import { checkAccessibility, DEMO_PASSWORD, launchBrowser, login, screenshot, startApp, watchConsole, type E2eApp } from './harness.ts';

/** Helpers of the browser tests of the administration pages: their setup, lists, form dialogs and confirmations. */

/** What a suite of the super user's pages works with, ready once the suite's first `before` hook has run. */
export interface SuperUserSession {
  readonly app: E2eApp;
  /** Signed in as the demo's super user, at the desktop width. */
  readonly page: Page;
  /** What the page's console reported since before the sign-in (watchConsole). */
  readonly consoleErrors: string[];
  /** A folder for the files a test makes to upload; removed after the suite. */
  readonly tmp: string;
  db(): Db;
  /** Opens a path of the app at the desktop width and waits until the page's calls are done. */
  open(where: string): Promise<void>;
  /**
   * Screenshots `{suite}-{name}` (`{suite}` for an empty name) at 1280 and 375 px, axe on the phone layout (after
   * `phone`, what that layout must show first), then back to the desktop width.
   */
  shots(name: string, options?: { label?: string; phone?: () => Promise<unknown> }): Promise<void>;
}

/**
 * Registers the suite's setup and clean-up (mocha's before and after hooks; call it inside `describe`): the app on
 * a fresh database, a browser, one page watched for console errors and signed in as the super user.
 */
export function superUserSession(suite: string, options: { browserArgs?: string[] } = {}): SuperUserSession {
  let app: E2eApp | undefined;
  let chrome: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let page: Page | undefined;
  let tmp: string | undefined;
  let consoleErrors: string[] | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('superUserSession: used before its before hook ran');
    return value;
  };

  before(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), `${suite}-`));
    app = await startApp();
    chrome = await launchBrowser(options.browserArgs);
    page = await chrome.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    consoleErrors = watchConsole(page);
    await login(page, app.url, 'admin@example.com', DEMO_PASSWORD);
    assert.equal(new URL(page.url()).pathname, '/dashboard', 'signed in as the super user');
  });
  after(async () => {
    await chrome?.close();
    await app?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  return {
    get app() {
      return ready(app);
    },
    get page() {
      return ready(page);
    },
    get consoleErrors() {
      return ready(consoleErrors);
    },
    get tmp() {
      return ready(tmp);
    },
    db: () => ready(app).running.deps.db,
    open: (where) => openAt(ready(page), `${ready(app).url}${where}`),
    async shots(name, { label = name || suite, phone } = {}) {
      const p = ready(page);
      const file = name ? `${suite}-${name}` : suite;
      await screenshot(p, file, 1280);
      await screenshot(p, file, 375);
      await phone?.();
      await checkAccessibility(p, `${label} on a phone`);
      await p.setViewport({ width: 1280, height: 900 });
    },
  };
}

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

/** Deletes a list's row by its Delete button (labelled with the row's name), confirmed. */
export async function deleteRow(page: Page, name: string): Promise<void> {
  await page.locator(`button[aria-label="Delete ${name}"]`).click();
  await confirmWith(page, 'Delete');
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
