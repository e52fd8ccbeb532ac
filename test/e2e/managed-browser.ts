/**
 * Browsers on a managed computer, for the policy-install test (issue 29.2): Debian's Chromium and firefox-esr read
 * the force-install policies of installer/policies.ts from their system folders, exactly where an IT department
 * (or our policy .deb) puts them. The test must not leave policy on this machine, so each browser runs in a mount
 * namespace of its own (`unshare --mount`, as root) where a temporary folder is bind-mounted over the browser's
 * policy folder: the browser sees our policy at the real path, the rest of the machine never does, and nothing is
 * left behind when it exits.
 *
 * Chromium is started WITHOUT --disable-background-networking (puppeteer's default, and the harness's): with it
 * Chromium never asks the update server, so a forcelisted extension is never downloaded. No extension is loaded
 * and no developer mode is switched on: whatever extension runs came from the policy.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_POLICY_FILE, FIREFOX_POLICY_FILE, json } from '../../installer/policies.ts';
import { CHROMIUM_ARGS, chromePath } from './harness.ts';

/** Debian's Chromium reads /etc/chromium/policies/managed/*.json. */
const CHROMIUM_ETC = '/etc/chromium';
/** firefox-esr reads <install dir>/distribution/policies.json; Debian links that folder to this one. */
const FIREFOX_DISTRIBUTION = '/usr/share/firefox-esr/distribution';

export interface ManagedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * A launcher that runs `executable` in a private mount namespace with `overlay` bind-mounted over `target`. The
 * browser's own arguments and puppeteer's pipe (fds 3 and 4) pass through unshare and both execs.
 */
function namespacedLauncher(work: string, executable: string, overlay: string, target: string): string {
  const launcher = path.join(work, 'launch-managed.sh');
  writeFileSync(
    launcher,
    [
      '#!/bin/sh',
      `exec unshare --mount --propagation private sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' ${quote(overlay)} ${quote(target)} ${quote(executable)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(launcher, 0o755);
  return launcher;
}

/** Whether this process may make mount namespaces (root with unshare): the managed tests need it. */
export function canManagePolicies(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/unshare') && existsSync(CHROMIUM_ETC) && existsSync(FIREFOX_DISTRIBUTION);
}

export interface ManagedOptions {
  /**
   * The user's HOME, where the helper's install script wrote its host manifests (Chromium: the profile is then that
   * user's ~/.config/chromium, whose NativeMessagingHosts/ it reads; Firefox: ~/.mozilla/native-messaging-hosts).
   * Default: a profile of the browser's own and no helper.
   */
  home?: string;
  /** Firefox: preferences for its profile (e.g. how often it looks for add-on updates). */
  firefoxPrefs?: Record<string, unknown>;
}

const userEnv = (home: string): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_CACHE_HOME: path.join(home, '.cache'),
});

/** Debian's Chromium with `policy` as its managed policy, a profile of its own (or the user's), headless, no extension loaded. */
export async function launchManagedChromium(policy: unknown, options: ManagedOptions = {}): Promise<ManagedBrowser> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tribute-managed-chromium-'));
  const etc = path.join(work, 'etc-chromium');
  mkdirSync(path.join(etc, 'policies', 'managed'), { recursive: true });
  // Keep what Debian ships in the folder we cover (its default preferences).
  if (existsSync(path.join(CHROMIUM_ETC, 'master_preferences'))) copyFileSync(path.join(CHROMIUM_ETC, 'master_preferences'), path.join(etc, 'master_preferences'));
  writeFileSync(path.join(etc, 'policies', 'managed', CHROMIUM_POLICY_FILE), json(policy));
  const launcher = namespacedLauncher(work, chromePath(), etc, CHROMIUM_ETC);
  return ownedBy(work, () =>
    puppeteer.launch({
      executablePath: launcher,
      headless: true,
      pipe: true,
      userDataDir: options.home ? path.join(options.home, '.config', 'chromium') : path.join(work, 'profile'),
      ...(options.home ? { env: userEnv(options.home) } : {}),
      ignoreDefaultArgs: ['--disable-background-networking', '--disable-extensions', '--disable-component-update'],
      args: CHROMIUM_ARGS.filter((arg) => arg !== '--disable-background-networking' && arg !== '--disable-component-update'),
    }),
  );
}

/** A browser launched for a work folder of its own, which goes with it (also when the launch fails). */
async function ownedBy(work: string, launch: () => Promise<Browser>): Promise<ManagedBrowser> {
  try {
    const browser = await launch();
    return {
      browser,
      async close() {
        await browser.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** firefox-esr with `policies` as its distribution/policies.json, headless, no add-on installed by the test. */
export async function launchManagedFirefox(policies: unknown, options: ManagedOptions = {}): Promise<ManagedBrowser> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tribute-managed-firefox-'));
  const distribution = path.join(work, 'distribution');
  mkdirSync(distribution, { recursive: true });
  writeFileSync(path.join(distribution, FIREFOX_POLICY_FILE), json(policies));
  const launcher = namespacedLauncher(work, process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', distribution, FIREFOX_DISTRIBUTION);
  const home = options.home ?? path.join(work, 'home');
  mkdirSync(home, { recursive: true });
  return ownedBy(work, () =>
    puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: launcher,
      headless: true,
      env: { ...userEnv(home), MOZ_HEADLESS: '1' },
      extraPrefsFirefox: { 'dom.security.https_first': false, 'browser.shell.checkDefaultBrowser': false, ...options.firefoxPrefs },
    }),
  );
}
