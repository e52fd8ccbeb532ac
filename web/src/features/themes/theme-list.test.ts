import assert from 'node:assert/strict';
import type { ThemeTile } from '../../api/index.ts';
import { matchesThemeSearch, tagsOf } from './theme-search.ts';
import { isThemeSort, sortThemes, themeLabel } from './theme-sort.ts';
import { pickerSections, themeChoice, tileKey } from './picker-sections.ts';

const theme = (id: number, themeTitle: string | null, tags: ThemeTile['tags'] = ''): ThemeTile => ({
  id,
  themeTitle,
  tags,
  thumbnailUrl: null,
  previewUrl: null,
  posterUrl: null,
  custom: false,
});

describe('theme search', () => {
  const autumn = theme(3, 'Autumn Leaves', 'fall, nature, warm');
  const cafe = theme(4, 'Café Terrace', ['Paris', 'evening lights']);

  it('matches when every word starts a word of the title or the tags, ignoring case', () => {
    assert.equal(matchesThemeSearch('aut', autumn), true);
    assert.equal(matchesThemeSearch('LEAV nat', autumn), true);
    assert.equal(matchesThemeSearch('warm fall', autumn), true);
    assert.equal(matchesThemeSearch('eaves', autumn), false, 'middle of a word');
    assert.equal(matchesThemeSearch('autumn winter', autumn), false, 'every word must match');
  });

  it('reads tags as a list or as one comma-separated text, and ignores accents', () => {
    assert.equal(matchesThemeSearch('cafe light', cafe), true);
    assert.deepEqual(tagsOf('fall, nature ,warm'), ['fall', 'nature', 'warm']);
    assert.deepEqual(tagsOf(null), []);
  });

  it('matches everything with an empty search', () => {
    assert.equal(matchesThemeSearch('   ', autumn), true);
  });
});

describe('theme sorts', () => {
  const themes = [theme(1, 'Custom Theme Base'), theme(2, 'Bluebells'), theme(3, 'Autumn Leaves'), theme(4, 'Candlelight'), theme(5, null)];
  const ids = (list: ThemeTile[]) => list.map((t) => t.id);

  it('puts the most recently used first, then by popularity, then A to Z', () => {
    assert.deepEqual(ids(sortThemes(themes, 'recent', [4, 2], [5])), [5, 4, 2, 3, 1]);
  });

  it('orders by popularity with A to Z for themes never chosen', () => {
    assert.deepEqual(ids(sortThemes(themes, 'popular', [2], [])), [2, 3, 4, 1, 5]);
  });

  it('sorts alphabetically by the shown label and newest by the highest id', () => {
    assert.deepEqual(ids(sortThemes(themes, 'alpha', [], [])), [3, 2, 4, 1, 5]);
    assert.deepEqual(ids(sortThemes(themes, 'newest', [1], [1])), [5, 4, 3, 2, 1]);
  });

  it('labels a theme without a title by its id', () => {
    assert.equal(themeLabel(theme(5, null)), 'Theme #5');
    assert.equal(themeLabel({ id: 8, themeTitle: '', custom: true }), 'Custom Theme #8');
  });

  it('knows its four sorts', () => {
    assert.deepEqual(['recent', 'popular', 'alpha', 'newest', 'other'].map(isThemeSort), [true, true, true, true, false]);
  });
});

describe('theme picker sections', () => {
  const list = {
    themes: [theme(1, 'Custom Theme Base'), theme(2, 'Bluebells'), { ...theme(3, 'Prototype'), debug: true }, theme(4, 'Autumn Leaves', 'fall')],
    customThemes: [
      { ...theme(10, 'Mine', ''), custom: true, themeId: 2 },
      { ...theme(11, null, ''), custom: true, themeId: 1 },
    ],
    popular: [],
    recent: [],
    current: null,
    preparing: 0,
  };

  it('lists custom themes, the released themes and the unreleased ones, without the Custom Theme Base', () => {
    const sections = pickerSections(list, '', 'alpha', false);
    assert.deepEqual(
      sections.map((s) => [s.title, s.themes.map((t) => t.id)]),
      [
        ['My Custom Themes', [11, 10]],
        ['Themes', [4, 2]],
        ['Unreleased Themes', [3]],
      ],
    );
  });

  it('gives a family no custom themes and drops sections the search empties', () => {
    assert.deepEqual(pickerSections(list, 'fall', 'alpha', true).map((s) => s.title), ['Themes']);
  });

  it('applies a custom theme with its base theme, and a plain theme without any custom one', () => {
    assert.deepEqual(themeChoice(list.customThemes[0]), { themeId: 2, customThemeId: 10 });
    assert.deepEqual(themeChoice(list.themes[1]), { themeId: 2, customThemeId: null });
    assert.notEqual(tileKey(list.themes[0]), tileKey({ id: 1, custom: true }));
  });
});
