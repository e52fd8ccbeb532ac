/**
 * What every burn test file shares, written once for both browsers (issue 32): one app, one installed helper, one
 * browser with the extension, one signed-in page and one finished video serve all the tests of a file (each test
 * burns its own disc; nothing else carries over), a burn window opened as staff open it, the check that a burn
 * ended "burned and verified" with the disc's bytes equal to the server's ISO, and the one failure-screenshot hook.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import {
  burnShot,
  cachedBurnerBuild,
  freePort,
  installHelper,
  isoOnServer,
  launchChromium,
  launchFirefox,
  pressBurnDvd,
  rowStatus,
  serveBuild,
  startBurnApp,
  waitForRow,
  type BurnApp,
  type BurnBrowser,
  type InstalledHelper,
} from './burn-harness.ts';
import { makeFinishedVideo } from './finished-video.ts';
import { signIn } from './sign-in.ts';

export type BurnKind = BurnBrowser['kind'];

/** The browser's name in test titles. */
export const BROWSER_NAMES: Record<BurnKind, string> = { chromium: 'Chromium', firefox: 'Firefox' };

/**
 * A stable public port per browser keeps each cached build (the extension names its origin); the Chromium and the
 * Firefox files use different ones so that two of them running side by side both keep theirs.
 */
export const BURN_PORTS: Record<BurnKind, number> = { chromium: 47310, firefox: 47320 };

export interface BurnSessionOptions {
  /** The finished video's title. */
  title: string;
  /** The app's extra environment (e.g. DOWNLOAD_ALTERNATES). */
  env?: (publicPort: number) => Record<string, string>;
}

export interface BurnSession {
  kind: BurnKind;
  app: BurnApp;
  /** The burner build the server serves (helper, extensions, install script). */
  build: string;
  helper: InstalledHelper;
  browser: BurnBrowser;
  /** The signed-in page (1280 x 900) the tests press Burn DVD in. */
  page: Page;
  video: { id: number; videoCode: string };
  /** Firefox: the .xpi the server offered, as installed; Chromium: null. */
  xpi: string | null;
}

/**
 * The browser with the extension as a user has it: Chromium with the unpacked Chrome build; firefox-esr with the
 * .xpi the server offers at /denim (downloaded here as a user downloads it).
 */
export async function launchBurnBrowser(kind: BurnKind, app: BurnApp, build: string, helper: InstalledHelper): Promise<{ browser: BurnBrowser; xpi: string | null }> {
  if (kind === 'chromium') return { browser: await launchChromium(helper.home, path.join(build, 'extension', 'chrome')), xpi: null };
  const res = await fetch(`${app.url}${DENIM_PATHS.firefoxExtension}`);
  assert.equal(res.status, 200, `GET ${DENIM_PATHS.firefoxExtension}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/x-xpinstall/);
  const xpi = path.join(helper.home, 'tribute-burner-firefox.xpi');
  writeFileSync(xpi, Buffer.from(await res.arrayBuffer()));
  return { browser: await launchFirefox(helper.home, xpi), xpi };
}

/**
 * Registers the file's hooks (in the calling describe) and answers the session they fill: before all tests the app,
 * the build, the helper installed by the per-user script, the browser, a signed-in page and a finished video;
 * before each test the helper's download folder emptied (each burn downloads again) and the proxy unpaced; after a
 * failed test pictures of the page and every burn window; after all, everything closed and removed.
 */
export function useBurnSession(kind: BurnKind, options: BurnSessionOptions): BurnSession {
  const session = { kind } as BurnSession;
  before(async () => {
    const publicPort = await freePort(BURN_PORTS[kind]);
    // Built (or taken from the cache) before the app starts: the first build of a helper takes a while.
    session.build = await cachedBurnerBuild({ publicUrl: `http://127.0.0.1:${publicPort}` });
    session.app = await startBurnApp(publicPort, options.env?.(publicPort) ?? {});
    await serveBuild(session.app, session.build);
    session.helper = await installHelper(session.app);
    const launched = await launchBurnBrowser(kind, session.app, session.build, session.helper);
    session.browser = launched.browser;
    session.xpi = launched.xpi;
    session.page = await session.browser.browser.newPage();
    await session.page.setViewport({ width: 1280, height: 900 });
    await signIn(session.page, session.app.url, 'staff@example.com');
    session.video = await makeFinishedVideo(session.app, session.page, options.title);
  });
  after(async () => {
    session.app?.proxy.paceIso(null);
    await session.browser?.close();
    await session.app?.stop();
    if (session.helper) rmSync(session.helper.home, { recursive: true, force: true });
  });
  beforeEach(() => {
    if (session.helper) rmSync(session.helper.downloadDir(), { recursive: true, force: true });
    session.app?.proxy.paceIso(null);
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session.browser) await failureShots(session.browser.browser, session.page, this.currentTest.title);
  });
  return session;
}

/** Pictures of the page and of every burn window after a failed test, to see what they showed. */
export async function failureShots(browser: Browser, page: Page | null, title: string): Promise<void> {
  const name = (title.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40) || 'test').toLowerCase();
  if (page) await burnShot(page, `burn-failed-${name}-page`).catch(() => undefined);
  const windows = (await browser.pages()).filter((p) => /\/burn\/\d+/.test(p.url()));
  for (const [i, win] of windows.entries()) await burnShot(win, `burn-failed-${name}-window${i}`).catch(() => undefined);
}

/** Presses Burn DVD on a video's details page as staff do and answers the burn window, sized as the extension opens it. */
export async function openBurnWindow(session: BurnSession, videoId = session.video.id, closeOthers = true): Promise<Page> {
  const win = await pressBurnDvd(session.browser.browser, session.page, session.app.url, videoId, closeOthers);
  await win.setViewport({ width: 700, height: 440 });
  return win;
}

export interface VerifiedDiscOptions {
  /** The drive's file (default the virtual burner's disc). */
  disc?: string;
  /** A real drive's writes are padded to whole blocks: only the image's length of bytes is compared. */
  padded?: boolean;
}

/**
 * The four rows Completed and the disc equal to the server's ISO, byte for byte (a padded drive: its first bytes).
 * Answers the ISO as the server holds it.
 */
export async function expectVerifiedDisc(
  app: BurnApp,
  helper: InstalledHelper,
  win: Page,
  videoId: number,
  label: string,
  options: VerifiedDiscOptions = {},
): Promise<{ size: number; sha256: string }> {
  await waitForRow(win, 'Verify', /Completed/, 240_000);
  for (const row of ['Finalize', 'Download', 'Burn'] as const) assert.match(await rowStatus(win, row), /Completed/, `${label}: the ${row} row is Completed`);
  const iso = await isoOnServer(app, videoId);
  const file = options.disc ?? helper.discFile;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    assert.fail(`${label}: the disc was written (${file})`);
  }
  if (options.padded) assert.ok(bytes.length >= iso.size, `${label}: the disc holds the whole image`);
  else assert.equal(bytes.length, iso.size, `${label}: the disc holds the ISO's size`);
  assert.equal(createHash('sha256').update(bytes.subarray(0, iso.size)).digest('hex'), iso.sha256, `${label}: the disc's bytes equal the ISO's`);
  return iso;
}
