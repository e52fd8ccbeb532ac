import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { detect } from './face-detect.ts';
import { analysePhoto, decideRotation, faceTurn, hasTrustedOrientation, TURNS, type QuarterTurn } from './rotation-analysis.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/rotation');
const NO_SKY = { 0: 0, 90: 0, 180: 0, 270: 0 } as const;

describe('rotation analysis', function () {
  this.timeout(180_000);

  it('reads the turn a face needs from its eyes and mouth', () => {
    const upright = { score: 0.9, points: [[40, 40], [60, 40], [50, 50], [50, 60]] as [number, number][] };
    assert.equal(faceTurn(upright)?.turn, 0);
    // Mouth left of the eyes: the face lies with its top to the right, a counter-clockwise quarter stands it up.
    assert.equal(faceTurn({ score: 0.9, points: [[60, 40], [60, 60], [50, 50], [40, 50]] })?.turn, 270);
    assert.equal(faceTurn({ score: 0.9, points: [[40, 60], [40, 40], [50, 50], [60, 50]] })?.turn, 90);
    assert.equal(faceTurn({ score: 0.9, points: [[60, 60], [40, 60], [50, 50], [50, 40]] })?.turn, 180);
    assert.equal(faceTurn({ ...upright, score: 0.4 }), null, 'weak faces do not vote');
    // Leaning 45 degrees is no clear quarter turn.
    assert.equal(faceTurn({ score: 0.9, points: [[40, 40], [60, 60], [50, 50], [40, 60]] }), null);
  });

  it('suggests nothing on one weak face, and nothing when faces disagree', () => {
    const face = (turn: number) => {
      const pts: Record<number, [number, number][]> = {
        0: [[40, 40], [60, 40], [50, 50], [50, 60]],
        90: [[40, 60], [40, 40], [50, 50], [60, 50]],
      };
      return { score: 0.9, points: pts[turn] };
    };
    const one = decideRotation([{ turn: 0, faces: [{ ...face(90), score: 0.7 }], bodies: [] }], NO_SKY);
    assert.equal(one.angle, null);
    const split = decideRotation(TURNS.map((t) => ({ turn: 0 as QuarterTurn, faces: t % 180 ? [face(90)] : [face(0)], bodies: [] })), NO_SKY);
    assert.equal(split.angle, null);
    const agreed = decideRotation([0, 1, 2].map(() => ({ turn: 0 as QuarterTurn, faces: [face(90)], bodies: [] })), NO_SKY);
    assert.equal(agreed.angle, 90);
  });

  for (const name of ['astronaut', 'camera']) {
    for (const turned of TURNS) {
      it(`finds the turn for ${name} given ${turned} degrees`, async () => {
        const photo = await sharp(path.join(fixtures, `${name}.jpg`)).rotate(turned).jpeg().toBuffer();
        const verdict = await analysePhoto(photo, detect);
        const expected = turned === 0 ? null : 360 - turned;
        assert.equal(verdict.angle, expected, JSON.stringify(verdict.votes));
      });
    }
  }

  it('suggests nothing for a photo without people, however it is turned', async () => {
    for (const turned of TURNS) {
      const photo = await sharp(path.join(fixtures, 'coffee.jpg')).rotate(turned).jpeg().toBuffer();
      assert.equal((await analysePhoto(photo, detect)).angle, null, `coffee turned ${turned}`);
    }
  });

  it('trusts a camera EXIF orientation, not a scan without one nor one a scanner or editor wrote', async () => {
    const scan = await sharp(path.join(fixtures, 'camera.jpg')).jpeg().toBuffer();
    assert.equal(await hasTrustedOrientation(scan), false);
    const phone = await sharp(scan).jpeg().withExif({ IFD0: { Make: 'Google', Model: 'Pixel 7', Orientation: '1' }, IFD2: { ExposureTime: '1/120', ISOSpeedRatings: '100' } }).toBuffer();
    assert.equal(await hasTrustedOrientation(phone), true);
    // A flatbed scanner's software writes Orientation 1 whichever way the print lay on the glass.
    const scanner = await sharp(scan).jpeg().withExif({ IFD0: { Make: 'EPSON', Model: 'Perfection V600', Software: 'Epson Scan', Orientation: '1' } }).toBuffer();
    assert.equal(await hasTrustedOrientation(scanner), false);
    // libvips writes an Exif block of its own when told only an orientation: no camera either.
    assert.equal(await hasTrustedOrientation(await sharp(scan).withMetadata({ orientation: 1 }).jpeg().toBuffer()), false);
  });
});
