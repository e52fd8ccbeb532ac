import assert from 'node:assert/strict';
import type { HTTPRequest } from 'puppeteer-core';
import { sampleScene } from '../../server/src/media/sample-photos.ts';
import { renderSvgToJpeg } from '../../server/src/repositories/image.repository.ts';
import { superUserSession } from './admin-page.ts';
import { checkAccessibility, screenshot } from './harness.ts';

const DEVICE_ID = '3f2b8c1e-9d4a-4e6b-8f00-1234567890ab';

describe('global search in the browser', function () {
  this.timeout(120_000);
  const ui = superUserSession('search');

  before(async () => {
    const db = ui.db();
    const [org] = await db('organizations').where({ organization_name: 'Demo Funeral Home' });
    await db('videos').insert({ organization_id: org.id, title: 'José Martín Ortega', deleted_at: new Date(), video_code: 'e2e-search-deleted', security_hash: 'e2e-search-deleted' });
    await db('silks').insert({ organization_id: org.id, label: 'Jose chapel receiver', device_id: DEVICE_ID });
  });

  const sectionIds = () => ui.page.$$eval('main section[data-source]', (sections) => sections.map((s) => s.getAttribute('data-source')));
  const runtime = (source: string) => ui.page.$eval(`tr[data-source="${source}"] [data-runtime]`, (cell) => cell.textContent);

  it('searches from the top bar and shows each source as it arrives, a failing one as ERROR', async () => {
    // The browser's own network: the users source is held back a while and the songs source fails.
    let releaseUsers: () => void = () => undefined;
    const usersHeld = new Promise<void>((resolve) => (releaseUsers = resolve));
    await ui.page.setRequestInterception(true);
    const onRequest = (request: HTTPRequest) => {
      const url = new URL(request.url());
      if (url.pathname === '/search/search' && url.searchParams.get('source') === 'users') void usersHeld.then(() => request.continue());
      else if (url.pathname === '/search/search' && url.searchParams.get('source') === 'songs')
        void request.respond({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: ['Server error'] }) });
      else void request.continue();
    };
    ui.page.on('request', onRequest);
    try {
      await ui.page.locator('header input[name="q"]').fill('josé');
      await Promise.all([ui.page.waitForNavigation(), ui.page.keyboard.press('Enter')]);
      assert.equal(new URL(ui.page.url()).pathname, '/search');
      assert.equal(new URL(ui.page.url()).searchParams.get('q'), 'josé');

      // Videos arrive; users is still out, so the sections after it wait (in order) and its time reads '...'.
      await ui.page.waitForSelector('section[data-source="videos"] tbody tr');
      await ui.page.waitForFunction(() => document.querySelector('tr[data-source="devices"] [data-runtime]')?.textContent !== '...');
      // The page's clock starts at its navigation; the search timeout is 3 s from about then.
      if ((await ui.page.evaluate(() => performance.now())) < 2500) assert.deepEqual(await sectionIds(), ['videos']);
      assert.equal(await runtime('users'), '...');
      // After the timeout the held source shows its heading with a spinner, and the later ones show.
      await ui.page.waitForSelector('section[data-source="users"] [role="progressbar"]');
      assert.ok((await sectionIds()).includes('devices'));
      releaseUsers();

      await ui.page.waitForSelector('section[data-source="devices"] tbody tr');
      assert.equal(await runtime('songs'), 'ERROR');
      assert.match((await runtime('videos')) ?? '', /^\d+\.\d{3}$/);
      const ids = await sectionIds();
      assert.equal(ids[0], 'videos');
      assert.notEqual(await runtime('users'), '...');
      assert.ok(ids.includes('songs') && ids.includes('devices'), ids.join());
      assert.equal(await ui.page.$eval('section[data-source="songs"]', (s) => s.textContent), 'SongsError: Server error');
    } finally {
      releaseUsers();
      ui.page.off('request', onRequest);
      await ui.page.setRequestInterception(false);
    }

    // Accents ignored both ways, deleted rows struck through, the ID linked, a UUID shortened.
    const videos = await ui.page.$$eval('section[data-source="videos"] tbody tr', (rows) =>
      rows.map((row) => ({ text: row.textContent, struck: getComputedStyle(row.cells[1]).textDecorationLine, href: row.querySelector('td a')?.getAttribute('href') })),
    );
    const alvarez = videos.find((v) => v.text?.includes('José Álvarez'));
    const deleted = videos.find((v) => v.text?.includes('José Martín Ortega'));
    assert.ok(alvarez && deleted, JSON.stringify(videos));
    assert.equal(alvarez.struck, 'none');
    assert.equal(deleted.struck, 'line-through');
    assert.match(alvarez.href ?? '', /^\/(videos\/\d+\/details|creator\/\d+\/slides)$/);
    const headings = await ui.page.$$eval('section[data-source="videos"] thead th', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(headings, ['ID', 'Title', 'Subtitle', 'Organization', 'Editor', 'Created At']);
    assert.equal(await ui.page.$eval('section[data-source="devices"] tbody td', (cell) => cell.textContent), '3f2b8c1e-…');

    await checkAccessibility(ui.page, '/search?q=josé');
    await ui.shots('', { label: '/search?q=josé' });
    assert.deepEqual(ui.consoleErrors.filter((e) => !/500 \(Internal Server Error\)/.test(e)), []);
  });

  it('finds a photo by its file name and shows its thumbnail', async () => {
    const { db, repos } = ui.app.running.deps;
    // A photo as processing leaves it (its thumbnail is made when first asked for), deleted so no other page shows it.
    const [video] = await db('videos').where({ title: 'José Álvarez' });
    const drawn = sampleScene(7, 900, 600);
    const jpeg = await renderSvgToJpeg(drawn.svg, 90);
    const key = `videos/${video.id}/slides/search-e2e/original.jpg`;
    await repos.storage.write(key, jpeg);
    await db('slides').insert({
      video_id: video.id, position: 999, orig_filename: 'Grandpa on the pörch.jpg', orig_path: key, mime: 'image/jpeg', bytes: jpeg.length,
      width: 900, height: 600, processing_state: 'ready', deleted_at: new Date(),
    });
    const slide = { orig_filename: 'grandpa porch' };
    await ui.page.setViewport({ width: 1280, height: 900 });
    await ui.page.goto(`${ui.app.url}/search?${new URLSearchParams({ q: slide.orig_filename })}`, { waitUntil: 'networkidle0' });
    await ui.page.waitForSelector('section[data-source="slides"] tbody tr img');
    const image = await ui.page.$eval('section[data-source="slides"] tbody tr img', (img) => ({ width: (img as HTMLImageElement).naturalWidth, src: img.getAttribute('src') }));
    assert.ok(image.width > 0, `the thumbnail loads: ${image.src}`);
    await checkAccessibility(ui.page, '/search with thumbnails');
    await screenshot(ui.page, 'search-slides', 1280);
  });

  it('says No results. when nothing matches, and searches from the page on a phone', async () => {
    await ui.page.setViewport({ width: 375, height: 800 });
    await ui.page.goto(`${ui.app.url}/search?q=zzqxv`, { waitUntil: 'networkidle0' });
    await ui.page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('No results.'));
    await ui.page.locator('main input[name="q"]').fill('hughes margret');
    await Promise.all([ui.page.waitForNavigation(), ui.page.keyboard.press('Enter')]);
    await ui.page.waitForSelector('section[data-source="videos"] tbody tr');
    assert.match(await ui.page.$eval('section[data-source="videos"] tbody', (b) => b.textContent ?? ''), /Margaret Ellen Hughes/);
    await checkAccessibility(ui.page, '/search on a phone');
  });
});
