import type { Page } from 'puppeteer-core';

/** Reading and driving the slide grid from a browser test. */
export const TILE = '[data-testid="slide-tile"]';

/** Lets a dialog's opening transition finish before colours are checked. */
export const settle = () => new Promise((r) => setTimeout(r, 400));

/** Slide ids in the order the grid shows them (top to bottom, left to right). */
export const gridOrder = (page: Page) =>
  page.$$eval(TILE, (tiles) =>
    tiles
      .map((t) => ({ id: Number(t.getAttribute('data-slide-id')), box: t.getBoundingClientRect() }))
      .sort((a, b) => Math.round(a.box.top) - Math.round(b.box.top) || a.box.left - b.box.left)
      .map((t) => t.id),
  );

export const tile = (id: number) => `${TILE}[data-slide-id="${id}"]`;
export const tileButton = (id: number) => `${tile(id)} [role="button"]`;
export const selectedIds = (page: Page) => page.$$eval(`${TILE} [aria-pressed="true"]`, (els) => els.map((e) => Number(e.closest('[data-slide-id]')!.getAttribute('data-slide-id'))));

/** Waits until the grid shows `count` saved slides (tiles with an id), every one with its picture loaded. */
export function waitForTiles(page: Page, count: number) {
  return page.waitForFunction(
    (selector, n) => {
      const tiles = [...document.querySelectorAll(selector)];
      return tiles.length === n && tiles.every((t) => (t.querySelector('img')?.naturalWidth ?? 0) > 0);
    },
    { timeout: 90_000, polling: 250 },
    `${TILE}[data-slide-id]`,
    count,
  );
}

export async function openGrid(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForSelector(TILE);
}

/** Drags the centre of one tile to a point, in small pointer steps like a hand would. */
export async function drag(page: Page, fromSelector: string, to: { x: number; y: number }): Promise<void> {
  const box = (await (await page.$(fromSelector))!.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 15, box.y + box.height / 2 + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

export async function leftEdgeOf(page: Page, id: number) {
  const box = (await (await page.$(tile(id)))!.boundingBox())!;
  return { x: box.x + 3, y: box.y + box.height / 2 };
}
