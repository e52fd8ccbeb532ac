import assert from 'node:assert/strict';
import { choiceAttributes, choiceChanges, chooserTargets, customizeToolsEnabled, hasCustomZoom, initialChoice, toggleLook, type ChooserSlide } from './chooser.ts';

const slide = (id: number, values: Partial<ChooserSlide> = {}): ChooserSlide => ({
  id,
  isText: false,
  isVideo: false,
  effectId: 0,
  overlayId: 0,
  borderId: 0,
  transitionId: 0,
  userSetEffect: false,
  userSetOverlay: false,
  userSetBorder: false,
  userSetTransition: false,
  effectData: null,
  ...values,
});

describe('look choosers', () => {
  it('applies to every chosen slide but the cover', () => {
    assert.deepEqual(chooserTargets([slide(1), slide(2), slide(3)], 1).map((s) => s.id), [2, 3]);
  });

  it('opens on the shared choice, else Automatic; an unset id counts as Automatic', () => {
    assert.equal(initialChoice([slide(2, { transitionId: 4, userSetTransition: true }), slide(3, { transitionId: 4, userSetTransition: true })], 'transition'), 4);
    assert.equal(initialChoice([slide(2, { transitionId: 4, userSetTransition: true }), slide(3)], 'transition'), 0);
    assert.equal(initialChoice([slide(2, { transitionId: 4 })], 'transition'), 0);
  });

  it('sets user_set false for Automatic and true for any other tile', () => {
    assert.deepEqual(choiceAttributes('border', 0), { borderId: 0, userSetBorder: false });
    assert.deepEqual(choiceAttributes('effect', 3), { effectId: 3, userSetEffect: true });
  });

  it('knows when a choice changes nothing', () => {
    assert.ok(!choiceChanges([slide(2, { overlayId: 2, userSetOverlay: true })], 'overlay', 2));
    assert.ok(choiceChanges([slide(2, { overlayId: 2, userSetOverlay: true }), slide(3)], 'overlay', 2));
  });

  it('sees a custom zoom by its effect id or its rectangles', () => {
    assert.ok(hasCustomZoom(slide(1, { effectId: 5 })));
    assert.ok(hasCustomZoom(slide(1, { effectData: { kenburns: [{}, {}] } })));
    assert.ok(!hasCustomZoom(slide(1, { effectId: 2 })));
  });

  it('disables the customize tools for the cover alone or only clips and text slides', () => {
    assert.ok(!customizeToolsEnabled([], 1));
    assert.ok(!customizeToolsEnabled([slide(1)], 1));
    assert.ok(!customizeToolsEnabled([slide(2, { isText: true }), slide(3, { isVideo: true })], 1));
    assert.ok(customizeToolsEnabled([slide(1), slide(2)], 1));
    assert.ok(customizeToolsEnabled([slide(2), slide(3, { isVideo: true })], 1));
  });

  it('keeps at least one look selected', () => {
    assert.deepEqual(toggleLook([2, 5], 3), [2, 3, 5]);
    assert.deepEqual(toggleLook([2, 5], 5), [2]);
    assert.deepEqual(toggleLook([2], 2), [2]);
  });
});
