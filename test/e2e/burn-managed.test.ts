/**
 * The extension installed the way IT departments install it (issue 29.2): no developer mode, no extension loaded by
 * the test. Debian's Chromium and firefox-esr read this installation's force-install policies
 * (installer/policies.ts) from their system folders (in a mount namespace of their own, managed-browser.ts, so no
 * policy is left on this machine), fetch the extension from the product's /denim routes, and then burn: the helper
 * installed by the per-user install script as a user installs it, Burn DVD on a finished video, the window through
 * to "burned and verified" on the virtual burner, and the disc's bytes equal the server's ISO. Chromium also takes an
 * update: the server starts serving a build with a higher version, an update check is asked for on
 * chrome://extensions (as Chrome's periodic one would run), and the new version answers.
 *
 * Firefox takes only https update addresses, so this loopback http build has no update_url: Firefox's update is
 * burn-managed-firefox-update.test.ts, over https.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { buildAll } from '../../extension/build.ts';
import { CHROME_KEY_NAME, loadOrCreateChromeKey, type ChromeKey } from '../../extension/chrome-key.ts';
import { chromiumPolicy, firefoxPolicy } from '../../installer/policies.ts';
import {
  actAsChrome,
  builtChromeExtensionId,
  CACHE_DIR,
  cachedBurnerBuild,
  freePort,
  installHelper,
  pressBurnDvd,
  serveBuild,
  startBurnApp,
  versionFromPage,
  type BurnApp,
  type InstalledHelper,
} from './burn-harness.ts';
import { expectVerifiedDisc, failureShots } from './burn-session.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { canManagePolicies, launchManagedChromium, launchManagedFirefox, type ManagedBrowser } from './managed-browser.ts';
import { signIn } from './sign-in.ts';

/** A stable public port keeps the cached burner build (the extension names its origin). */
const PREFERRED_PORT = 47330;


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

