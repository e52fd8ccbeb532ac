import assert from 'node:assert/strict';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { TEXT_BACKGROUNDS } from '../../common/text-backgrounds.ts';
import { checkAccessibility, screenshot, type E2eApp } from './harness.ts';
import { staffSession } from './shared.ts';
import { addManyPhotos, addPhotos, addTextSlide, FIRST_TILE_MARKER, makeStaffVideo, slideOrder } from './slide-fixtures.ts';
import { drag, gridOrder, leftEdgeOf, openGrid, selectedIds, settle, tile, TILE, tileButton } from './slide-grid-page.ts';


describe('the slide grid', () => {
  let app: E2eApp;
  let page: Page;
  let consoleErrors: string[];
  let videoId: number;
  let photos: number[];
  let textId: number;

  const session = staffSession({ watchSignIn: true });
  before(async () => {
    ({ app, page, consoleErrors } = session);
    const video = await makeStaffVideo(app, 'Margaret Ellis');
    videoId = video.id;
    photos = await addPhotos(app, videoId, [
      { name: 'Garden 10.jpg' },
      { name: 'beach 2.jpg' },
      { name: 'Wedding.JPG', portrait: true },
      { name: 'birthday 1.jpg' },
      { name: 'apple orchard.jpg' },
      { name: 'Cabin 3.jpg', portrait: true },
    ]);
    textId = await addTextSlide(app, videoId, 'Forever in\nour hearts');
  });

  it('shows the slides in order with the cover photo, tools and toolbar', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    assert.deepEqual(await gridOrder(page), [...photos, textId]);
    assert.equal(await page.$eval(tile(photos[0]), (el) => el.getAttribute('data-state')), 'cover');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="slide-tile"] img')].every((i) => (i as HTMLImageElement).naturalWidth > 0));
    const text = await page.$eval(`${tile(textId)}`, (el) => ({ text: el.textContent, font: getComputedStyle(el.querySelector('[role="button"] div div')!).fontFamily }));
    assert.match(text.text ?? '', /Forever in\s*our hearts/);
    assert.match(text.font, /Quicksand/);
    const rowHeight = await page.$eval(tile(photos[0]), (el) => el.getBoundingClientRect().height);
    assert.equal(rowHeight, 150, 'rows are 150 high at full scale');
    for (const label of ['Edit', 'Delete', 'Rotate', 'Duplicate', 'Enhance']) {
      assert.equal(await page.$eval(`[role="toolbar"] [aria-label="${label}"]`, (b) => (b as HTMLButtonElement).disabled), true, `${label} disabled with no selection`);
    }
    await page.hover(tileButton(photos[0]));
    await page.waitForFunction((sel) => getComputedStyle(document.querySelector(sel)!).opacity === '1', {}, `${tile(photos[0])} .tile-label`);
    assert.equal(await page.$eval(`${tile(photos[0])} .tile-label`, (el) => el.textContent), 'Cover Photo');
    const toolsOf = async (id: number) => {
      await page.hover(tileButton(id));
      return page.$$eval(`${tile(id)} .tile-tools button`, (bs) => bs.map((b) => b.getAttribute('aria-label')));
    };
    assert.deepEqual(await toolsOf(photos[1]), ['Rotate Left', 'Rotate Right', 'Edit', 'Delete']);
    assert.deepEqual(await toolsOf(textId), ['Edit', 'Delete'], 'text slides cannot be rotated');
    await checkAccessibility(page, 'slide grid');
    await page.mouse.move(5, 5);
    await screenshot(page, 'slides-grid', 1280);
    await screenshot(page, 'slides-grid', 375);
    const small = await page.$eval(tile(photos[0]), (el) => el.getBoundingClientRect().height);
    assert.ok(Math.abs(small - 150 * (375 / 850)) < 0.5, `rows scale down on a phone (${small})`);
    assert.equal(await page.$(`${TILE} .tile-tools`), null, 'no inline tools below full scale');
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('shift-selects a range, deletes it, and UNDO brings it back', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    await page.click(tileButton(photos[1]));
    await page.keyboard.down('Shift');
    await page.click(tileButton(photos[3]));
    await page.keyboard.up('Shift');
    assert.deepEqual((await selectedIds(page)).sort(), [photos[1], photos[2], photos[3]].sort());
    await page.keyboard.down('Control');
    await page.click(tileButton(photos[2]));
    await page.keyboard.up('Control');
    assert.deepEqual((await selectedIds(page)).sort(), [photos[1], photos[3]].sort(), 'Ctrl click toggles');
    await page.keyboard.down('Shift');
    await page.click(tileButton(photos[1]));
    await page.keyboard.up('Shift');
    assert.deepEqual((await selectedIds(page)).sort(), [photos[1], photos[2], photos[3]].sort());

    await page.click('[role="toolbar"] [aria-label="Delete"]');
    await page.waitForSelector('::-p-text(You just deleted 3 slides!)');
    await page.waitForFunction((sel) => !document.querySelector(sel), {}, tile(photos[2]));
    assert.deepEqual(await gridOrder(page), [photos[0], photos[4], photos[5], textId]);
    assert.deepEqual(await slideOrder(app, videoId), [photos[0], photos[4], photos[5], textId]);

    await page.locator('::-p-text(UNDO)').click();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 7, {}, TILE);
    assert.deepEqual(await gridOrder(page), [...photos, textId]);
    assert.deepEqual(await slideOrder(app, videoId), [...photos, textId]);
  });

  it('clears the selection on a click outside the grid', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    await page.click(tileButton(photos[2]));
    assert.deepEqual(await selectedIds(page), [photos[2]]);
    await page.click('h1');
    assert.deepEqual(await selectedIds(page), []);
    await page.click(tileButton(photos[2]), { button: 'right' });
    assert.deepEqual(await selectedIds(page), [photos[2]], 'a right click selects');
    await page.keyboard.press('Escape');
  });

  it('keeps a dragged slide in its new place after a reload', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/r/slides/reorder') && r.ok());
    await drag(page, tileButton(photos[4]), await leftEdgeOf(page, photos[1]));
    await saved;
    const expected = [photos[0], photos[4], photos[1], photos[2], photos[3], photos[5], textId];
    assert.deepEqual(await gridOrder(page), expected);
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    assert.deepEqual(await gridOrder(page), expected);
    assert.deepEqual(await slideOrder(app, videoId), expected);
  });

  it('shows a failed order save with a Retry that saves it', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const before = await gridOrder(page);
    let refuse = true;
    // An answer with an error body (status 200 keeps the browser from logging a failed resource).
    const intercept = (r: HTTPRequest) => {
      if (refuse && r.url().endsWith('/r/slides/reorder')) void r.respond({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: ['the database is busy'] }) });
      else void r.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', intercept);
    try {
      await drag(page, tileButton(before[3]), await leftEdgeOf(page, before[1]));
      await page.waitForSelector('::-p-text(Temporary problem saving the order of the slides: the database is busy)');
      assert.deepEqual(await slideOrder(app, videoId), before, 'nothing saved yet');
      refuse = false;
      const saved = page.waitForResponse((r) => r.url().endsWith('/r/slides/reorder') && r.ok());
      await page.locator('[role="alert"] ::-p-text(Retry)').click();
      await saved;
      await page.waitForSelector('::-p-text(Temporary problem saving)', { hidden: true });
    } finally {
      page.off('request', intercept);
      await page.setRequestInterception(false);
    }
    const expected = [before[0], before[3], before[1], before[2], ...before.slice(4)];
    assert.deepEqual(await gridOrder(page), expected);
    assert.deepEqual(await slideOrder(app, videoId), expected);
  });

  it('refuses to drop a text slide in first place', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const before = await gridOrder(page);
    let reorders = 0;
    const count = (r: HTTPRequest) => void (r.url().endsWith('/r/slides/reorder') && reorders++);
    page.on('request', count);
    await drag(page, tileButton(textId), await leftEdgeOf(page, before[0]));
    await page.waitForSelector('::-p-text(Text slide cannot be the first slide.)');
    page.off('request', count);
    assert.equal(reorders, 0);
    assert.deepEqual(await gridOrder(page), before);
    assert.deepEqual(await slideOrder(app, videoId), before);
  });

  it('sends two quick rotations as one call and shows them at once', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const target = photos[2];
    const calls: string[] = [];
    const count = (r: HTTPRequest) => void (r.url().endsWith('/slides/rotate/') && calls.push(r.postData() ?? ''));
    page.on('request', count);
    // Listening from before the clicks: on a busy machine the answer may come while the test still waits for the turn.
    const reply = page.waitForResponse((r) => r.url().endsWith('/slides/rotate/'));
    let answered = false;
    void reply.then(() => (answered = true), () => undefined);
    await page.hover(tileButton(target));
    await page.click(`${tile(target)} [aria-label="Rotate Right"]`);
    await page.click(`${tile(target)} [aria-label="Rotate Right"]`);
    // The click returns once the event is dispatched, not once React has drawn the pending turn: wait for the drawing
    // itself (the thumbnail's style changing), then check the server had not answered yet.
    await page.waitForFunction((sel) => /rotate\(180deg\)/.test((document.querySelector(sel) as HTMLElement).style.transform), { polling: 'mutation' }, `${tile(target)} img`);
    assert.equal(answered, false, 'the pending turn shows before the server answers');
    assert.ok((await reply).ok());
    await new Promise((r) => setTimeout(r, 1500));
    page.off('request', count);
    assert.equal(calls.length, 1, 'one call for both clicks');
    assert.deepEqual(JSON.parse(calls[0]).angles, [180]);
    const row = await app.running.deps.repos.slides.find(target);
    assert.equal(row?.angle, 180);
    await page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLElement).style.transform, {}, `${tile(target)} img`);
  });

  it('sends nothing when rotations cancel out', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    let calls = 0;
    const count = (r: HTTPRequest) => void (r.url().endsWith('/slides/rotate/') && calls++);
    page.on('request', count);
    await page.hover(tileButton(photos[3]));
    await page.click(`${tile(photos[3])} [aria-label="Rotate Right"]`);
    await page.click(`${tile(photos[3])} [aria-label="Rotate Left"]`);
    await new Promise((r) => setTimeout(r, 1600));
    page.off('request', count);
    assert.equal(calls, 0);
  });

  it('duplicates and enhances the selected photo from the grid tools', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const before = await gridOrder(page);
    const target = before[2];
    await page.click(tileButton(target));
    const copied = page.waitForResponse((r) => r.url().endsWith('/r/slides/duplicate/') && r.ok());
    await page.click('[role="toolbar"] [aria-label="Duplicate"]');
    const copy = (await (await copied).json()).slides[0].id as number;
    await page.waitForSelector(tile(copy));
    assert.deepEqual(await gridOrder(page), [...before.slice(0, 3), copy, ...before.slice(3)], 'the copy follows its original');

    await page.click(tileButton(target));
    const enhanced = page.waitForResponse((r) => r.url().endsWith('/r/slides/enhance/') && r.ok());
    await page.click('[role="toolbar"] [aria-label="Enhance"]');
    await enhanced;
    await page.waitForSelector('[role="toolbar"] [aria-label="Un-enhance"]');
    assert.equal((await app.running.deps.repos.slides.find(target))?.enhance, true);
    const restored = page.waitForResponse((r) => r.url().endsWith('/r/slides/enhance/') && r.ok());
    await page.click('[role="toolbar"] [aria-label="Un-enhance"]');
    await restored;
    await page.waitForSelector('[role="toolbar"] [aria-label="Enhance"]');
    assert.equal((await app.running.deps.repos.slides.find(target))?.enhance, false);

    await page.click(tileButton(copy));
    await page.click('[role="toolbar"] [aria-label="Delete"]');
    await page.waitForSelector('::-p-text(You just deleted a slide!)');
    await page.locator('[role="alert"] [aria-label="Close"], .MuiSnackbar-root [aria-label="Close"]').click();
    await page.waitForFunction((sel) => !document.querySelector(sel), {}, tile(copy));
    assert.deepEqual(await slideOrder(app, videoId), before);
  });

  it('sorts all slides by file name, keeping the first slide', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    await page.locator('::-p-text(More Tools)').click();
    await page.locator('[role="menuitem"]::-p-text(Sort)').click();
    await page.waitForSelector('::-p-text(Sort All Slides)');
    await settle();
    assert.equal(await page.$eval('::-p-aria(Don\'t move first slide)', (el) => (el as HTMLInputElement).checked), true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/r/slides/reorder') && r.ok());
    await page.locator('::-p-text(Sort by filename)').click();
    await saved;
    await checkAccessibility(page, 'sort dialog');
    await page.locator('[role="dialog"] ::-p-text(Close)').click();
    // Garden 10 stays first; then apple orchard, beach 2, birthday 1, Cabin 3, Wedding, then the text slide.
    const expected = [photos[0], photos[4], photos[1], photos[3], photos[5], photos[2], textId];
    assert.deepEqual(await gridOrder(page), expected);
    assert.deepEqual(await slideOrder(app, videoId), expected);
  });

  it('opens a slide full screen by double click and moves through slides by keyboard', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const order = await gridOrder(page);
    await page.click(tileButton(order[0]), { count: 2 });
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides/${order[0]}`);
    await page.waitForSelector('[role="dialog"] h2::-p-text(Cover Photo)');
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth);
    await settle();
    assert.match(await page.$eval('[role="dialog"] img', (img) => (img as HTMLImageElement).src), /\/image\/big-/);
    await checkAccessibility(page, 'slide view');
    await screenshot(page, 'slides-view', 1280);
    await screenshot(page, 'slides-view', 375);
    await page.setViewport({ width: 1280, height: 900 });

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides/${order[1]}`);
    await page.waitForSelector('[role="dialog"] h2::-p-text(Photo)');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides/${order[0]}`);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides/${order[1]}`);

    await page.keyboard.press('?');
    await page.waitForSelector('#shortcuts-title');
    await settle();
    await checkAccessibility(page, 'keyboard shortcuts');
    await page.locator('[aria-labelledby="shortcuts-title"] button::-p-text(Close)').click();
    await page.waitForSelector('[aria-labelledby="shortcuts-title"]', { hidden: true });

    await page.locator('::-p-aria(Photo details)').click();
    const details = await page.waitForSelector('[aria-labelledby="inspect-title"]');
    const text = await details!.evaluate((el) => (el as HTMLElement).innerText);
    assert.match(text, new RegExp(`slide 2/${order.length}`));
    for (const label of ['Uploaded', 'File Size', 'Resolution']) assert.match(text, new RegExp(label));
    assert.match(text, /\d+ x \d+/);
    assert.match(text, /\d+\.\d KB/);
    await settle();
    await checkAccessibility(page, 'photo details');
    await page.locator('[aria-labelledby="inspect-title"] button::-p-text(Close)').click();
    await page.waitForSelector('[aria-labelledby="inspect-title"]', { hidden: true });

    // Every rotate call, so a wrong final angle says which calls made it (a loaded CI run once saw 180).
    const rotateCalls: string[] = [];
    const onRotate = (r: HTTPRequest) => void (r.url().endsWith('/slides/rotate/') && rotateCalls.push(r.postData() ?? ''));
    page.on('request', onRotate);
    const rotated = page.waitForResponse((r) => r.url().endsWith('/slides/rotate/'));
    await page.keyboard.press(']');
    await page.keyboard.press('f');
    await page.keyboard.press('f');
    const reply = await rotated;
    assert.deepEqual(JSON.parse(reply.request().postData() ?? '{}').angles, [-90]);
    await page.waitForSelector('[role="dialog"] ::-p-text(Done)');
    await page.keyboard.press(' ');
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides`);
    page.off('request', onRotate);
    assert.equal((await app.running.deps.repos.slides.find(order[1]))?.angle, 270, `rotate calls: ${rotateCalls.join(' ')}`);
  });

  it('adds a text slide, creating it once after typing stops', async () => {
    await openGrid(page, `${app.url}/creator/${videoId}/slides`);
    const before = (await gridOrder(page)).length;
    const saves: string[] = [];
    const count = (r: HTTPRequest) => void (r.url().endsWith('/slides/save') && saves.push(r.postData() ?? ''));
    page.on('request', count);
    await page.locator('::-p-text(Add Text Slide)').click();
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides/new_text`);
    await page.waitForSelector('[role="dialog"] h2::-p-text(Text Slide)');
    assert.equal(await page.$eval('::-p-aria(Text Size)', (el) => (el as HTMLInputElement).value), '50');
    assert.equal(await page.$eval('::-p-aria(Text)', (el) => (el as HTMLTextAreaElement).rows), 4);
    await page.type('textarea', 'In loving memory', { delay: 30 });
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="slide-tile"]').length === n, {}, before + 1);
    assert.equal(saves.length, 1, 'one create call for the typing');
    assert.deepEqual(
      (({ slide_caption, font_size, slide_background, slide_id }) => ({ slide_caption, font_size, slide_background, slide_id }))(JSON.parse(saves[0])),
      { slide_caption: 'In loving memory', font_size: 50, slide_background: 2, slide_id: undefined },
    );
    await settle();
    await checkAccessibility(page, 'text slide');
    await screenshot(page, 'slides-text', 1280);
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator('::-p-aria(Text Background)').click();
    await page.waitForSelector('[role="option"]::-p-text(White)');
    await settle();
    await page.locator('[role="option"]::-p-text(White)').click();
    await page.waitForFunction(() => !document.querySelector('[role="listbox"]'));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(saves.length, 2, 'a background change saves at once');
    const second = JSON.parse(saves[1]);
    const white = TEXT_BACKGROUNDS.find((b) => b.label === 'White')!.value;
    assert.equal(second.slide_background, white);
    assert.ok(second.slide_id > 0);
    await page.locator('[role="dialog"] ::-p-text(Done)').click();
    await page.waitForFunction((path) => location.pathname === path, {}, `/creator/${videoId}/slides`);
    page.off('request', count);
    const row = await app.running.deps.repos.slides.find(second.slide_id);
    assert.equal(row?.slide_caption, 'In loving memory');
    assert.equal(row?.slide_background, white);
    assert.equal(row?.is_text, true);
  });


  describe('with 500 slides', () => {
    let bigVideo: number;
    before(async () => {
      bigVideo = (await makeStaffVideo(app, 'Five Hundred Memories')).id;
      await addManyPhotos(app, bigVideo, 500);
    });

    it('opens the grid quickly, drawing only the rows near the viewport, and drags without lag', async () => {
      await page.goto(`${app.url}/dashboard`, { waitUntil: 'networkidle0' });
      const marker = await page.evaluateOnNewDocument(FIRST_TILE_MARKER);
      await page.goto(`${app.url}/creator/${bigVideo}/slides`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector(TILE);
      const inPage = (await page.evaluate('window.firstTileAt_')) as number;
      await page.removeScriptToEvaluateOnNewDocument(marker.identifier);
      console.log(`      500-slide grid: first tiles on screen ${inPage.toFixed(0)} ms after navigation started (performance.now())`);
      // The goal, 2 s, is measured by scripts/bench/web.ts (about 1 s on a 2-core machine today). CI runs two browser
      // files at once on two cores, where 2.2 s was seen; a grid that waited for its 500 pictures would take far longer.
      assert.ok(inPage < 5000, `opened in ${inPage.toFixed(0)} ms`);
      const rendered = await page.$$eval(TILE, (t) => t.length);
      assert.ok(rendered < 150, `only rows near the viewport are in the page (${rendered} tiles)`);

      const first = await page.$eval(TILE, (t) => Number(t.getAttribute('data-slide-id')));
      const box = (await (await page.$(tileButton(first)))!.boundingBox())!;
      // Frame lengths while dragging (a string: functions passed to the page must not carry build helpers).
      await page.evaluate(`(() => {
        window.frames_ = [];
        let last = performance.now();
        const tick = (now) => { window.frames_.push(now - last); last = now; if (window.frames_.length < 400) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      await page.mouse.move(box.x + 30, box.y + 30);
      await page.mouse.down();
      const moveStart = performance.now();
      for (let i = 1; i <= 60; i++) await page.mouse.move(box.x + 30 + i * 12, box.y + 30 + (i % 20) * 20);
      const perMove = (performance.now() - moveStart) / 60;
      const frames = (await page.evaluate('window.frames_.slice(2)')) as number[];
      const worst = Math.max(...frames);
      assert.ok(await page.$('[data-drop-cursor="allowed"]'), 'the drop cursor follows the drag');
      // Held near the bottom edge, the page scrolls by itself.
      await page.mouse.move(box.x + 100, 900 - 20, { steps: 4 });
      await new Promise((r) => setTimeout(r, 500));
      const scrolled = (await page.evaluate('window.scrollY')) as number;
      await page.mouse.move(box.x + 100, 400, { steps: 4 });
      await page.mouse.up();
      assert.ok(scrolled > 100, `auto-scrolled ${scrolled} px`);
      console.log(`      500-slide drag: ${perMove.toFixed(1)} ms per pointer move, longest frame ${worst.toFixed(0)} ms`);
      // Alone, the longest frame is about 17 ms (the figure printed above). CI runs two browser files at once on two
      // cores, where a 250 ms frame was seen; a grid that drew all 500 tiles on each move would take seconds.
      assert.ok(worst < 500, `no frame longer than 500 ms while dragging (${worst.toFixed(0)} ms)`);
    });
  });

  // A child suite: mocha runs a suite's own tests before its child suites.
  describe('afterwards', () => {
    it('made no console errors', () => {
      assert.deepEqual(consoleErrors, []);
    });
  });
});
