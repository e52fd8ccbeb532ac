import assert from 'node:assert/strict';
import { ART, SCENES } from './index.ts';
import { voronoi } from './stained-glass.ts';
import { HEIGHT, random, WIDTH } from './svg.ts';

const PALETTE = ['#f4f1ea', '#e6e0d2', '#9aa88c', '#b98c7a', '#3f4a3a'];

describe('theme art generators', () => {
  for (const [family, draw] of Object.entries(ART)) {
    describe(family, () => {
      it('draws the same picture from the same seed', () => {
        for (const scene of SCENES) assert.equal(draw(scene, { seed: 42, palette: PALETTE }), draw(scene, { seed: 42, palette: PALETTE }));
      });

      it('draws another picture from another seed or palette', () => {
        const base = draw('intro', { seed: 42, palette: PALETTE });
        assert.notEqual(draw('intro', { seed: 43, palette: PALETTE }), base);
        assert.notEqual(draw('intro', { seed: 42, palette: PALETTE.map((c, i) => (i === 2 ? '#102030' : c)) }), base);
      });

      it('draws each scene as a 1280 x 720 SVG of its own', () => {
        const pictures = SCENES.map((scene) => draw(scene, { seed: 7, palette: PALETTE }));
        for (const svg of pictures) {
          assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1280" height="720"/);
          assert.ok(svg.endsWith('</svg>'));
          assert.doesNotMatch(svg, /NaN|undefined/);
        }
        assert.equal(new Set(pictures).size, SCENES.length);
      });
    });
  }
});

describe('voronoi', () => {
  it('splits the frame into cells that cover it without overlapping', () => {
    const rnd = random(3);
    const sites: [number, number][] = Array.from({ length: 40 }, () => [rnd.range(0, WIDTH), rnd.range(0, HEIGHT)]);
    const cells = voronoi(sites, Infinity);
    const area = (cell: [number, number][]) =>
      Math.abs(cell.reduce((sum, [x, y], i) => {
        const [nx, ny] = cell[(i + 1) % cell.length];
        return sum + x * ny - nx * y;
      }, 0)) / 2;
    const total = cells.reduce((sum, cell) => sum + area(cell), 0);
    assert.ok(Math.abs(total - (WIDTH + 40) * (HEIGHT + 40)) < 1, `cells cover ${total}`);
  });
});
