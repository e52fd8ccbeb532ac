import assert from 'node:assert/strict';
import { backgroundModes, CUSTOM_THEME_BASE_ID, introMissing, isHexColour } from './custom-theme.ts';

describe('custom theme rules', () => {
  it('needs an intro image only for a full custom theme with its intro on', () => {
    assert.equal(introMissing({ baseThemeId: CUSTOM_THEME_BASE_ID, introEnabled: true, hasIntroImage: false }), true);
    assert.equal(introMissing({ baseThemeId: CUSTOM_THEME_BASE_ID, introEnabled: true, hasIntroImage: true }), false);
    assert.equal(introMissing({ baseThemeId: CUSTOM_THEME_BASE_ID, introEnabled: false, hasIntroImage: false }), false);
    assert.equal(introMissing({ baseThemeId: 7, introEnabled: true, hasIntroImage: false }), false);
  });

  it("offers the theme's own artwork only for themes that have it", () => {
    assert.deepEqual(backgroundModes(CUSTOM_THEME_BASE_ID), ['colour', 'image']);
    assert.deepEqual(backgroundModes(7), ['theme', 'colour', 'image']);
  });

  it('accepts #rrggbb colours only', () => {
    assert.equal(isHexColour('#A0b1c2'), true);
    assert.equal(isHexColour('red'), false);
    assert.equal(isHexColour('#abc'), false);
  });
});
