import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { smallPicture } from '../repositories/small-picture.repository.ts';
import { cropCandidate, cropCandidatePairs, isWindowPrints, PRINT_DISTANCE, windowPrints } from './window-prints.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/rotation');
/** The prints of a photograph's thumbnail-sized copy, optionally cropped first (fractions off each edge). */
async function printsOf(name: string, cut = { left: 0, top: 0, right: 0, bottom: 0 }) {
  const file = path.join(fixtures, `${name}.jpg`);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const region = { left: Math.round(width * cut.left), top: Math.round(height * cut.top), width: Math.round(width * (1 - cut.left - cut.right)), height: Math.round(height * (1 - cut.top - cut.bottom)) };
  const thumb = await sharp(file).extract(region).resize({ height: 150 }).jpeg({ quality: 80 }).toBuffer();
  return windowPrints(await smallPicture(thumb));
}

const bits = (a: string, b: string) => [...a].reduce((n, c, i) => n + [...(parseInt(c, 16) ^ parseInt(b[i], 16)).toString(2)].filter((d) => d === '1').length, 0);

describe('window prints (the server’s crop candidates)', function () {
  this.timeout(20_000);

  it('makes a crop of a photo a candidate though their whole prints are far apart', async () => {
    const whole = await printsOf('camera');
    for (const cut of [{ left: 0.1, top: 0.1, right: 0, bottom: 0 }, { left: 0, top: 0, right: 0.2, bottom: 0 }, { left: 0.05, top: 0.05, right: 0.05, bottom: 0.05 }]) {
      const crop = await printsOf('camera', cut);
      assert.ok(cropCandidate(whole, crop) && cropCandidate(crop, whole), JSON.stringify(cut));
    }
    // The browser-style whole print alone would not have made the corner crop a candidate.
    assert.ok(bits(whole.whole, (await printsOf('camera', { left: 0.1, top: 0.1, right: 0, bottom: 0 })).whole) >= PRINT_DISTANCE);
  });

  it('pairs only the photos that are crops of each other', async () => {
    const prints = new Map([
      [3, await printsOf('camera')],
      [5, await printsOf('astronaut')],
      [8, await printsOf('camera', { left: 0.08, top: 0, right: 0, bottom: 0.08 })],
      [9, await printsOf('coffee')],
    ]);
    assert.deepEqual(cropCandidatePairs(prints), [[3, 8]]);
  });

  it('accepts stored prints of its own shape only', async () => {
    const prints = await printsOf('coffee');
    assert.ok(isWindowPrints(JSON.parse(JSON.stringify(prints))));
    assert.ok(!isWindowPrints({ whole: prints.whole, windows: prints.windows.slice(1) }), 'another window list: made again');
    assert.ok(!isWindowPrints({ whole: 'zz', windows: prints.windows }));
    assert.ok(!isWindowPrints(null));
  });
});
