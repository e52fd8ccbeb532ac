import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, type Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../src/config.ts';
import type { Deps } from '../src/deps.ts';
import { runTool } from '../src/repositories/run-tool.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';
import { isTempName } from '../src/repositories/temp-files.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { FONTS } from '../src/themes/fonts.ts';

/** Made once per test process: generated media for render tests. */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tribute-render-media-'));
let counter = 0;

/** A short theme stored as the catalogue stores one (themes.design), without art: scenes use its colour. */
export async function insertTestTheme(deps: Deps, values: { introLength?: number; outroLength?: number; transitionLength?: number } = {}): Promise<number> {
  const id = 9000 + ++counter;
  const design = {
    id,
    title: 'Render Test',
    tags: [],
    debug: true,
    art: { family: 'sky', seed: 1, palette: ['#dfe7ef', '#b7c7d9', '#6f8397', '#c9a36b', '#2e3c5c'] },
    fonts: { title: FONTS['gentium-basic-bold-italic'], body: FONTS['quicksand-regular'], caption: FONTS['gentium-basic-italic'] },
    colours: { title: '#ffffff', text: '#f4efe6', captionText: '#ffffff', captionBackdrop: '#000000b0', background: '#5a6f86' },
    defaults: { transitionIds: [1], effectIds: [2, 3], overlayId: 1, borderId: 1, backgroundId: 2 },
    introLength: values.introLength ?? 1.5,
    outroLength: values.outroLength ?? 1.5,
    transitionLength: values.transitionLength ?? 0.5,
    coverRatio: 16 / 9,
  };
  await deps.db('themes').insert({ id, theme_title: design.title, debug: true, intro_length: design.introLength, outro_length: design.outroLength, design: JSON.stringify(design) });
  return id;
}

async function insertSlide(deps: Deps, video: VideoRow, values: Partial<SlideRow>, file?: { data: Buffer; name: string; mime: string }): Promise<SlideRow> {
  const row = await deps.repos.slides.insert({
    video_id: video.id,
    position: await deps.repos.slides.nextPosition(video.id),
    processing_state: file ? 'pending' : 'ready',
    ...values,
  });
  if (!file) return row;
  const key = `videos/${video.id}/slides/${row.id}/${file.name}`;
  await deps.repos.storage.write(key, file.data);
  await deps.repos.slides.update(row.id, { orig_path: key, orig_filename: file.name, mime: file.mime, bytes: file.data.length });
  await deps.slideMedia.processSlide(row.id);
  return (await deps.repos.slides.find(row.id))!;
}

/** A photo drawn from SVG (a gradient with soft shapes unless `svg` is given). */
export async function addPhoto(deps: Deps, video: VideoRow, width: number, height: number, values: Partial<SlideRow> = {}, svg?: string): Promise<SlideRow> {
  const drawing =
    svg ??
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#7d9bb5"/><stop offset="1" stop-color="#c8a887"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width * 0.3}" cy="${height * 0.35}" r="${height * 0.12}" fill="#f3e2b3"/><rect x="0" y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="#5f7a5a"/></svg>`;
  const data = await sharp(Buffer.from(drawing)).jpeg({ quality: 92 }).toBuffer();
  return insertSlide(deps, video, values, { data, name: 'original.jpg', mime: 'image/jpeg' });
}

/** A clip of moving colour bars with a 1 kHz tone. */
export async function addClip(deps: Deps, video: VideoRow, seconds: number, values: Partial<SlideRow> = {}): Promise<SlideRow> {
  const file = path.join(scratch, `clip-${++counter}.mp4`);
  await runTool(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=640x360:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=48000:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
    60_000,
  );
  return insertSlide(deps, video, values, { data: await readFile(file), name: 'clip.mp4', mime: 'video/mp4' });
}

export async function addTextSlide(deps: Deps, video: VideoRow, caption: string, values: Partial<SlideRow> = {}): Promise<SlideRow> {
  return insertSlide(deps, video, { is_text: true, slide_caption: caption, font: 'Quicksand-Bold.ttf', font_size: 60, slide_background: 2, ...values });
}

/** A song: a sine tone of `seconds` at `frequency`, stored as 48 kHz AAC like the stock library's files. */
export async function addSong(deps: Deps, video: VideoRow, frequency: number, seconds: number, values: Record<string, unknown> = {}): Promise<number> {
  const file = path.join(scratch, `song-${++counter}.m4a`);
  await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`, '-ac', '2', '-c:a', 'aac', '-b:a', '128k', file], 60_000);
  const key = `videos/${video.id}/songs/${counter}.m4a`;
  await deps.repos.storage.write(key, await readFile(file));
  const position = Number((await deps.db('songs').where({ video_id: video.id }).count<{ count: string }[]>('* as count').first())?.count ?? 0);
  const [row] = await deps.db('songs').insert({ video_id: video.id, position, file_path: key, song_length: seconds, title: `Tone ${frequency}`, ...values }).returning('id');
  return row.id;
}

/** Mean of a rectangle of a grey frame. */
export function regionMean(frame: Buffer, width: number, x: number, y: number, w: number, h: number): number {
  let sum = 0;
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) sum += frame[row * width + col];
  return sum / (w * h);
}

export function regionStdDev(frame: Buffer, width: number, x: number, y: number, w: number, h: number): number {
  const mean = regionMean(frame, width, x, y, w, h);
  let sum = 0;
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) sum += (frame[row * width + col] - mean) ** 2;
  return Math.sqrt(sum / (w * h));
}

/** `npm run worker` on a database and data folder; resolves once it works jobs. */
export function startWorker(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/src/worker.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: 'test', RENDER_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Worker started.')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something, failing after `timeoutMs` with what it waited for. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Temporary files (as temp-files.ts names them) under a folder, however deep, relative to it. */
export function temporaries(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile() && isTempName(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
