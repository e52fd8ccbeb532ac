import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { editParamsOf, type DerivedKind, type EditParams, type SlideEditFields } from '../src/media/image-recipe.ts';
import { MediaError } from '../src/media/media-error.ts';
import { derivedSetRepository } from '../src/repositories/derived-set.repository.ts';
import { ffmpegRepository } from '../src/repositories/ffmpeg.repository.ts';
import { ffprobeRepository } from '../src/repositories/ffprobe.repository.ts';
import { imageRepository } from '../src/repositories/image.repository.ts';
import { mediaFileRepository } from '../src/repositories/media-file.repository.ts';
import { slideMediaRepository } from '../src/repositories/slide-media.repository.ts';
import { storageRepository } from '../src/repositories/storage.repository.ts';
import { slideMediaService } from '../src/services/slide-media.service.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';

/** A camera-sized picture with soft detail and a red left half, stored with EXIF orientation 6 (shown portrait). */
async function cameraPhoto(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wave = Math.round(40 * Math.sin(x / 37) * Math.cos(y / 53));
      const at = (y * width + x) * 3;
      data[at] = x < width / 2 ? 200 + wave / 2 : 40 + wave;
      data[at + 1] = 90 + wave + Math.round((60 * y) / height);
      data[at + 2] = x < width / 2 ? 40 - wave / 2 + 40 : 200 + wave / 2;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
}

async function pixels(file: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

const plainEdits = (source: string): EditParams =>
  editParamsOf({
    sha256: source, orig_path: null, is_video: false, angle: 0, crop: null, hue: 0, brightness: 100, contrast: 100,
    saturation: 100, straighten: 0, enhance: false, redeyes: [], blemishes: [],
  } satisfies SlideEditFields);

describe('upload processing', function () {
  this.timeout(120_000);

  describe('derived images from one decode', () => {
    let dir: string;
    const storage = () => storageRepository(dir);
    let files: ReturnType<typeof mediaFileRepository>;
    let images: ReturnType<typeof imageRepository>;
    let sets: ReturnType<typeof derivedSetRepository>;
    const ORIGINAL = 'photo/original.jpg';

    before(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-derived-set-'));
      files = mediaFileRepository(storage());
      images = imageRepository(files);
      sets = derivedSetRepository(files, images);
      await files.write(ORIGINAL, await cameraPhoto(4000, 3000));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('makes the thumbnail and the square of a 12-megapixel JPEG from one decode, each as made alone', async () => {
      const kinds: DerivedKind[] = ['thumb', 'square'];
      const report = await sets.render(ORIGINAL, 'image/jpeg', plainEdits('a'), kinds.map((kind) => ({ kind, key: `shared/${kind}.jpg` })));
      assert.deepEqual(report, { decodes: 1, divisor: 5 }, 'one decode, scaled by the JPEG decoder');
      for (const kind of kinds) {
        await images.renderDerived(ORIGINAL, 'image/jpeg', plainEdits('a'), kind, `alone/${kind}.jpg`);
        const shared = await pixels(files.path(`shared/${kind}.jpg`));
        const alone = await pixels(files.path(`alone/${kind}.jpg`));
        assert.deepEqual([shared.width, shared.height], [alone.width, alone.height], `${kind} keeps its size`);
        const score = psnr(shared.data, alone.data);
        assert.ok(score > 35, `${kind} looks the same as one made alone (PSNR ${score.toFixed(1)} dB)`);
      }
      // Orientation 6 shows the photo portrait: its red left half is on top.
      const thumb = await pixels(files.path('shared/thumb.jpg'));
      assert.deepEqual([thumb.width, thumb.height], [113, 150]);
      assert.ok(thumb.data[(20 * thumb.width + 56) * 3] > 150, 'red on top');
      assert.ok(thumb.data[(130 * thumb.width + 56) * 3] < 120, 'not red below');
    });

    it('makes images one at a time when the edits turn the photo, still at their sizes', async () => {
      const turned = { ...plainEdits('b'), angle: 90 };
      const report = await sets.render(ORIGINAL, 'image/jpeg', turned, [
        { kind: 'thumb', key: 'turned/thumb.jpg' },
        { kind: 'square', key: 'turned/square.jpg' },
      ]);
      assert.equal(report.decodes, 2);
      assert.deepEqual((await pixels(files.path('turned/thumb.jpg'))).height, 150);
      assert.deepEqual((await pixels(files.path('turned/square.jpg'))).width, 150);
    });

    it('refuses a JPEG cut off half way, as a damaged photo', async () => {
      const whole = await cameraPhoto(2000, 1500);
      await files.write('cut/original.jpg', whole.subarray(0, Math.floor(whole.length / 2)));
      await assert.rejects(
        sets.render('cut/original.jpg', 'image/jpeg', plainEdits('c'), [
          { kind: 'thumb', key: 'cut/thumb.jpg' },
          { kind: 'square', key: 'cut/square.jpg' },
        ]),
        (err: unknown) => err instanceof MediaError && err.problem === 'damaged',
      );
    });
  });

  describe('processSlide', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness();
    });
    after(async () => h.close());

    it('announces the slide ready with its thumbnail and square, and leaves the big image to a later job', async () => {
      const video = await makeVideo(h.deps, { organization_id: null });
      const [{ id }] = await h.deps.db('slides').insert({ video_id: video.id, orig_filename: 'p.jpg', processing_state: 'pending' }).returning('id');
      const key = `videos/${video.id}/slides/${id}/original.upload`;
      await h.deps.repos.storage.write(key, await cameraPhoto(2400, 1800));
      await h.deps.db('slides').where({ id }).update({ orig_path: key });

      const files = mediaFileRepository(h.deps.repos.storage);
      const images = imageRepository(files);
      const folder = h.deps.repos.storage.resolve(`videos/${video.id}/slides/${id}/derived`);
      const derived = (): string[] => readdirSync(folder).map((name) => name.split('-')[0]).sort();
      const seen: { announced?: { state: string; files: string[] }; queued?: number } = {};
      const media = slideMediaService({
        slides: slideMediaRepository(h.deps.db),
        files,
        images,
        sets: derivedSetRepository(files, images),
        probe: ffprobeRepository(files),
        ffmpeg: ffmpegRepository(files),
        notify: async () => {
          const row = await h.deps.db('slides').where({ id }).first();
          seen.announced = { state: row.processing_state, files: derived() };
        },
        later: async (slideId) => {
          seen.queued = slideId;
        },
      });

      await media.processSlide(id);
      assert.deepEqual(seen.announced, { state: 'ready', files: ['square', 'thumb'] }, 'the grid can show it before the big image exists');
      assert.equal(seen.queued, id, 'the big image is queued');
      await media.prepareLater(id);
      assert.deepEqual(derived(), ['big', 'square', 'thumb']);
      const big = await sharp(path.join(folder, readdirSync(folder).find((name) => name.startsWith('big-'))!)).metadata();
      assert.deepEqual([big.width, big.height], [1440, 1920]);
    });
  });
});
