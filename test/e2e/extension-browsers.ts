/**
 * For end-to-end tests: Debian's Chromium and firefox-esr under puppeteer-core with a built burn extension loaded,
 * the way a user who installed it would have it. What works (puppeteer-core 24, Chromium 156, Firefox ESR 153):
 *
 * - Chromium: new headless mode, `pipe: true` and `enableExtensions: [dir]` (puppeteer loads the unpacked build
 *   over CDP Extensions.loadUnpacked, which Google Chrome 137+ still allows while it ignores --load-extension;
 *   Debian's Chromium 156 also takes `--load-extension=DIR --disable-extensions-except=DIR` with
 *   ignoreDefaultArgs: ['--disable-extensions']). The id follows from the build's key (the manifest's "key", extension/chrome-key.ts). Native messaging hosts are read from
 *   <userDataDir>/NativeMessagingHosts/<NATIVE_HOST_NAME>.json, so a test installs its helper's host manifest there.
 * - Firefox: `browser: 'firefox'` over WebDriver BiDi, then browser.installExtension(<.xpi or unpacked dir>) installs
 *   it as a temporary add-on (no signing needed). Firefox reads host manifests from
 *   $HOME/.mozilla/native-messaging-hosts/, so a test gives its own HOME in env.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { FIREFOX_EXTENSION_ID } from '../../common/burn-protocol.ts';
import { CHROMIUM_ARGS, chromePath } from './harness.ts';

export interface LaunchedBrowser {
  browser: Browser;
  /** Chromium: the profile folder (its NativeMessagingHosts/ holds host manifests). Firefox: null. */
  userDataDir: string | null;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Chromium only: a profile folder of the test's own (kept on close); default a new temporary one (removed). */
  userDataDir?: string;
  /** The browser's environment (Firefox: HOME decides where it looks for native messaging hosts). */
  env?: NodeJS.ProcessEnv;
  args?: string[];
}

/** Headless Chromium with the unpacked Chrome build at extensionDir. */
export async function launchChromiumWithExtension(extensionDir: string, options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const ownProfile = !options.userDataDir;
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'tribute-chrome-ext-'));
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    pipe: true,
    enableExtensions: [path.resolve(extensionDir)],
    userDataDir,
    env: options.env ?? process.env,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
  return {
    browser,
    userDataDir,
    async close() {
      await browser.close();
      if (ownProfile) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Headless firefox-esr with the Firefox build (an .xpi or the unpacked folder) installed as a temporary add-on. */
export async function launchFirefoxWithExtension(extensionPath: string, options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    headless: true,
    env: options.env ?? process.env,
    args: options.args ?? [],
  });
  try {
    const id = await browser.installExtension(path.resolve(extensionPath));
    if (id !== FIREFOX_EXTENSION_ID) throw new Error(`Firefox installed the extension as ${id}, not ${FIREFOX_EXTENSION_ID}.`);
  } catch (err) {
    await browser.close();
    throw err;
  }
  return { browser, userDataDir: null, close: () => browser.close() };
}
