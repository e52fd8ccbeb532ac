import assert from 'node:assert/strict';
import type { ThemeList, ThemeTile } from '../../api/index.ts';
import { chosenTheme, showsEditCustomTheme, themePosterUrl } from './theme-artwork.ts';

const tile = (id: number, extra: Partial<ThemeTile> = {}): ThemeTile => ({
  id,
  themeTitle: `Theme ${id}`,
  tags: [],
  thumbnailUrl: `/r/themes/${id}/icon.jpg?v=a`,
  previewUrl: null,
  posterUrl: `/r/themes/${id}/poster.jpg?v=a`,
  custom: false,
  ...extra,
});

const staffList: ThemeList = {
  themes: [tile(5, { themeTitle: 'Autumn Leaves' })],
  customThemes: [tile(31, { themeTitle: 'Grandpa in Blue', custom: true, themeId: 5, posterUrl: '/custom_themes/31/preview.jpg?v=k' })],
  popular: [],
  recent: [],
  current: null,
  preparing: 0,
};
// GET /r/themes answers a family no custom themes: they belong to the organization's users.
const familyList: ThemeList = { ...staffList, customThemes: [] };

describe('the setup theme card', () => {
  it("shows staff a custom theme's own title card, even before the list has it", () => {
    assert.deepEqual(chosenTheme(staffList, { themeId: 5, customThemeId: 31 }, 9, false), { label: 'Grandpa in Blue', poster: '/custom_themes/31/preview.jpg?v=k' });
    assert.deepEqual(chosenTheme(undefined, { themeId: 5, customThemeId: 31 }, 9, false), { label: 'Custom Theme #31', poster: '/custom_themes/31/preview.jpg?video_id=9' });
  });

  it('never sends a family to the signed-in custom theme preview: it gets the base theme poster', () => {
    const family = chosenTheme(familyList, { themeId: 5, customThemeId: 31 }, 9, true);
    assert.deepEqual(family, { label: 'Custom Theme #31', poster: '/r/themes/5/poster.jpg?v=a' });
    // The Custom Theme Base (id 1) is not in the picker's list; its poster is still public.
    assert.deepEqual(chosenTheme(familyList, { themeId: 1, customThemeId: 32 }, 9, true), { label: 'Custom Theme #32', poster: themePosterUrl(1) });
    assert.deepEqual(chosenTheme(undefined, { themeId: 1, customThemeId: 32 }, null, true)?.poster, '/r/themes/1/poster.jpg');
    for (const lists of [familyList, staffList, undefined]) {
      const poster = chosenTheme(lists, { themeId: 5, customThemeId: 31 }, 9, true)?.poster ?? '';
      assert.ok(!poster.startsWith('/custom_themes/'), poster);
    }
  });

  it('shows a plain theme by its poster, and nothing before a theme is chosen', () => {
    assert.deepEqual(chosenTheme(familyList, { themeId: 5, customThemeId: null }, 9, true), { label: 'Autumn Leaves', poster: '/r/themes/5/poster.jpg?v=a' });
    assert.deepEqual(chosenTheme(undefined, { themeId: 5, customThemeId: null }, 9, false), { label: 'Theme #5', poster: null });
    assert.equal(chosenTheme(staffList, { themeId: 0, customThemeId: null }, 9, false), null);
  });

  it('offers Edit Custom Theme to staff with a custom theme only, never to a family', () => {
    assert.equal(showsEditCustomTheme(31, false), true);
    assert.equal(showsEditCustomTheme(31, true), false);
    assert.equal(showsEditCustomTheme(null, false), false);
    assert.equal(showsEditCustomTheme(null, true), false);
  });
});
