import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { loadConfig, projectRoot } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { startServer, type Running } from '../../server/src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../server/test/database.ts';

export const DEMO_PASSWORD = 'demo-password-e2e';
export const OUTPUT_DIR = path.join(projectRoot, 'test-output');

export interface E2eApp {
  url: string;
  running: Running;
  /** Its data folder (DATA_DIR). */
  dataDir: string;
  /** The staff user the file's fixtures make videos for (makeStaffVideo); the demo's staff@example.com when absent. */
  staffEmail?: string;
  stop(): Promise<void>;
}

/**
 * The whole product (HTTP, live sync, job worker) on a fresh database with the demo seed — with the short test
 * music library and without the demo tribute's background render, which would compete with the browser for the cores.
 * env adds settings as the environment gives them (ALLOW_PLAIN_HTTP, say), for this app only; databaseName names
 * its database (else a random name).
 */
export async function startApp(env: Record<string, string> = {}, databaseName?: string): Promise<E2eApp> {
  process.env.STOCK_MUSIC_LIBRARY ??= 'test';
  process.env.DEMO_TRIBUTE ??= '0';
  const database: TestDatabase = await createTestDatabase(databaseName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-e2e-'));
  const config = { ...loadConfig({ ...env, DATA_DIR: dataDir, DEMO_PASSWORD, SESSION_SECRET: 'e2e' }), port: 0 };
  await seedDemo(database.db, config);
  const running = await startServer(config, database.db, database.url);
  return {
    url: running.url,
    running,
    dataDir,
    async stop() {
      await running.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    const err = new Error(`Chromium not found at ${candidate}: install it with 'sudo apt-get install chromium' or set CHROME_PATH.`);
    // Mocha prints the stack when there is one; the reader needs the fix on one line, not where it was noticed.
    err.stack = err.message;
    throw err;
  }
  return candidate;
}

/**
 * The flags headless Debian Chromium needs here: as root (no sandbox), without a GPU, and quiet on this closed
 * network (no QUIC, background networking, component updates or sync, each of which would try to reach Google).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Headless Debian Chromium with the flags this closed network needs. */
export async function launchBrowser(extraArgs: string[] = []): Promise<{ browser: Browser; userDataDir: string; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-chrome-'));
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    userDataDir,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  return {
    browser,
    userDataDir,
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Collects console errors, uncaught exceptions and Content-Security-Policy violations (issue 17: every page runs
 * under the policy, so any browser test that meets a blocked script, style or connection fails on it); a test
 * asserts the list is empty. The violation listener is installed before any page script of every later load.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  // (A page closed at once refuses the script; Chromium's own console line for a violation still counts then.)
  page
    .evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
      });
    })
    .catch(() => undefined);
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page; serious or critical violations fail the test with their rule ids. */
export async function checkAccessibility(page: Page, label: string): Promise<void> {
  // A dialog still fading in has its text at partial opacity, which axe reads as poor contrast. Endless animations
  // (a keyboard-focused button's pulsating ripple, a spinner) never finish, so only the finite ones are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // A tooltip left by the last hover fades out before it is removed, and its fade may not have started when the
  // animations above were asked for: axe then read its text at partial opacity (a loaded CI run, the music page).
  // A tooltip meant to be open stays fully opaque and is checked as it is; the wait is bounded either way.
  await page
    .waitForFunction(() => [...document.querySelectorAll('.MuiTooltip-tooltip')].every((t) => getComputedStyle(t).opacity === '1'), { timeout: 2000, polling: 50 })
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ` ${n.html.slice(0, 160)}`).join(', ')}`);
  });
  if (violations.length) throw new Error(`Accessibility problems on ${label}:\n  ${violations.join('\n  ')}`);
}

/** Saves a full-page PNG under test-output/ at the given width. */
export async function screenshot(page: Page, name: string, width: number): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.setViewport({ width, height: 900 });
  await new Promise((r) => setTimeout(r, 300));
  const file = path.join(OUTPUT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file as `${string}.png`, fullPage: true });
  return file;
}

export async function login(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/users/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.locator('button[type="submit"]').click()]);
}
