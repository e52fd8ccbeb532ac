import assert from 'node:assert/strict';
import { LABEL_DEFAULTS, type LabelSettings } from '../../../common/label-settings.ts';
import { FONTS } from '../themes/fonts.ts';
import { dvdLabelLayout } from './dvd-label.ts';
import type { Clip, LabelContent, Shape } from './layout.ts';
import { measureText } from './text-measure.ts';

const font = { file: FONTS['quicksand-regular'].file, family: 'Quicksand', weight: 400, style: 'normal' as const };
const content: LabelContent = {
  title: 'Walter Brooks',
  subtitle: '1941 – 2026',
  introText: 'In loving memory of',
  fonts: { title: font, body: font },
  colours: { title: '#ffffff', text: '#eeeeee', background: '#334455' },
  artwork: null,
  maker: { name: 'Brooks & Sons Funeral Home', logo: null },
  qr: null,
};

const rings = (settings: Partial<LabelSettings>): Extract<Clip, { kind: 'ring' }>[] =>
  dvdLabelLayout({ content, settings: { ...LABEL_DEFAULTS, ...settings }, measure: measureText })
    .shapes.filter((s): s is Extract<Shape, { kind: 'clip' }> => s.kind === 'clip')
    .map((s) => s.clip)
    .filter((c): c is Extract<Clip, { kind: 'ring' }> => c.kind === 'ring');

describe('DVD label layout', () => {
  it('puts both labels at the Avery 8960 centres: 4.25 in across, 3 in and 8 in down, 4 5/8 in across', () => {
    const layout = dvdLabelLayout({ content, settings: { ...LABEL_DEFAULTS, dual: '3', bleed: false }, measure: measureText });
    assert.deepEqual([layout.width, layout.height], [612, 792]);
    assert.deepEqual(
      rings({ dual: '3', bleed: false }).map((r) => [r.cx, r.cy, r.r]),
      [[306, 216, 166.5], [306, 576, 166.5]],
    );
  });

  it('prints only the top or only the bottom label for dual 1 and 2, one label on its own page for dual 0', () => {
    assert.deepEqual(rings({ dual: '1' }).map((r) => r.cy), [216]);
    assert.deepEqual(rings({ dual: '2' }).map((r) => r.cy), [576]);
    const single = dvdLabelLayout({ content, settings: { ...LABEL_DEFAULTS, dual: '0' }, measure: measureText });
    const [ring] = rings({ dual: '0' });
    assert.equal(single.width, single.height);
    assert.deepEqual([ring.cx, ring.cy], [single.width / 2, single.height / 2]);
  });

  it('cuts a 13/16 in hole for small and 1 9/16 in for large', () => {
    assert.equal(rings({ dual: '3', bleed: false, dvdLabelSize: 'small' })[0].hole, (13 / 16) * 36);
    assert.equal(rings({ dual: '3', bleed: false, dvdLabelSize: 'large' })[0].hole, (25 / 16) * 36);
  });

  it('paints 1/16 in past the cut and into the hole with bleed, on the two-per-page style only', () => {
    const [bled] = rings({ dual: '3', bleed: true });
    assert.equal(bled.r, 166.5 + 4.5);
    assert.equal(bled.hole, (13 / 16) * 36 - 4.5);
    const [single] = rings({ dual: '0', bleed: true });
    assert.equal(single.r, 166.5, 'a single label has no bleed');
  });

  it('moves each label by its own offsets, 72 points an inch, negative left and up', () => {
    const [top, bottom] = rings({ dual: '3', adjTopX: '0.25', adjTopY: '-0.5', adjBottomX: '-.1', adjBottomY: '0.0' });
    assert.deepEqual([top.cx, top.cy], [306 + 18, 216 - 36]);
    assert.deepEqual([bottom.cx, bottom.cy], [306 - 7.2, 576]);
    const [single] = rings({ dual: '0', adjTopX: '1' });
    assert.equal(single.cx, single.cy, 'offsets belong to the two-per-page style');
  });

  it('fits a long title inside the label', () => {
    const title = 'A very long name that would run off the edge of any disc label at full size';
    const layout = dvdLabelLayout({ content: { ...content, title }, settings: LABEL_DEFAULTS, measure: measureText });
    const clip = layout.shapes[0] as Extract<Shape, { kind: 'clip' }>;
    const text = clip.shapes.find((s): s is Extract<Shape, { kind: 'text' }> => s.kind === 'text' && s.text === title)!;
    assert.ok(measureText(font, title, text.size) < 2 * 166.5, `title at ${text.size} pt is wider than the label`);
    assert.ok(text.size < 26);
  });
});
