import assert from 'node:assert/strict';
import { creatorPaths, CREATOR_SLIDES_PATH, editorTarget, SHORT_SLIDE_PATH, shortPaths } from './paths.ts';

describe('slide editor addresses', () => {
  it('reads a slide, a tool, new_text and the grid from the address', () => {
    assert.deepEqual(editorTarget(undefined, undefined), { kind: 'grid' });
    assert.deepEqual(editorTarget('new_text', undefined), { kind: 'new_text' });
    assert.deepEqual(editorTarget('12', undefined), { kind: 'slide', id: 12, tool: null });
    assert.deepEqual(editorTarget('12', 'custom_zoom'), { kind: 'slide', id: 12, tool: 'custom_zoom' });
    assert.deepEqual(editorTarget('12', 'paint'), { kind: 'invalid' });
    assert.deepEqual(editorTarget('abc', undefined), { kind: 'invalid' });
    assert.deepEqual(editorTarget('new_text', 'crop'), { kind: 'invalid' });
  });

  it('matches the creator and short addresses without taking the other slide pages', () => {
    assert.equal(CREATOR_SLIDES_PATH.exec('/creator/7/slides/12/crop')?.groups?.tool, 'crop');
    assert.equal(CREATOR_SLIDES_PATH.exec('/creator/abcHASH/slides')?.groups?.videoAuthOrId, 'abcHASH');
    assert.equal(SHORT_SLIDE_PATH.exec('/slides/12/straighten')?.groups?.slideId, '12');
    assert.equal(SHORT_SLIDE_PATH.exec('/slides/rubbish_bin/7'), null);
    assert.equal(SHORT_SLIDE_PATH.exec('/slides/downloader/7'), null);
  });

  it('builds the addresses in the form the page was opened with', () => {
    assert.equal(creatorPaths('7').slide(12, 'color'), '/creator/7/slides/12/color');
    assert.equal(shortPaths(7).slide(12), '/slides/12');
    assert.equal(shortPaths(7).grid, '/creator/7/slides');
  });
});
