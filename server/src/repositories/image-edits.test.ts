import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { EditParams, ImageKind } from '../media/image-recipe.ts';
import { imageRepository } from './image.repository.ts';
import { mediaFileRepository } from './media-file.repository.ts';
import { storageRepository } from './storage.repository.ts';

/** Pixel tests of the edit pipeline on generated pictures: each edit does what it says to real pixels. */

const plain: EditParams = {
  source: 'test', angle: 0, crop: null, hue: 0, brightness: 100, contrast: 100, saturation: 100, straighten: 0,
  enhance: false, redeyes: [], blemishes: [],
};

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** A raw RGB picture drawn by `paint(x, y)`. */
function draw(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 3);
  }
  return data;
}

const png = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();

/** Deterministic noise, so a blemish test has texture to smooth. */
function noise(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe('image edits on pixels', function () {
  this.timeout(60_000);
  let dir: string;
  let images: ReturnType<typeof imageRepository>;
  let files: ReturnType<typeof mediaFileRepository>;
  let n = 0;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'image-edits-'));
    files = mediaFileRepository(storageRepository(dir));
    images = imageRepository(files);
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  async function edit(source: Buffer, params: Partial<EditParams>, kind: ImageKind = 'big'): Promise<Pixels> {
    const key = `in-${++n}.png`;
    await files.write(key, source);
    const out = `out-${n}.jpg`;
    await images.renderDerived(key, 'image/png', { ...plain, ...params }, kind, out);
    const { data, info } = await sharp(files.path(out)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  }

  const at = (p: Pixels, x: number, y: number) => {
    const i = (Math.round(y) * p.width + Math.round(x)) * p.channels;
    return [p.data[i], p.data[i + 1], p.data[i + 2]];
  };
  const isRed = ([r, g, b]: number[]) => r > 1.5 * ((g + b) / 2);

  function stats(p: Pixels) {
    let sum = 0;
    let sq = 0;
    let sat = 0;
    const count = p.width * p.height;
    for (let i = 0; i < count; i++) {
      const [r, g, b] = [p.data[i * p.channels], p.data[i * p.channels + 1], p.data[i * p.channels + 2]];
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      sum += luma;
      sq += luma * luma;
      sat += Math.max(r, g, b) - Math.min(r, g, b);
    }
    const mean = sum / count;
    return { mean, std: Math.sqrt(sq / count - mean * mean), saturation: sat / count };
  }

  it('crops to the rectangle asked for', async () => {
    const photo = await png(draw(1200, 900, (x) => [x % 256, 100, 100]), 1200, 900);
    const out = await edit(photo, { crop: { x1: 8000, x2: 24000, y1: 0, y2: 16000 } });
    assert.deepEqual([out.width, out.height], [600, 450]);
    // The left edge of the output is x = 300 of the photo.
    assert.ok(Math.abs(at(out, 2, 200)[0] - (302 % 256)) <= 6, `left edge red ${at(out, 2, 200)[0]}`);
  });

  it('straightens a vertical line by 10 degrees (within half a degree), with no corner showing', async () => {
    const photo = await png(draw(800, 600, (x) => (Math.abs(x - 400) <= 2 ? [0, 0, 0] : [255, 255, 255])), 800, 600);
    const out = await edit(photo, { straighten: 10 });
    /** Where the dark line crosses row y: the mean x of its dark pixels. */
    const lineX = (y: number) => {
      let sum = 0;
      let count = 0;
      for (let x = 0; x < out.width; x++) {
        if (at(out, x, y)[0] < 128) {
          sum += x;
          count++;
        }
      }
      assert.ok(count > 0 && count < 20, `row ${y} crosses the line only (${count} dark pixels)`);
      return sum / count;
    };
    const top = Math.round(out.height * 0.15);
    const bottom = Math.round(out.height * 0.85);
    const degrees = (Math.atan2(lineX(top) - lineX(bottom), bottom - top) * 180) / Math.PI;
    assert.ok(Math.abs(degrees - 10) <= 0.5, `the line leans ${degrees.toFixed(2)} degrees`);
    for (const [x, y] of [[1, 1], [out.width - 2, 1], [1, out.height - 2], [out.width - 2, out.height - 2]]) {
      assert.ok(at(out, x, y).every((c) => c > 200), 'corners show the photo (white), never the background');
    }
  });

  /** Skin, a red pupil at 300,200 (radius 12) and a red shirt at the bottom. */
  const face = () =>
    png(
      draw(600, 400, (x, y) => {
        if ((x - 300) ** 2 + (y - 200) ** 2 <= 144) return [210, 40, 40];
        if (y >= 330) return [200, 30, 35];
        return [200, 160, 130];
      }),
      600,
      400,
    );

  it('red-eye turns the red pupil non-red and leaves a red shirt outside the radius red', async () => {
    const photo = await face();
    const before = await edit(photo, {});
    assert.ok(isRed(at(before, 300, 200)) && isRed(at(before, 300, 370)));
    const out = await edit(photo, { redeyes: [[300, 200, 20]] });
    assert.ok(!isRed(at(out, 300, 200)), `pupil ${at(out, 300, 200)}`);
    assert.ok(!isRed(at(out, 306, 196)), `pupil ${at(out, 306, 196)}`);
    assert.ok(isRed(at(out, 300, 370)), `shirt ${at(out, 300, 370)}`);
    const skin = at(out, 300, 216);
    assert.ok(Math.abs(skin[0] - 200) <= 8, `skin inside the radius keeps its colour ${skin}`);
  });

  it('red-eye marks follow the photo through a quarter turn and a crop, and into the thumbnail', async () => {
    const photo = await face();
    const params = { angle: 90, crop: { x1: 0, x2: 32000, y1: 8000, y2: 32000 }, redeyes: [[300, 200, 20]] as [number, number, number][] };
    const out = await edit(photo, params);
    // Turned clockwise the photo is 400 x 600; the pupil moves to (400 - 200, 300) = (200, 300); the crop drops the top 150.
    assert.deepEqual([out.width, out.height], [400, 450]);
    const before = await edit(photo, { ...params, redeyes: [] });
    assert.ok(isRed(at(before, 200, 150)), 'the pupil is where the geometry says');
    assert.ok(!isRed(at(out, 200, 150)), `pupil ${at(out, 200, 150)}`);
    const thumb = await edit(photo, { redeyes: [[300, 200, 20]] }, 'thumb');
    assert.ok(!isRed(at(thumb, 300 * (150 / 400), 200 * (150 / 400))), 'the thumbnail shows the repair');
  });

  it('the blemish concealer softens inside the stroke and nowhere else', async () => {
    const rand = noise(7);
    const photo = await png(draw(400, 300, () => { const v = 60 + Math.round(rand() * 140); return [v, v, v]; }), 400, 300);
    const before = await edit(photo, {});
    const out = await edit(photo, { blemishes: [[200, 150, 30]] });
    const spread = (p: Pixels, inside: (x: number, y: number) => boolean) => {
      let sum = 0;
      let sq = 0;
      let count = 0;
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          if (!inside(x, y)) continue;
          const v = at(p, x, y)[0];
          sum += v;
          sq += v * v;
          count++;
        }
      }
      return Math.sqrt(sq / count - (sum / count) ** 2);
    };
    const core = (x: number, y: number) => (x - 200) ** 2 + (y - 150) ** 2 <= 15 ** 2;
    assert.ok(spread(out, core) < spread(before, core) / 3, `smoothed ${spread(out, core)} vs ${spread(before, core)}`);
    let worst = 0;
    for (let y = 0; y < out.height; y++) {
      for (let x = 0; x < out.width; x++) {
        // JPEG works in 16-pixel blocks: beyond one block from the stroke the encoder sees the same pixels.
        if ((x - 200) ** 2 + (y - 150) ** 2 <= (30 + 24) ** 2) continue;
        worst = Math.max(worst, Math.abs(at(out, x, y)[0] - at(before, x, y)[0]));
      }
    }
    assert.ok(worst <= 2, `outside the stroke the picture is unchanged (largest difference ${worst})`);
  });

  it('each colour slider moves brightness, contrast or saturation the right way', async () => {
    const photo = await png(draw(300, 200, (x, y) => [60 + (x % 120), 80 + (y % 100), 140 - (x % 60)]), 300, 200);
    const base = stats(await edit(photo, {}));
    const of = async (p: Partial<EditParams>) => stats(await edit(photo, p));
    assert.ok((await of({ brightness: 150 })).mean > base.mean + 10, 'brightness up');
    assert.ok((await of({ brightness: 50 })).mean < base.mean - 10, 'brightness down');
    assert.ok((await of({ contrast: 160 })).std > base.std * 1.3, 'contrast up');
    assert.ok((await of({ contrast: 40 })).std < base.std * 0.7, 'contrast down');
    assert.ok((await of({ saturation: 180 })).saturation > base.saturation * 1.2, 'saturation up');
    assert.ok((await of({ saturation: 20 })).saturation < base.saturation * 0.5, 'saturation down');
    const red = await png(draw(50, 50, () => [220, 40, 40]), 50, 50);
    const turned = at(await edit(red, { hue: 180 }), 25, 25);
    assert.ok(turned[0] < turned[1] && turned[0] < turned[2], `hue 180 turns red to cyan ${turned}`);
  });

  it('makes the tool images: each leaves out its own tool, the blemish preview is smoothed', async () => {
    const photo = await face();
    const edits = { redeyes: [[300, 200, 20]] as [number, number, number][], brightness: 140, crop: { x1: 0, x2: 16000, y1: 0, y2: 32000 } };
    const sansRed = await edit(photo, edits, 'big_sans_redeyes');
    assert.deepEqual([sansRed.width, sansRed.height], [300, 400], 'cropped');
    const sansCrop = await edit(photo, edits, 'big_sans_crop');
    assert.deepEqual([sansCrop.width, sansCrop.height], [600, 400], 'the whole photo');
    assert.ok(!isRed(at(sansCrop, 300, 200)), 'with the red-eye repair');
    const sansColor = await edit(photo, edits, 'big_sans_color');
    const withColor = await edit(photo, edits, 'big');
    assert.ok(stats(sansColor).mean < stats(withColor).mean - 10, 'without the brightness');
    const blur = await edit(photo, edits, 'big_blemish_blur');
    const sharpEdge = Math.abs(at(withColor, 300, 320)[1] - at(withColor, 300, 340)[1]);
    const softEdge = Math.abs(at(blur, 300, 328)[1] - at(blur, 300, 332)[1]);
    assert.ok(softEdge < sharpEdge, 'the shirt edge is softened');
  });
});
