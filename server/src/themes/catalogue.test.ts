import assert from 'node:assert/strict';
import { CUSTOM_THEME_BASE_ID, pairingOf, THEMES, themeDesign } from './catalogue.ts';
import { fontFile, FONTS, MissingFontError } from './fonts.ts';
import { LOOK_MODIFIERS } from '../seed/look-modifiers.ts';

const ids = (type: keyof typeof LOOK_MODIFIERS) => new Set(LOOK_MODIFIERS[type].map((m) => m.id));

describe('theme catalogue', () => {
  const real = THEMES.filter((t) => t.id !== CUSTOM_THEME_BASE_ID);

  it('starts with the Custom Theme Base as theme 1', () => {
    assert.equal(THEMES[0].id, 1);
    assert.equal(THEMES[0].title, 'Custom Theme Base');
    assert.equal(themeDesign(1)?.custom, true);
  });

  it('offers at least 12 themes from at least 6 art families and 6 font pairings, one or two unreleased', () => {
    assert.ok(real.length >= 12);
    assert.ok(new Set(real.map((t) => t.art.family)).size >= 6);
    assert.ok(new Set(real.map((t) => pairingOf(t.id))).size >= 6);
    const unreleased = real.filter((t) => t.debug).length;
    assert.ok(unreleased >= 1 && unreleased <= 2);
    assert.equal(new Set(THEMES.map((t) => t.id)).size, THEMES.length);
    assert.equal(new Set(THEMES.map((t) => t.title)).size, THEMES.length);
  });

  it('gives every theme defaults that exist among the look modifiers', () => {
    for (const t of THEMES) {
      assert.ok(t.defaults.transitionIds.length > 0 && t.defaults.transitionIds.every((id) => ids('transition').has(id)), t.title);
      assert.ok(t.defaults.effectIds.length > 0 && t.defaults.effectIds.every((id) => ids('effect').has(id)), t.title);
      assert.ok(ids('overlay').has(t.defaults.overlayId) && ids('border').has(t.defaults.borderId) && ids('background').has(t.defaults.backgroundId));
      assert.ok(t.introLength > 0 && t.outroLength > 0 && t.transitionLength > 0);
      assert.equal(t.coverRatio, 16 / 9);
      assert.equal(t.art.palette.length, 5);
    }
  });

  it('uses installed fonts only, captions in Gentium Basic Italic', () => {
    for (const t of THEMES) {
      for (const font of Object.values(t.fonts)) assert.equal(fontFile(font), font.file);
      assert.equal(t.fonts.caption.family, 'Gentium Basic');
      assert.equal(t.fonts.caption.style, 'italic');
    }
  });
});

describe('fontFile', () => {
  it('names the Debian package of a missing font', () => {
    const missing = { ...FONTS['lato-regular'], file: '/nonexistent/Lato-Regular.ttf' };
    assert.throws(() => fontFile(missing), (err: Error) => err instanceof MissingFontError && /fonts-lato/.test(err.message));
  });
});
