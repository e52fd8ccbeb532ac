/**
 * Makes the pictures of the install guide's last-resort path (issue 29.2): adding the burn extension to Chrome or
 * Edge in Developer mode. They are taken from Debian's Chromium showing its real chrome://extensions page, the
 * switch or button of each step outlined, and written to web/public/burn-setup/ (served as /assets/burn-setup/).
 * Run it again when Chromium's page changes:
 *
 *   node --import tsx scripts/screenshots/developer-mode.ts
 *
 * Only Chromium's own page is shown: no profile, no other extension, nothing of this machine's.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import sharp from 'sharp';
import { buildAll } from '../../extension/build.ts';
import { loadOrCreateChromeKey } from '../../extension/chrome-key.ts';
import { DEVELOPER_MODE_PICTURES } from '../../web/src/features/burn/install/developer-mode-pictures.ts';

const OUT = path.resolve(import.meta.dirname, '../../web/public');
const WIDTH = 1100;
const HEIGHT = 700;
/** The outline drawn round what the step asks for: the product's accent colour, thick enough to see when scaled down. */
const OUTLINE = '#e65100';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(handle: ElementHandle): Promise<Box> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('The element to outline is not on the page.');
  return box;
}

/** A screenshot of `clip` with `target` outlined, written as a small palette PNG. */
async function picture(page: Page, file: string, clip: Box, target: Box): Promise<void> {
  const shot = Buffer.from(await page.screenshot({ clip }));
  const pad = 6;
  const rect = { x: target.x - clip.x - pad, y: target.y - clip.y - pad, width: target.width + 2 * pad, height: target.height + 2 * pad };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${clip.width}" height="${clip.height}"><rect x="${rect.x}" y="${rect.y}" width="${rect.width}" height="${rect.height}" rx="10" fill="none" stroke="${OUTLINE}" stroke-width="4"/></svg>`;
  await sharp(shot)
    .composite([{ input: Buffer.from(svg) }])
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(path.join(OUT, file));
  console.log(`wrote ${path.relative(process.cwd(), path.join(OUT, file))}`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tribute-screens-'));
  mkdirSync(path.join(OUT, path.dirname(DEVELOPER_MODE_PICTURES.switch.file)), { recursive: true });
  const chromeKey = loadOrCreateChromeKey(path.join(work, 'chrome-key.pem'));
  await buildAll('https://tributes.example.com', work, { browsers: ['chrome'], chromeKey });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    pipe: true,
    enableExtensions: true,
    userDataDir: path.join(work, 'profile'),
    defaultViewport: { width: WIDTH, height: HEIGHT },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--lang=en-US', '--hide-scrollbars'],
  });
  try {
    const page = await browser.newPage();
    await page.goto('chrome://extensions');
    const toolbar = await page.waitForSelector('pierce/#toolbar');
    const toggle = await page.waitForSelector('pierce/#devMode');
    if (!toolbar || !toggle) throw new Error('chrome://extensions has no toolbar or Developer mode switch.');
    // The top of the page: the title bar and, once Developer mode is on, the row of its buttons below it.
    // Each picture is the part of the page its step is about, about as wide as the guide shows it (560 px), so the
    // page's words stay readable: the switch at the right of the title bar, the buttons row at the left below it.
    const barHeight = (await boxOf(toolbar)).height;
    const half = 540;
    await picture(page, DEVELOPER_MODE_PICTURES.switch.file, { x: WIDTH - half, y: 0, width: half, height: Math.ceil(barHeight + 4) }, await boxOf(toggle));
    const top = { x: 0, y: 0, width: half, height: Math.ceil(barHeight + 64) };

    await toggle.click();
    const load = await page.waitForSelector('pierce/#loadUnpacked', { visible: true });
    if (!load) throw new Error('No Load unpacked button after Developer mode was turned on.');
    await new Promise((resolve) => setTimeout(resolve, 500)); // the toolbar's slide-in animation
    await picture(page, DEVELOPER_MODE_PICTURES.loadUnpacked.file, top, await boxOf(load));

    await browser.installExtension(path.join(work, 'extension', 'chrome'));
    await page.reload();
    const card = await page.waitForSelector('pierce/extensions-item', { visible: true });
    if (!card) throw new Error('The extension did not appear on chrome://extensions.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const item = await boxOf(card);
    // The extension's card with the list's heading above it.
    const around = { x: Math.max(0, item.x - 20), y: Math.max(0, item.y - 56), width: Math.ceil(item.width + 40), height: Math.ceil(item.height + 66) };
    await picture(page, DEVELOPER_MODE_PICTURES.added.file, around, item);
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
