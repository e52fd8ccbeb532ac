/**
 * firefox-esr keeps the policy-installed extension current by itself (issue 29.2). Firefox takes only an https
 * gecko.update_url (an http one marks the add-on incompatible), so the product here is served over https: a TLS front
 * with a certificate authority made for this test, which firefox-esr trusts through the policies.json
 * Certificates.Install policy (beside ExtensionSettings, as an IT department that runs its own CA would set it). The
 * public address is https, so the build's Firefox manifest carries gecko.update_url = /denim/updates/firefox.json.
 * The server then offers a build with a higher version and the installed add-on updates to it.
 *
 * How the update check is brought forward (read in firefox-esr's own omni.ja, not guessed):
 * - AddonManager's background update check is the update-timer category entry "addon-background-update-timer",
 *   whose interval is the preference extensions.update.interval (default 86400 s), run by UpdateTimerManager.
 * - UpdateTimerManager first ticks app.update.timerFirstInterval ms after start (10 s at least) and then no more
 *   often than app.update.timerMinimumDelay seconds (30 s at least); a timer with no lastUpdateTime fires at its
 *   first tick. So with interval 30 s the add-ons are checked at about 10 s and then every 30 s.
 * - puppeteer's Firefox profile turns add-on updates off (extensions.update.enabled false): turned back on here.
 * - An ESR build accepts an update manifest served with a certificate outside Mozilla's built-in roots
 *   (extensions.update.requireBuiltInCerts defaults to false when the version ends in "esr"), so the CA the
 *   policy installed is enough.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { FIREFOX_EXTENSION_ID } from '../../common/burn-protocol.ts';
import { firefoxUpdateUrl } from '../../common/extension-updates.ts';
import { buildAll } from '../../extension/build.ts';
import { firefoxPolicy } from '../../installer/policies.ts';
import { freePort, serveBuild, startBurnApp, versionFromPage, type BurnApp } from './burn-harness.ts';
import { failureShots } from './burn-session.ts';
import { canManagePolicies, launchManagedFirefox, type ManagedBrowser } from './managed-browser.ts';
import { makeTestCertificates } from './test-certificates.ts';

/** A port of its own: this file's builds are for an https address no other file uses. */
const PREFERRED_PORT = 47340;

/** How often firefox-esr is made to look for add-on updates (see above); 30 s is the timer's own floor. */
const UPDATE_PREFS = {
  'extensions.update.enabled': true,
  'extensions.update.interval': 30,
  'app.update.timerFirstInterval': 10_000,
  'app.update.timerMinimumDelay': 30,
};


/** Asks until the page hears `wanted` (each ask takes about 3 s), answering the last version heard. */
async function waitForVersion(browser: Browser, url: string, wanted: string, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let version: string | null = null;
  while (version !== wanted && Date.now() < deadline) version = await versionFromPage(browser, url);
  return version;
}

describe('firefox-esr updates the policy-installed extension from the server over https', function () {
  this.timeout(300_000);
  let app: BurnApp;
  let work: string;
  let caFile: string;
  let managed: ManagedBrowser | null = null;

  before(async function () {
    if (!canManagePolicies()) this.skip(); // needs root and unshare, as the CI machine has
    work = mkdtempSync(path.join(os.tmpdir(), 'tribute-firefox-update-'));
    const tls = makeTestCertificates(work);
    caFile = tls.caFile;
    app = await startBurnApp(await freePort(PREFERRED_PORT), {}, { tls });
    assert.match(app.url, /^https:\/\//);
    for (const helperVersion of [7, 8]) await buildAll(app.url, path.join(work, `build-${helperVersion}`), { helperVersion, browsers: ['firefox'] });
    await serveBuild(app, path.join(work, 'build-7'));
    const policy = firefoxPolicy({ publicUrl: app.url });
    managed = await launchManagedFirefox({ policies: { ...policy.policies, Certificates: { Install: [tls.caFile] } } }, { firefoxPrefs: UPDATE_PREFS });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && managed) await failureShots(managed.browser, null, `firefox-update-${this.currentTest.title}`);
  });

  after(async () => {
    await managed?.close();
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('builds for the https address with gecko.update_url pointing at the server’s updates.json', async () => {
    const manifest = JSON.parse(readFileSync(path.join(work, 'build-7', 'extension', 'firefox', 'manifest.json'), 'utf8')) as {
      version: string;
      browser_specific_settings: { gecko: { id: string; update_url?: string } };
    };
    assert.equal(manifest.version, '1.7.7');
    assert.equal(manifest.browser_specific_settings.gecko.id, FIREFOX_EXTENSION_ID);
    assert.equal(manifest.browser_specific_settings.gecko.update_url, `${app.url}/denim/updates/firefox.json`);
    assert.equal(manifest.browser_specific_settings.gecko.update_url, firefoxUpdateUrl(app.url));
    // What Firefox will read there: the served build's version and the .xpi's hash.
    const offered = (await fetchJson(firefoxUpdateUrl(app.url), caFile)) as { addons: Record<string, { updates: { version: string; update_link: string; update_hash: string }[] }> };
    assert.equal(offered.addons[FIREFOX_EXTENSION_ID]?.updates[0]?.version, '1.7.7');
    assert.match(offered.addons[FIREFOX_EXTENSION_ID].updates[0].update_link, /^https:\/\//);
  });

  it('installs the .xpi by policy over https, then updates itself to the higher version the server offers', async () => {
    const { browser } = managed!;
    const page = `${app.url}/users/login`;
    assert.equal(await waitForVersion(browser, page, '1.7.7', 120_000), '1.7.7', 'installed by policy from the https address');
    await serveBuild(app, path.join(work, 'build-8'));
    // Firefox's own background check (every 30 s here) reads updates.json and installs the new .xpi.
    assert.equal(await waitForVersion(browser, page, '1.7.8', 150_000), '1.7.8', 'updated by Firefox’s background update check');
  });
});

/** A JSON answer of the https front, fetched with the test's CA trusted (Node does not know it either). */
async function fetchJson(url: string, caFile: string): Promise<unknown> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    request(url, { ca: readFileSync(caFile) }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(body) as unknown));
    })
      .on('error', reject)
      .end();
  });
}
