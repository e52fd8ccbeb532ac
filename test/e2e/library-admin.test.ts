import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { clip } from '../../server/test/fixtures/media.ts';
import { chooseOption, deleteRow, dialogClosed, dialogField, retype, submitDialog, superUserSession, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility } from './harness.ts';

/** Stock texts, stock videos and themes of the super drawer: each created, edited and deleted through its page. */
describe('stock texts, stock videos and themes in the browser', function () {
  this.timeout(120_000);
  const ui = superUserSession('library-admin');
  const field = (name: string) => dialogField(ui.page, name);
  /** What the slide editor's and the picker's own calls answer, asked from this signed-in page. */
  const call = <T,>(url: string) => ui.page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<T>;

  it('stock texts: shows mistakes beside the fields, then creates, edits and deletes one the slide editor offers', async () => {
    await ui.open('/settings/stock_texts');
    await waitForText(ui.page, 'table tbody', 'A Time for Everything');
    await ui.page.locator('::-p-text(New stock text)').click();
    await submitDialog(ui.page);
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Please enter the title.');
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Please choose the categories.');
    await checkAccessibility(ui.page, 'the stock text form with its messages');
    await field('textTitle').fill('Evening Hymn');
    await field('text').fill('Now the day is over, night is drawing nigh.');
    await chooseOption(ui.page, 'Categories', 'Comfort', true);
    await chooseOption(ui.page, 'Categories', 'Poetry', true);
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Evening Hymn');
    const row = await ui.db()('stock_texts').where({ text_title: 'Evening Hymn' }).first();
    const links = await ui.db()('stock_text_category_links as l').join('stock_text_categories as c', 'c.id', 'l.stock_text_category_id').where('l.stock_text_id', row.id).pluck('c.name');
    assert.deepEqual(links.sort(), ['Comfort', 'Poetry']);
    await ui.shots('stock-texts');

    await ui.page.locator('button[aria-label="Edit Evening Hymn"]').click();
    await retype(ui.page, 'text', 'The darkness falls.');
    await ui.page.locator('[role="dialog"] input[name="disabled"]').click();
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Hidden');
    assert.deepEqual(await ui.db()('stock_texts').where({ id: row.id }).first('text', 'disabled'), { text: 'The darkness falls.', disabled: true });
    const offered = await call<{ stockTexts?: unknown; stock_texts: { id: number }[] }>('/r/stock_texts');
    assert.equal(offered.stock_texts.some((t) => t.id === row.id), false, 'hidden from the slide editor');

    await deleteRow(ui.page, 'Evening Hymn');
    await waitWithoutText(ui.page, 'table tbody', 'Evening Hymn');
    assert.equal(await ui.db()('stock_texts').where({ id: row.id }).first(), undefined);
  });

  it('stock text categories: adds one the text form offers at once, renames it, and keeps a text from being left without one', async () => {
    await ui.open('/settings/stock_texts');
    await waitForText(ui.page, 'table tbody', 'Scripture');
    await ui.page.locator('::-p-text(New category)').click();
    await field('name').fill('Lullabies');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Lullabies');
    // Offered in the texts' form without reloading the page.
    await ui.page.locator('::-p-text(New stock text)').click();
    await field('textTitle').fill('Cradle Song');
    await field('text').fill('Sleep, my child, and peace attend thee.');
    await chooseOption(ui.page, 'Categories', 'Lullabies', true);
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Cradle Song');

    await ui.page.locator('button[aria-label="Edit Lullabies"]').click();
    await retype(ui.page, 'name', 'Cradle Songs');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    // The texts' list names the category anew too.
    await ui.page.waitForFunction(() => [...document.querySelectorAll('table tbody tr')].some((tr) => tr.textContent?.includes('Cradle Song') && tr.textContent.includes('Cradle Songs')), { timeout: 10_000 });
    await ui.shots('stock-text-categories');

    await deleteRow(ui.page, 'Cradle Songs');
    await waitForText(ui.page, '[role="dialog"]', 'filed under "Cradle Songs" alone');
    await checkAccessibility(ui.page, 'the refused category deletion');
    await ui.page.keyboard.press('Escape');
    await dialogClosed(ui.page);
    assert.ok(await ui.db()('stock_text_categories').where({ name: 'Cradle Songs' }).first(), 'the category stays');
    await deleteRow(ui.page, 'Cradle Song');
    await ui.page.waitForFunction(() => ![...document.querySelectorAll('table tbody tr td:first-child')].some((td) => td.textContent === 'Cradle Song'), { timeout: 10_000 });
    await deleteRow(ui.page, 'Cradle Songs');
    await waitWithoutText(ui.page, 'table tbody', 'Cradle Songs');
    assert.equal(await ui.db()('stock_text_categories').where({ name: 'Cradle Songs' }).first(), undefined);
  });

  it('stock videos: uploads a clip with its still, renames it and deletes it', async () => {
    const file = path.join(ui.tmp, 'harbour-lights.mp4');
    writeFileSync(file, await clip('mp4', 2));
    await ui.open('/settings/stock_videos');
    await waitForText(ui.page, 'table tbody', 'Drifting Clouds');
    await ui.page.locator('::-p-text(New stock video)').click();
    await field('videoTitle').fill('Harbour Lights');
    await field('tags').fill('water night lights');
    await submitDialog(ui.page);
    await waitForText(ui.page, '[role="dialog"]', 'Please choose the video file to upload.');
    const input = await ui.page.$('[role="dialog"] input[type="file"]');
    await input!.uploadFile(file);
    await waitForText(ui.page, '[role="dialog"]', 'harbour-lights.mp4');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Harbour Lights');
    await waitForText(ui.page, 'table tbody', 'Uploaded');
    const row = await ui.db()('stock_videos').where({ video_title: 'Harbour Lights' }).first();
    assert.equal(row.generator, null);
    assert.ok(row.thumb_path && row.preview_path);
    // The still the dialog's tile shows is in the list too, loaded.
    await ui.page.waitForFunction(() => [...document.querySelectorAll('table tbody img')].some((img) => (img as HTMLImageElement).src.includes('/thumb.jpg') && (img as HTMLImageElement).naturalWidth === 534), { timeout: 10_000 });
    await ui.shots('stock-videos');

    await ui.page.locator('button[aria-label="Edit Harbour Lights"]').click();
    await retype(ui.page, 'videoTitle', 'Harbour at Night');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Harbour at Night');
    assert.equal((await ui.db()('stock_videos').where({ id: row.id }).first()).video_title, 'Harbour at Night');

    await deleteRow(ui.page, 'Harbour at Night');
    await waitWithoutText(ui.page, 'table tbody', 'Harbour at Night');
    assert.equal(await ui.db()('stock_videos').where({ id: row.id }).first(), undefined);
  });

  it('themes: a new theme from another, hidden and ordered with the engine’s preview, then deleted', async () => {
    await ui.open('/settings/themes');
    await waitForText(ui.page, 'table tbody', 'Lavender Watercolour');
    await ui.page.locator('::-p-text(New theme)').click();
    await chooseOption(ui.page, 'Start from', 'Garden Rose');
    await field('themeTitle').fill('Harvest Rose');
    await field('palette').fill('#f7f3ee, red');
    await submitDialog(ui.page);
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Please enter five colours like #f7f3ee, separated by commas.');
    await retype(ui.page, 'palette', '#f8f1ee, #f1e4e4, #c9a27a, #b5562f, #5a3d2f');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Harvest Rose');
    const theme = await ui.db()('themes').where({ theme_title: 'Harvest Rose' }).first();
    assert.ok(theme.id >= 1000);
    assert.equal(theme.design.art.family, 'botanical', 'the art of the theme it started from');
    assert.deepEqual(theme.design.art.palette, ['#f8f1ee', '#f1e4e4', '#c9a27a', '#b5562f', '#5a3d2f']);
    const picker = async () => (await call<{ themes: { id: number }[] }>('/r/themes')).themes.map((t) => t.id);
    assert.ok((await picker()).includes(theme.id));

    await ui.page.locator('button[aria-label="Edit Harvest Rose"]').click();
    // The engine's frame of the saved theme, drawn by the render engine on first request.
    const poster = await ui.page.$eval('[role="dialog"] video', (v) => (v as HTMLVideoElement).poster);
    assert.match(poster, /\/r\/settings\/themes\/\d+\/preview\.jpg/);
    assert.equal(await ui.page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), poster), 'image/jpeg');
    await ui.shots('themes-edit');
    await retype(ui.page, 'position', '1');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    assert.equal((await picker())[0], theme.id, 'first in the picker’s list');

    await ui.page.locator('button[aria-label="Edit Harvest Rose"]').click();
    await chooseOption(ui.page, 'Visibility', 'Hidden');
    await submitDialog(ui.page);
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Hidden');
    assert.equal((await picker()).includes(theme.id), false, 'hidden from the picker');
    assert.equal(await ui.page.$('button[aria-label="Delete Lavender Watercolour"]'), null, 'a catalogue theme is hidden, not deleted');
    await ui.shots('themes');

    await deleteRow(ui.page, 'Harvest Rose');
    await waitWithoutText(ui.page, 'table tbody', 'Harvest Rose');
    assert.equal(await ui.db()('themes').where({ id: theme.id }).first(), undefined);
    // The one refused deletion (the category above) is the only request that failed.
    assert.deepEqual(ui.consoleErrors, ['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });
});