describe('The extension installed by policy, without developer mode: burning and updating itself', function () {
  this.timeout(600_000);
  let app: BurnApp;
  let work: string;
  /** The burner build the server serves: helper, install script and the extensions at version x.y.7. */
  let build: string;
  let chromeKey: ChromeKey;
  /** One helper, installed once by the script for this user: its host manifests serve both browsers. */
  let helper: InstalledHelper;
  let video: { id: number; videoCode: string } | null = null;
  let managed: ManagedBrowser | null = null;
  let page: Page | null = null;

  before(async function () {
    if (!canManagePolicies()) this.skip(); // needs root and unshare, as the CI machine has
    const publicPort = await freePort(PREFERRED_PORT);
    build = await cachedBurnerBuild({ publicUrl: `http://127.0.0.1:${publicPort}` });
    // This installation's key, as the first build made it beside the signing key: the policy names its id.
    chromeKey = loadOrCreateChromeKey(path.join(CACHE_DIR, CHROME_KEY_NAME));
    assert.equal(builtChromeExtensionId(build), chromeKey.extensionId, 'the served build is signed with this installation’s key');
    app = await startBurnApp(publicPort);
    work = mkdtempSync(path.join(os.tmpdir(), 'tribute-managed-'));
    // The next release's extensions (x.y.8), signed with the same key, for the update.
    await buildAll(app.url, path.join(work, 'build-8'), { helperVersion: 8, chromeKey });
    await serveBuild(app, build);
    helper = await installHelper(app);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && managed) await failureShots(managed.browser, page, `managed-${this.currentTest.title}`);
  });

  after(async () => {
    await app?.stop();
    if (helper) rmSync(helper.home, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Closes the browser a describe launched (each browser serves all the tests of its describe). */
  async function closeManaged(): Promise<void> {
    await managed?.close();
    managed = null;
    page = null;
  }

  /**
   * Burn DVD as staff press it in the policy-installed browser: signed in, the details page of a finished video (made
   * once, by the first browser), the window through to "burned and verified", the disc equal to the server's ISO.
   */
  async function burnInManagedBrowser(label: string): Promise<void> {
    const browser = managed!.browser;
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, app.url, 'staff@example.com');
    video ??= await makeFinishedVideo(app, page, 'Ruth "Ruthie" Calloway');
    rmSync(helper.downloadDir(), { recursive: true, force: true });
    helper.insertBlank('DVD-R');
    const win = await pressBurnDvd(browser, page, app.url, video.id);
    await win.setViewport({ width: 700, height: 440 });
    await expectVerifiedDisc(app, helper, win, video.id, label);
  }

  describe('Chromium by ExtensionInstallForcelist', () => {
    before(async () => {
      managed = await launchManagedChromium(chromiumPolicy({ chromeExtensionId: chromeKey.extensionId, publicUrl: app.url }), { home: helper.home });
      // Headless Chromium's user agent, as Chrome's: the product offers Burn DVD to Chrome only.
      await actAsChrome(managed.browser);
    });
    after(closeManaged);

    it('installs it from the server under the key’s id, developer mode off, not unpacked', async () => {
      const { browser } = managed!;
      assert.equal(await versionOnceInstalled(browser, `${app.url}/users/login`), '1.6.7');
      const state = await developerState(browser, chromeKey.extensionId);
      assert.deepEqual(state, { developerMode: false, version: '1.6.7', unpacked: false });
    });

    it('burns a finished video to "burned and verified" with the policy-installed extension', async () => {
      await burnInManagedBrowser('Chromium, policy-installed');
      // Still only what the policy installed: no developer mode switched on along the way.
      assert.equal((await developerState(managed!.browser, chromeKey.extensionId)).developerMode, false);
    });

    it('updates itself to the higher version the server offers', async () => {
      const { browser } = managed!;
      // The server now offers a build with a higher version; an update check (Chrome's periodic one, asked for now)
      // reads the server's update manifest and installs it.
      await serveBuild(app, build);
      cpSync(path.join(work, 'build-8'), app.servedDir, { recursive: true });
      const extensionsPage = await browser.newPage();
      await extensionsPage.goto('chrome://extensions');
      await extensionsPage.evaluate(() => (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate.autoUpdate());
      await extensionsPage.close();
      let version: string | null = null;
      for (let attempt = 0; attempt < 40 && version !== '1.6.8'; attempt++) version = await versionFromPage(browser, `${app.url}/users/login`);
      assert.equal(version, '1.6.8');
      await serveBuild(app, build);
    });
  });

  describe('firefox-esr by policies.json ExtensionSettings', () => {
    before(async () => {
      await serveBuild(app, build);
      managed = await launchManagedFirefox(firefoxPolicy({ publicUrl: app.url }), { home: helper.home });
    });
    after(closeManaged);

    it('installs the .xpi from the server', async () => {
      // Firefox installs policy add-ons as it starts; the page hears the extension once it runs.
      assert.equal(await versionOnceInstalled(managed!.browser, `${app.url}/users/login`, 20), '1.7.7');
    });

    it('burns a finished video to "burned and verified" with the policy-installed add-on', async () => {
      await burnInManagedBrowser('firefox-esr, policy-installed');
    });
  });
});

/** chrome://extensions' own API (chrome.developerPrivate), as the page's toggles and Update button use it. */
type DeveloperPrivate = {
  getProfileConfiguration(): Promise<{ inDeveloperMode: boolean }>;
  getExtensionInfo(id: string): Promise<{ version: string; location: string }>;
  autoUpdate(): Promise<void>;
};

/** Whether developer mode is on, and the extension's version and whether it was loaded unpacked, read on chrome://extensions. */
async function developerState(browser: Browser, extensionId: string): Promise<{ developerMode: boolean; version: string; unpacked: boolean }> {
  const extensionsPage = await browser.newPage();
  try {
    await extensionsPage.goto('chrome://extensions');
    return await extensionsPage.evaluate(async (id) => {
      const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome.developerPrivate;
      const info = await api.getExtensionInfo(id);
      return { developerMode: (await api.getProfileConfiguration()).inDeveloperMode, version: info.version, unpacked: info.location === 'UNPACKED' };
    }, extensionId);
  } finally {
    await extensionsPage.close();
  }
}
