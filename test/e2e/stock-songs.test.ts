import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { TEST_LIBRARY } from '../../server/src/music/catalogue.ts';
import { superUserSession } from './admin-page.ts';
import { checkAccessibility, screenshot } from './harness.ts';

describe('stock songs administration in the browser', function () {
  this.timeout(120_000);
  const ui = superUserSession('stock-songs', { browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
  before(() => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-ac', '2', path.join(ui.tmp, 'Quiet_Evening.wav')]);
  });

  const rowTexts = () => ui.page.$$eval('main table tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
  const waitForRows = (count: number) =>
    ui.page.waitForFunction((n) => document.querySelectorAll('main table tbody tr').length === n, { timeout: 15_000 }, count);
  const dialog = () => ui.page.waitForSelector('[role="dialog"]', { visible: true }) as Promise<ElementHandle<Element>>;

  it('lists the library with previews, reached from the administration menu', async () => {
    await ui.page.goto(`${ui.app.url}/dashboard`, { waitUntil: 'networkidle0' });
    await ui.page.locator('button[aria-label="Open administration menu"]').click();
    await ui.page.locator('[aria-label="Administration menu"] a[href="/settings/stock_songs"]').click();
    await ui.page.waitForFunction(() => location.pathname === '/settings/stock_songs');
    await waitForRows(TEST_LIBRARY.length);
    const texts = await rowTexts();
    for (const spec of TEST_LIBRARY) assert.ok(texts.some((t) => t.includes(spec.title) && t.includes(spec.composer)), spec.title);
    assert.ok(texts.every((t) => t.includes('Offered')));
    await checkAccessibility(ui.page, 'stock songs');
    await ui.shots('', { label: 'stock songs' });
  });

  it('plays one preview at a time', async () => {
    const first = TEST_LIBRARY[0].title;
    await ui.page.locator(`button[aria-label="Play ${first}"]`).click();
    await ui.page.waitForSelector(`button[aria-label="Stop ${first}"][aria-pressed="true"]`);
    const second = TEST_LIBRARY[1].title;
    await ui.page.locator(`button[aria-label="Play ${second}"]`).click();
    await ui.page.waitForSelector(`button[aria-label="Stop ${second}"]`);
    assert.equal(await ui.page.$(`button[aria-label="Stop ${first}"]`), null);
    await ui.page.locator(`button[aria-label="Stop ${second}"]`).click();
    await ui.page.waitForSelector(`button[aria-label="Play ${second}"]`);
  });

  it('finds songs by the start of words in title and artist', async () => {
    await ui.page.locator('main input[type="search"]').fill('meadow rowan');
    await waitForRows(1);
    assert.match((await rowTexts())[0], /Meadow Song/);
    await ui.page.locator('main input[type="search"]').fill('eadow');
    await ui.page.waitForSelector('::-p-text(No songs match.)');
    await ui.page.click('main input[type="search"]', { count: 3 });
    await ui.page.keyboard.press('Backspace');
    await waitForRows(TEST_LIBRARY.length);
  });

  it('renames a song, files it under a new category and makes it premium, which hides it from the music dialog', async () => {
    await ui.page.locator('button::-p-text(Categories)').click();
    await dialog();
    await ui.page.locator('[role="dialog"] label::-p-text(New category)').click();
    await ui.page.keyboard.type('Reflective');
    await ui.page.locator('[role="dialog"] button::-p-text(Add)').click();
    await ui.page.waitForSelector('[role="dialog"] input[value="Reflective"]');
    await screenshot(ui.page, 'stock-songs-categories', 1280);
    await ui.page.locator('[role="dialog"] button::-p-text(Done)').click();
    await ui.page.waitForSelector('[role="dialog"]', { hidden: true });

    const title = TEST_LIBRARY[2].title;
    await ui.page.locator(`button[aria-label="Edit ${title}"]`).click();
    await dialog();
    await ui.page.locator('[role="dialog"] input[name="song_name"]').fill('Meadow Song at Dusk');
    await ui.page.locator('[role="dialog"] input[role="combobox"]').click();
    await ui.page.locator('[role="option"]::-p-text(Reflective)').click();
    await ui.page.locator('[role="dialog"] input[name="artist_name"]').click();
    await ui.page.waitForSelector('[role="listbox"]', { hidden: true });
    await ui.page.locator('[role="dialog"] label::-p-text(Premium)').click();
    await checkAccessibility(ui.page, 'stock song dialog');
    await screenshot(ui.page, 'stock-songs-edit', 1280);
    await ui.page.locator('[role="dialog"] button[type="submit"]').click();
    await ui.page.waitForSelector('[role="dialog"]', { hidden: true });
    await ui.page.waitForFunction(() => [...document.querySelectorAll('main table tbody tr')].some((r) => r.textContent?.includes('Meadow Song at Dusk') && r.textContent.includes('Premium')));

    const row = await ui.app.running.deps.db('stock_songs').where({ song_name: 'Meadow Song at Dusk' }).first();
    assert.equal(row.premium, true);
    const reflective = await ui.app.running.deps.db('stock_song_categories').where({ name: 'Reflective' }).first();
    assert.ok(await ui.app.running.deps.db('stock_song_category_links').where({ stock_song_id: row.id, stock_song_category_id: reflective.id }).first());
    const offered = await ui.page.evaluate(() => fetch('/r/songs/stock_list').then((r) => r.json() as Promise<{ stock_songs: { id: number }[] }>));
    assert.ok(!offered.stock_songs.some((s) => s.id === row.id));
  });

  it('disables a song after asking', async () => {
    const title = TEST_LIBRARY[3].title;
    await ui.page.locator(`button[aria-label="Disable ${title}"]`).click();
    await ui.page.locator('[role="dialog"] button::-p-text(Disable)').click();
    await ui.page.waitForSelector(`button[aria-label="Enable ${title}"]`);
    assert.equal((await ui.app.running.deps.db('stock_songs').where({ song_name: title }).first()).disabled, true);
  });

  it('uploads an audio file into the library, then offers its details for editing', async () => {
    const input = (await ui.page.$('input[type="file"][aria-label="Song file"]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path.join(ui.tmp, 'Quiet_Evening.wav'));
    await ui.page.waitForSelector('[role="dialog"] input[name="song_name"][value="Quiet Evening"]', { timeout: 60_000 });
    await ui.page.locator('[role="dialog"] input[name="artist_name"]').fill('Our Choir');
    await ui.page.locator('[role="dialog"] button[type="submit"]').click();
    await ui.page.waitForSelector('[role="dialog"]', { hidden: true });
    await ui.page.waitForFunction(() => [...document.querySelectorAll('main table tbody tr')].some((r) => r.textContent?.includes('Quiet Evening') && r.textContent.includes('Our Choir')));
    const row = await ui.app.running.deps.db('stock_songs').where({ song_name: 'Quiet Evening' }).first();
    assert.ok(row.file_path.endsWith('.m4a') && row.preview_path.endsWith('.mp3'));
    assert.ok(Math.abs(row.song_length - 4) < 0.1);
  });

  it('shows no console errors', () => {
    assert.deepEqual(ui.consoleErrors, []);
  });
});
