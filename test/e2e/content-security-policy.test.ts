import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { ROUTES } from '../../web/src/app/routes.ts';
import { addPhotos, addTextSlide, makeStaffVideo } from './slide-fixtures.ts';
import { launchBrowser, login, DEMO_PASSWORD, startApp, watchConsole, type E2eApp } from './harness.ts';

/**
 * Issue 17: every page of the app's route table (web/src/app/routes.ts, so a new page is covered without anyone
 * remembering) opens under the server's Content-Security-Policy without a single violation: no blocked script,
 * style, image, connection or frame. The dialogs are covered where the other browser tests open them: their
 * console watch (harness.ts watchConsole) fails on any violation too.
 */
describe('every page under the content security policy', function () {
  this.timeout(300_000);
  let app: E2eApp;
  let chrome: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let errors: string[];

  before(async () => {
    app = await startApp();
    chrome = await launchBrowser();
    page = await chrome.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    errors = watchConsole(page);
  });
  after(async () => {
    await chrome?.close();
    await app?.stop();
  });

  /** One address for each route: its params filled from the demo data; the few RegExp routes from their examples. */
  async function addresses(): Promise<{ path: string; audience: string }[]> {
    const db = app.running.deps.db;
    const video = await makeStaffVideo(app, 'Policy Tribute');
    const [photo] = await addPhotos(app, video.id, [{ name: 'porch.jpg' }]);
    const slide = { id: photo };
    await addTextSlide(app, video.id, 'Forever in our hearts');
    const custom = await db('custom_themes').orderBy('id').first('id', 'theme_id');
    const staff = await db('users').where({ email: 'staff@example.com' }).first('id');
    const params: Record<string, string> = {
      id: String(video.id),
      videoId: String(video.id),
      videoAuthOrId: String(video.id),
      videoCode: video.video_code,
      slideId: String(slide.id),
      customThemeId: String(custom?.id ?? 1),
      themeId: String(custom?.theme_id ?? video.theme_id ?? 1),
      token: 'not-a-real-token',
      userId: String(staff?.id ?? 1),
    };
    const examples = [
      '/creator/new',
      `/creator/${video.id}/setup`,
      `/creator/${video.id}/slides`,
      `/creator/${video.id}/slides/${slide.id}/crop`,
      `/slides/${slide.id}`,
      `/slides/${slide.id}/text`,
    ];
    return ROUTES.flatMap((route) => {
      if (route.path instanceof RegExp) {
        const matching = examples.filter((example) => (route.path as RegExp).test(example));
        assert.ok(matching.length, `an example address for ${String(route.path)}`);
        return matching.map((path) => ({ path, audience: route.audience }));
      }
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
        assert.ok(params[name], `a value for :${name} in ${route.path}`);
        return params[name];
      });
      return [{ path, audience: route.audience }];
    }).filter(({ path }) => !path.startsWith('/users/logout')); // actions that end the session; their redirects are pages here
  }

  it('opens every page (the sign-in pages signed out, the rest as a super user) with no violation', async () => {
    const all = await addresses();
    const visit = async (path: string) => {
      // Not network idle: several pages poll every two seconds; the page's own frame, styles and first calls are what
      // this checks, and a violation is reported wherever it happens while the next page loads.
      const response = await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
      assert.match(String(response?.headers()['content-security-policy']), /script-src 'self';/, path);
      // Every lazily loaded page has mounted and drawn its styles.
      await page.waitForFunction(() => document.querySelectorAll('style[data-emotion]').length > 0 && !document.querySelector('[role="progressbar"][aria-label="Loading page"]'));
    };
    for (const { path } of all.filter((a) => a.audience === 'guest')) await visit(path);
    await login(page, app.url, 'admin@example.com', DEMO_PASSWORD);
    for (const { path } of all.filter((a) => a.audience !== 'guest')) await visit(path);
    await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
    console.log(`      ${all.length} pages opened under the policy`);
    assert.deepEqual(errors.filter((e) => e.startsWith('CSP violation') || /Content Security Policy/i.test(e)), []);
  });
});
