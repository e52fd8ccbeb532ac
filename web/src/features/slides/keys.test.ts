import assert from 'node:assert/strict';
import { ignoredKey, viewKey, type KeyEventLike } from './keys.ts';

const press = (over: Partial<KeyEventLike> = {}): KeyEventLike => ({ key: 'r', ctrlKey: false, altKey: false, metaKey: false, target: { tagName: 'DIV' }, ...over });

describe('slide view keys', () => {
  it('ignores keys while typing in an input, textarea, select or editable text', () => {
    for (const tagName of ['INPUT', 'textarea', 'SELECT']) assert.equal(ignoredKey(press({ target: { tagName } })), true, tagName);
    assert.equal(ignoredKey(press({ target: { tagName: 'DIV', isContentEditable: true } })), true);
    assert.equal(ignoredKey(press()), false);
  });

  it('ignores keys with Control, Alt, Meta or the OS key held', () => {
    assert.equal(ignoredKey(press({ ctrlKey: true })), true);
    assert.equal(ignoredKey(press({ altKey: true })), true);
    assert.equal(ignoredKey(press({ metaKey: true })), true);
    assert.equal(ignoredKey(press({ getModifierState: (k) => k === 'OS' })), true);
  });

  it('maps arrows to next and previous, Space and Escape to close, ? to the shortcuts, c to crop, t to the caption', () => {
    assert.deepEqual(['ArrowRight', 'ArrowLeft', ' ', 'Escape', '?', 'c', 't', 'r'].map(viewKey), ['next', 'previous', 'close', 'close', 'shortcuts', 'crop', 'caption', undefined]);
  });
});
