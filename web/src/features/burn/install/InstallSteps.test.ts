/**
 * Which way to add the extension the install steps offer (issue 29.2): the store listing where the server names one,
 * else IT's policy and Developer mode for Chrome and Edge, and for Firefox the server's package only when Mozilla
 * signed it. Rendered to HTML as React renders it on the page.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DenimInstallPaths } from '../../../../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';
import { DEVELOPER_MODE_PICTURES } from './developer-mode-pictures.ts';
import type { BurnSystem } from './burn-compat.ts';
import { NO_INSTALL_PATHS } from './install-paths.ts';
import { DeveloperModeSteps, ExtensionStep, type ExtensionBrowser } from './InstallSteps.tsx';

const CHROME_STORE = 'https://chromewebstore.google.com/detail/tribute-dvd-burner/abcdefghijklmnopabcdefghijklmnop';
const EDGE_STORE = 'https://microsoftedge.microsoft.com/addons/detail/tribute-dvd-burner/xyz';
const AMO = 'https://addons.mozilla.org/firefox/addon/tribute-dvd-burner/';

function step(browser: ExtensionBrowser, paths: DenimInstallPaths, inGuide = false, system: BurnSystem | null = null): string {
  return renderToStaticMarkup(createElement(ExtensionStep, { browser, paths, system, inGuide, developerSteps: createElement('span', { id: 'developer-steps' }) }));
}

const withStores = (stores: Partial<DenimInstallPaths['stores']>): DenimInstallPaths => ({ ...NO_INSTALL_PATHS, stores: { ...NO_INSTALL_PATHS.stores, ...stores } });

describe('the install steps: which way to add the extension', () => {
  it('sends Chrome to its store listing when one is configured, with no Developer mode', () => {
    const html = step('chrome', withStores({ chrome: CHROME_STORE }));
    assert.ok(html.includes(`href="${CHROME_STORE}"`), html);
    assert.match(html, /Add to Chrome/);
    assert.doesNotMatch(html, /developer-steps|Developer mode/);
  });

  it('sends Edge to Edge Add-ons, or to the Chrome Web Store with the “allow other stores” note', () => {
    assert.ok(step('edge', withStores({ chrome: CHROME_STORE, edge: EDGE_STORE })).includes(`href="${EDGE_STORE}"`));
    const chromeOnly = step('edge', withStores({ chrome: CHROME_STORE }));
    assert.ok(chromeOnly.includes(`href="${CHROME_STORE}"`));
    assert.match(chromeOnly, /allow extensions from other stores/);
  });

  it('without a store, offers Chrome and Edge the IT department first and Developer mode after it', () => {
    for (const browser of ['chrome', 'edge'] as const) {
      const html = step(browser, NO_INSTALL_PATHS);
      assert.ok(html.indexOf('IT department') < html.indexOf('Developer mode'), html);
      assert.match(html, /id="developer-steps"/);
      assert.match(html, /href="\/denim#it-departments"/, 'the dialog links to the guide’s part for IT');
    }
    assert.match(step('chrome', NO_INSTALL_PATHS, true), /href="#it-departments"/, 'the guide links to its own part');
  });

  it('offers a staff member with an administrator’s rights the policy for their own system where the browser honours it, before IT', () => {
    const built: DenimInstallPaths = { ...NO_INSTALL_PATHS, policies: ['linux_deb', 'macos_profile'] };
    const windows = step('firefox', built, false, 'windows');
    assert.match(windows, /All users of this computer/);
    assert.ok(windows.indexOf('All users') < windows.indexOf('IT department'));
    assert.match(step('edge', built, false, 'linux'), new RegExp(`href="${DENIM_PATHS.browserPolicies}\\?file=linux_deb"`));
    assert.match(step('firefox', built, false, 'macos'), /file=macos_profile.*Privacy &amp; Security, Profiles/);
    // Chrome and Edge on Windows and macOS take a policy extension only on a domain-joined or managed computer: IT's
    // path, then Developer mode, and nothing the staff member could do by themselves that would not work.
    for (const system of ['windows', 'macos'] as const) {
      const chrome = step('chrome', built, false, system);
      assert.doesNotMatch(chrome, /All users|browser_policies/, system);
      assert.ok(chrome.indexOf('IT department') < chrome.indexOf('Developer mode'), system);
    }
    assert.match(step('firefox', built, false, 'linux'), /Firefox ESR then adds the extension by itself/);
    // Without the file in this server's build, nothing to download is offered; the IT department still is.
    const bare = step('chrome', NO_INSTALL_PATHS, false, 'linux');
    assert.doesNotMatch(bare, /browser_policies/);
    assert.match(bare, /IT department/);
    assert.doesNotMatch(step('chrome', built, false, null), /All users|browser_policies/, 'the admin preview names no system');
  });

  it('offers Firefox its store, else the server’s package only when it is signed, else says plainly what works', () => {
    assert.ok(step('firefox', withStores({ firefox: AMO })).includes(`href="${AMO}"`));
    const signed = step('firefox', { ...NO_INSTALL_PATHS, firefoxSigned: true });
    assert.ok(signed.includes(`href="${DENIM_PATHS.firefoxExtension}"`), signed);
    const unsigned = step('firefox', NO_INSTALL_PATHS);
    assert.ok(!unsigned.includes(`href="${DENIM_PATHS.firefoxExtension}"`), 'no package release Firefox would refuse');
    assert.match(unsigned, /Firefox ESR/);
    assert.match(unsigned, /use Chrome or Edge/);
  });

  it('spells Developer mode out step by step, with a picture of each step and the zip for Load unpacked', () => {
    const html = renderToStaticMarkup(createElement(DeveloperModeSteps, { browser: 'edge' }));
    assert.ok(html.includes(`href="${DENIM_PATHS.chromeExtension}?format=zip"`));
    assert.match(html, /edge:\/\/extensions/);
    assert.equal(html.match(/<img /g)?.length, 3);
    for (const name of ['chrome-developer-mode.png', 'chrome-load-unpacked.png', 'chrome-extension-added.png']) assert.match(html, new RegExp(`src="/assets/burn-setup/${name}"`));
    // Each picture is in the folder the build copies to /assets/ (scripts/screenshots/developer-mode.ts makes them).
    for (const { file } of Object.values(DEVELOPER_MODE_PICTURES)) assert.ok(existsSync(new URL(`../../../../public/${file}`, import.meta.url)), file);
  });
});
