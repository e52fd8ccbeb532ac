import assert from 'node:assert/strict';
import sharp from 'sharp';
import { smallPicture } from '../repositories/small-picture.repository.ts';
import { seededRandom } from './random.ts';
import { compareSmallPictures, isSamePhoto, ssim } from './similarity.ts';

/**
 * Generated photographs: a seeded scene of soft shapes with a person (head, body, arm) standing at `personX`.
 * A burst shot is the same scene with the person moved and the arm raised.
 */
function scene(seed: number, options: { personX?: number; armUp?: boolean } = {}): string {
  const rng = seededRandom(seed);
  const random = () => rng.next();
  const w = 1200;
  const h = 900;
  const colour = () => `rgb(${Math.floor(random() * 255)},${Math.floor(random() * 255)},${Math.floor(random() * 255)})`;
  let shapes = `<rect width="${w}" height="${h}" fill="${colour()}"/><rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="${colour()}"/>`;
  for (let i = 0; i < 30; i++) {
    shapes += `<ellipse cx="${random() * w}" cy="${random() * h * 0.7}" rx="${20 + random() * 120}" ry="${20 + random() * 90}" fill="${colour()}" opacity="0.8"/>`;
  }
  const px = (options.personX ?? 0.5) * w;
  const arm = options.armUp ? `<rect x="${px + 40}" y="${h * 0.2}" width="30" height="200" fill="#d9a27a"/>` : `<rect x="${px + 40}" y="${h * 0.45}" width="30" height="200" fill="#d9a27a"/>`;
  shapes += `<circle cx="${px}" cy="${h * 0.3}" r="70" fill="#e8b48f"/><rect x="${px - 70}" y="${h * 0.38}" width="140" height="330" fill="#223a6b"/>${arm}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes}</svg>`;
}

/** Grains across the generated texture: about one pixel of the small pictures compared, as gravel's. */
const GRAIN = 100;
const jpeg = (svg: string, quality = 90) => sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();

async function judged(a: Buffer, b: Buffer) {
  const similarity = compareSmallPictures(await smallPicture(a), await smallPicture(b));
  return { ...similarity, same: isSamePhoto(similarity) };
}

describe('duplicate check of a pair (media/similarity.ts)', function () {
  this.timeout(30_000);
  let original: Buffer;
  before(async () => {
    original = await jpeg(scene(7));
  });

  it('scores a picture against itself as the same', () => {
    const n = 8;
    const plane = Float64Array.from({ length: n * n }, (_, i) => (i * 37) % 255);
    assert.ok(Math.abs(ssim(plane, plane, n) - 1) < 1e-9);
    assert.ok(ssim(plane, plane.map((v) => 255 - v), n) < 0);
  });

  it('finds a resized and recompressed copy', async () => {
    const copy = await sharp(original).resize(500).jpeg({ quality: 45 }).toBuffer();
    const verdict = await judged(original, copy);
    assert.ok(verdict.same, JSON.stringify(verdict));
  });

  it('finds a lightly cropped copy and where it lies', async () => {
    const copy = await sharp(original).extract({ left: 120, top: 60, width: 960, height: 760 }).jpeg({ quality: 80 }).toBuffer();
    const verdict = await judged(copy, original);
    assert.ok(verdict.same, JSON.stringify(verdict));
    assert.equal(verdict.cropOf, 'b', 'the copy is a crop of the original');
    assert.ok(Math.abs(verdict.window.x - 0.1) < 0.03 && Math.abs(verdict.window.w - 0.8) < 0.03, JSON.stringify(verdict.window));
  });

  it('finds crops of a fine texture (gravel, grass) that fall between the coarse search steps', async () => {
    // Fine grain: a window a pixel off looks like another photo, so the window must be found exactly.
    const grain = await sharp({ create: { width: GRAIN, height: GRAIN, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const gravel = await sharp(grain).resize(900, 900, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
    for (const [left, top, size] of [[45, 45, 810], [63, 63, 837], [20, 50, 830]]) {
      const crop = await sharp(gravel).extract({ left, top, width: size, height: size }).jpeg({ quality: 85 }).toBuffer();
      const verdict = await judged(gravel, crop);
      assert.ok(verdict.same, `${left},${top} ${size}: ${JSON.stringify(verdict)}`);
    }
  });

  it('finds a copy stored sideways with an EXIF orientation', async () => {
    const sideways = await sharp(original).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer();
    assert.equal((await sharp(sideways).metadata()).orientation, 6);
    const verdict = await judged(original, sideways);
    assert.ok(verdict.same, JSON.stringify(verdict));
  });

  it('does not offer a burst shot (the person moved and raised an arm)', async () => {
    const burst = await jpeg(scene(7, { personX: 0.62, armUp: true }));
    const verdict = await judged(original, burst);
    assert.ok(!verdict.same, JSON.stringify(verdict));
  });

  it('does not offer a different photo, nor a recoloured one', async () => {
    assert.ok(!(await judged(original, await jpeg(scene(8)))).same);
    const tinted = await sharp(original).modulate({ hue: 90 }).jpeg().toBuffer();
    const verdict = await judged(original, tinted);
    assert.ok(verdict.colour > 14 && !verdict.same, JSON.stringify(verdict));
  });
});
