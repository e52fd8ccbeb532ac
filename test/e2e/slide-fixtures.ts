import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEXT_BACKGROUNDS } from '../../common/text-backgrounds.ts';
import { sampleScene } from '../../server/src/media/sample-photos.ts';
import { renderSvgToJpeg } from '../../server/src/repositories/image.repository.ts';
import type { VideoRow } from '../../server/src/repositories/video.repository.ts';
import { newSecurityHash, newVideoCode } from '../../server/src/repositories/video.repository.ts';
import type { E2eApp } from './harness.ts';

/**
 * Slides for browser tests, made through the server's own storage and media processing (what an upload ends in),
 * so the grid shows real derived images without going through the upload protocol.
 */
export async function makeStaffVideo(app: E2eApp, title: string, values: Partial<VideoRow> = {}): Promise<VideoRow> {
  const { db } = app.running.deps;
  const staff = await db('users').where({ email: app.staffEmail ?? 'staff@example.com' }).first();
  const [row] = await db('videos')
    .insert({ organization_id: staff.organization_id, user_id: staff.id, title, video_code: newVideoCode(), security_hash: newSecurityHash(), ...values })
    .returning('*');
  return row as VideoRow;
}

const jpegCache = new Map<string, Buffer>();

/** A landscape or portrait sample picture (the Insert Samples scenes). */
async function pictureJpeg(scene: number, width: number, height: number): Promise<Buffer> {
  const key = `${scene}:${width}x${height}`;
  if (!jpegCache.has(key)) jpegCache.set(key, await renderSvgToJpeg(sampleScene(scene, width, height).svg));
  return jpegCache.get(key)!;
}

export interface PhotoSpec {
  name: string;
  portrait?: boolean;
}

/** Stores and processes one photo per spec, appended to the video in order; answers their slide ids. */
export async function addPhotos(app: E2eApp, videoId: number, photos: PhotoSpec[]): Promise<number[]> {
  const { repos, slideMedia } = app.running.deps;
  const ids: number[] = [];
  for (const [i, photo] of photos.entries()) {
    const jpeg = await pictureJpeg(i % 6, photo.portrait ? 800 : 1200, photo.portrait ? 1200 : 800);
    const row = await repos.slides.insert({
      video_id: videoId,
      position: await repos.slides.nextPosition(videoId),
      orig_filename: photo.name,
      processing_state: 'pending',
    });
    const key = `videos/${videoId}/slides/${row.id}/original.jpg`;
    await repos.storage.write(key, jpeg);
    await repos.slides.update(row.id, { orig_path: key, mime: 'image/jpeg', bytes: jpeg.length });
    await slideMedia.processSlide(row.id);
    ids.push(row.id);
  }
  return ids;
}

/** A 3 second H.264 + AAC clip stored and processed as an uploaded video slide; answers its slide id. */
export async function addClip(app: E2eApp, videoId: number): Promise<number> {
  const { repos, slideMedia } = app.running.deps;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-clip-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    const bytes = readFileSync(file);
    const row = await repos.slides.insert({ video_id: videoId, position: await repos.slides.nextPosition(videoId), orig_filename: 'Birthday.mp4', processing_state: 'pending' });
    const key = `videos/${videoId}/slides/${row.id}/original.mp4`;
    await repos.storage.write(key, bytes);
    await repos.slides.update(row.id, { orig_path: key, mime: 'video/mp4', bytes: bytes.length });
    await slideMedia.processSlide(row.id);
    return row.id;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function addTextSlide(app: E2eApp, videoId: number, caption: string): Promise<number> {
  const { repos } = app.running.deps;
  const row = await repos.slides.insert({
    video_id: videoId,
    position: await repos.slides.nextPosition(videoId),
    is_text: true,
    font: 'Quicksand-Bold.ttf',
    font_size: 60,
    slide_background: TEXT_BACKGROUNDS.find((b) => b.label === 'Slate Blue')?.value ?? 1,
    slide_caption: caption,
    processing_state: 'ready',
  });
  return row.id;
}

/**
 * Many ready photos at once for the large-grid test: a few stored originals shared by all rows; their derived
 * images are made on demand when the grid asks for them.
 */
export async function addManyPhotos(app: E2eApp, videoId: number, count: number): Promise<void> {
  const { db, repos } = app.running.deps;
  const originals: { key: string; bytes: number; sha256: string; width: number; height: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const portrait = i % 3 === 2;
    const [width, height] = portrait ? [800, 1200] : [1200, 800];
    const jpeg = await pictureJpeg(i, width, height);
    const key = `videos/${videoId}/shared/original-${i}.jpg`;
    await repos.storage.write(key, jpeg);
    originals.push({ key, bytes: jpeg.length, sha256: createHash('sha256').update(jpeg).digest('hex'), width, height });
  }
  const rows = Array.from({ length: count }, (_, i) => {
    const o = originals[i % originals.length];
    return {
      video_id: videoId,
      position: i + 1,
      orig_filename: `photo-${String(i + 1).padStart(3, '0')}.jpg`,
      orig_path: o.key,
      mime: 'image/jpeg',
      bytes: o.bytes,
      sha256: o.sha256,
      width: o.width,
      height: o.height,
      processing_state: 'ready',
    };
  });
  await db.batchInsert('slides', rows, 100);
}

/** Waits until the slide's row satisfies `ok` (a page's save is answered a moment after its request); answers it. */
export async function eventuallyRow(app: E2eApp, id: number, ok: (row: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>> {
  const read = () => app.running.deps.db('slides').where({ id }).first() as Promise<Record<string, unknown>>;
  const until = Date.now() + 15_000;
  let row = await read();
  while (!ok(row) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    row = await read();
  }
  assert.ok(ok(row), `${what}: ${JSON.stringify(row)}`);
  return row;
}

export async function slideOrder(app: E2eApp, videoId: number): Promise<number[]> {
  return (await app.running.deps.repos.slides.listActive(videoId)).map((s) => s.id);
}

/**
 * A script for evaluateOnNewDocument that notes in the page (window.firstTileAt_) when the slide grid's first tile
 * appears, as time since navigation start: the 500-slide grid's figure, in its browser test and in scripts/bench/web.ts.
 */
export const FIRST_TILE_MARKER = `new MutationObserver((_, observer) => {
  if (!document.querySelector('[data-testid="slide-tile"]')) return;
  window.firstTileAt_ = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true })`;
