import assert from 'node:assert/strict';
import { themeDesign } from './catalogue.ts';
import { paletteOf, readOverrides, tagList, withOverrides } from './theme-settings.ts';

describe('theme settings of the themes page', () => {
  it('reads a palette of exactly five #rrggbb colours', () => {
    assert.deepEqual(paletteOf('#F7F3EE, #ece4f0 #b8a5c9,#8f7bab, #5d4e75'), ['#f7f3ee', '#ece4f0', '#b8a5c9', '#8f7bab', '#5d4e75']);
    assert.equal(paletteOf('#f7f3ee, #ece4f0, #b8a5c9, #8f7bab'), null);
    assert.equal(paletteOf('#f7f3ee, #ece4f0, #b8a5c9, #8f7bab, red'), null);
  });

  it('keeps only the overrides it recognises and lays them over the catalogue design', () => {
    const base = themeDesign(2)!;
    const overrides = readOverrides({ title: 'Lilac', tags: ['soft'], debug: true, art: { family: 'sky', seed: 4, palette: base.art.palette }, fonts: 'x' });
    assert.deepEqual(Object.keys(overrides).sort(), ['art', 'debug', 'tags', 'title']);
    const design = withOverrides(base, overrides);
    assert.equal(design.title, 'Lilac');
    assert.equal(design.art.family, 'sky');
    assert.deepEqual(design.fonts, base.fonts);
    assert.deepEqual(readOverrides({ art: { family: 'crayon', seed: 1, palette: [] } }), {});
    assert.deepEqual(withOverrides(base, {}), base);
  });

  it('splits tags on commas', () => {
    assert.deepEqual(tagList(' stained glass, faith ,, '), ['stained glass', 'faith']);
  });
});
