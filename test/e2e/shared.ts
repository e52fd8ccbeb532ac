/**
 * One app and one browser for every browser-test file a mocha process runs (mocha --parallel reuses its worker
 * processes across files; a serial run is one process). Starting the app (a database, a data folder, the seed, the
 * stock music and theme pictures) and Chromium was most of a browser test file's time; a file that does not need
 * its own (special settings, the super user's global pages) now takes these shared ones and gets, for itself:
 *
 * - a new organization with its own staff user (newOrganization), so no file sees another's videos, orders or
 *   settings, and
 * - a fresh browser context (incognito-like), so no cookies or storage leak between files.
 *
 * Both are started on first use. A serial run closes them in the global teardown (global-fixture.ts); a parallel
 * worker is ended by mocha without a hook, so at its exit Chromium is killed (puppeteer's exit handler) and the
 * data folder removed, and the main process's global teardown drops the worker's database by its run's name.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { insertDemoOrganization } from '../../server/src/seed/demo.ts';
import { closers, RUN_ENV, SHARED_DB_PREFIX } from './global-fixture.ts';
import { DEMO_PASSWORD, launchBrowser, startApp, watchConsole, type E2eApp } from './harness.ts';
import { signIn } from './sign-in.ts';


let app: Promise<E2eApp> | undefined;
let chrome: Promise<Awaited<ReturnType<typeof launchBrowser>>> | undefined;
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  closers.push(closeShared);
  process.once('exit', () => {
    for (const dir of leftDirs) rmSync(dir, { recursive: true, force: true });
  });
}
const leftDirs = new Set<string>();

/** The process's app (started on first call): the demo seed on a database of its own, with the test settings. */
export function sharedApp(): Promise<E2eApp> {
  if (!app) {
    hookExit();
    const run = process.env[RUN_ENV] ?? randomBytes(4).toString('hex');
    app = startApp({}, `${SHARED_DB_PREFIX}${run}_${process.pid}`).then((started) => {
      leftDirs.add(started.dataDir);
      return started;
    });
  }
  return app;
}

/** The process's Chromium (launched on first call). */
export async function sharedBrowser(): Promise<Browser> {
  if (!chrome) {
    hookExit();
    chrome = launchBrowser().then((launched) => {
      leftDirs.add(launched.userDataDir);
      return launched;
    });
  }
  return (await chrome).browser;
}

/** Closes the shared app and browser when this process started them (a serial run's end). */
export async function closeShared(): Promise<void> {
  const [started, launched] = [app, chrome];
  app = undefined;
  chrome = undefined;
  await (await launched?.catch(() => undefined))?.close();
  await (await started?.catch(() => undefined))?.stop();
}

export interface Organization {
  id: number;
  /** The organization's staff user (role org_admin, the demo staff user's role), password DEMO_PASSWORD. */
  staff: { id: number; email: string };
}

/**
 * A new organization on the app made as the seed makes the demo's (name, brands, billing prompt, staff user, the demo
 * videos and their orders) but with a staff email of its own and no super user: a test file's own tenant, whose
 * videos, orders and settings no other file's tests see or change.
 */
export async function newOrganization(target: E2eApp): Promise<Organization> {
  const email = `staff-${randomBytes(5).toString('hex')}@example.com`;
  const { db } = target.running.deps;
  const made = await db.transaction((trx) => insertDemoOrganization(trx, DEMO_PASSWORD, { staff: email, super: null }));
  return { id: made.organizationId, staff: { id: made.staffId, email } };
}

/** What a test file works with once its `before` hook has run (staffSession). */
export interface StaffSession {
  /** The shared app, seen as this file's: makeStaffVideo makes its videos for this file's staff user. */
  readonly app: E2eApp;
  readonly browser: Browser;
  /** The file's own browser context: its pages share the staff user's cookies and no other file's. */
  readonly context: BrowserContext;
  /** Signed in as the organization's staff user (signed out with the visitor option), at 1280 x 900. */
  readonly page: Page;
  /** What the page's console reported since the sign-in (watchConsole). */
  readonly consoleErrors: string[];
  readonly organization: Organization;
}

export interface StaffSessionOptions {
  /** Watch the console from before the sign-in instead of after it. */
  watchSignIn?: boolean;
  viewport?: { width: number; height: number };
  /** Leave the page signed out: a member of the public on the file's organization's pages (its videos, its links). */
  visitor?: boolean;
  /**
   * Chromium flags the file needs that the shared browser lacks (--autoplay-policy=no-user-gesture-required, say):
   * the file then launches a Chromium of its own with them, still on the shared app, and closes it after.
   */
  browserArgs?: string[];
}

/**
 * Registers the file's setup and clean-up (mocha's before and after hooks; call it inside `describe`): a new
 * organization on the shared app, a new browser context on the shared browser, and a page signed in as the
 * organization's staff user with its console watched.
 */
export function staffSession(options: StaffSessionOptions = {}): StaffSession {
  let state: StaffSession | undefined;
  const ready = (): NonNullable<typeof state> => {
    if (!state) throw new Error('staffSession: used before its before hook ran');
    return state;
  };
  let own: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  before(async () => {
    const shared = await sharedApp();
    const organization = await newOrganization(shared);
    if (options.browserArgs) own = await launchBrowser(options.browserArgs);
    const browser = own?.browser ?? (await sharedBrowser());
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(options.viewport ?? { width: 1280, height: 900 });
    let consoleErrors = options.watchSignIn ? watchConsole(page) : [];
    if (!options.visitor) await signIn(page, shared.url, organization.staff.email);
    if (!options.watchSignIn) consoleErrors = watchConsole(page);
    // Its stop() is a no-op: the shared app outlives the file.
    const app: E2eApp = { ...shared, staffEmail: organization.staff.email, stop: async () => undefined };
    state = { app, browser, context, page, consoleErrors, organization };
  });
  after(async () => {
    await state?.context.close().catch(() => undefined);
    await own?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get browser() {
      return ready().browser;
    },
    get context() {
      return ready().context;
    },
    get page() {
      return ready().page;
    },
    get consoleErrors() {
      return ready().consoleErrors;
    },
    get organization() {
      return ready().organization;
    },
  };
}

export interface FamilyVisit {
  /** A browser context of its own: no staff cookie, nothing shared with the staff page. */
  context: BrowserContext;
  /** Its page, 1280 x 900, with the console watched into `errors`. */
  page: Page;
  errors: string[];
  /** The video's security hash: the family link's address part (/creator/{hash}/...). */
  hash: string;
}

/** A family member on one of the organization's demo videos (by title) through its upload link, set as `link` says. */
export async function openFamilyVisit(app: E2eApp, browser: Browser, organizationId: number, title: string, link: Record<string, unknown>): Promise<FamilyVisit> {
  const { db } = app.running.deps;
  const video = await db('videos').where({ title, organization_id: organizationId }).first();
  await db('videos').where({ id: video.id }).update(link);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  return { context, page, errors: watchConsole(page), hash: video.security_hash };
}
