/**
 * The extension installed the way IT departments install it (issue 29.2): no developer mode, no extension loaded by
 * the test. Debian's Chromium and firefox-esr read this installation's force-install policies
 * (installer/policies.ts) from their system folders (in a mount namespace of their own, managed-browser.ts, so no
 * policy is left on this machine), fetch the extension from the product's /denim routes, and a product page then
 * talks to it. Chromium also takes an update: the server starts serving a build with a higher version, an update
 * check is asked for on chrome://extensions (as Chrome's periodic one would run), and the new version answers.
 *
 * Firefox takes only https update addresses, so its loopback build here has no update_url and its update is not
 * tried (the updates.json answer is checked in server/test/denim.test.ts).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { buildAll } from '../../extension/build.ts';
import { CHROME_KEY_NAME, loadOrCreateChromeKey, type ChromeKey } from '../../extension/chrome-key.ts';
import { chromiumPolicy, firefoxPolicy } from '../../installer/policies.ts';
import { askExtensionVersion, freePort, startBurnApp, type BurnApp } from './burn-harness.ts';
import { canManagePolicies, launchManagedChromium, launchManagedFirefox, type ManagedBrowser } from './managed-browser.ts';

/** The extension's version as a product page hears it (the version request every Burn DVD starts with). */
async function versionFromPage(browser: Browser, url: string): Promise<string | null> {
  const page: Page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const replies = (await askExtensionVersion(page, 3000)) as { reply: { type: string; extension?: string } }[];
    return replies.find((frame) => frame.reply.type === 'extension_version')?.reply.extension ?? null;
  } finally {
    await page.close();
  }
}

/**
 * The version once the extension answers: asked again and again from a product page (each ask waits 3 s for the
 * reply), as installing by policy takes its time after the browser starts.
 */
async function versionOnceInstalled(browser: Browser, url: string, attempts = 40): Promise<string | null> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const version = await versionFromPage(browser, url);
    if (version !== null) return version;
  }
  return null;
}

/** Puts a build where the server serves it from, replacing what was there. */
function serve(app: BurnApp, buildDir: string): void {
  for (const name of readdirSync(app.servedDir)) rmSync(path.join(app.servedDir, name), { recursive: true, force: true });
  cpSync(buildDir, app.servedDir, { recursive: true });
}

describe('The extension installed by policy, without developer mode, updating itself', function () {
  this.timeout(240_000);
  let app: BurnApp;
  let work: string;
  let chromeKey: ChromeKey;
  let managed: ManagedBrowser | null = null;

  before(async function () {
    if (!canManagePolicies()) this.skip(); // needs root and unshare, as the CI machine has
    work = mkdtempSync(path.join(os.tmpdir(), 'tribute-managed-'));
    // This installation's key, as the first build makes it.
    chromeKey = loadOrCreateChromeKey(path.join(work, 'keys', CHROME_KEY_NAME));
    app = await startBurnApp(await freePort());
    for (const helperVersion of [7, 8]) await buildAll(app.url, path.join(work, `build-${helperVersion}`), { helperVersion, chromeKey });
    serve(app, path.join(work, 'build-7'));
  });

  afterEach(async () => {
    await managed?.close();
    managed = null;
  });

  after(async () => {
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('Chromium installs it from the server by ExtensionInstallForcelist, under the key’s id, and updates to a higher version', async () => {
    managed = await launchManagedChromium(chromiumPolicy({ chromeExtensionId: chromeKey.extensionId, publicUrl: app.url }));
    const { browser } = managed;
    assert.equal(await versionOnceInstalled(browser, `${app.url}/users/login`), '1.6.7');
    // Installed by policy, not by a developer: chrome://extensions shows developer mode off, the extension under the
    // key's id and not unpacked.
    const extensionsPage = await browser.newPage();
    await extensionsPage.goto('chrome://extensions');
    type DeveloperPrivate = {
      getProfileConfiguration(): Promise<{ inDeveloperMode: boolean }>;
      getExtensionInfo(id: string): Promise<{ version: string; location: string }>;
      autoUpdate(): Promise<void>;
    };
    const state = await extensionsPage.evaluate(async (id) => {
      const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate;
      const info = await api.getExtensionInfo(id);
      return { developerMode: (await api.getProfileConfiguration()).inDeveloperMode, version: info.version, unpacked: info.location === 'UNPACKED' };
    }, chromeKey.extensionId);
    assert.deepEqual(state, { developerMode: false, version: '1.6.7', unpacked: false });

    // The server now offers a build with a higher version; an update check (Chrome's periodic one, asked for now)
    // reads the server's update manifest and installs it.
    serve(app, path.join(work, 'build-8'));
    await extensionsPage.evaluate(() => (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate.autoUpdate());
    await extensionsPage.close();
    let version: string | null = null;
    for (let attempt = 0; attempt < 40 && version !== '1.6.8'; attempt++) version = await versionFromPage(browser, `${app.url}/users/login`);
    assert.equal(version, '1.6.8');
  });

  it('firefox-esr installs the .xpi from the server by policies.json ExtensionSettings', async () => {
    serve(app, path.join(work, 'build-7'));
    managed = await launchManagedFirefox(firefoxPolicy({ publicUrl: app.url }));
    // Firefox installs policy add-ons as it starts; the page hears the extension once it runs.
    const version = await versionOnceInstalled(managed.browser, `${app.url}/users/login`, 20);
    assert.equal(version, '1.7.7');
  });
});
