import assert from 'node:assert/strict';
import { defaultTextBackground, previewFontSize, textLook } from './textSlide.ts';

const options = [
  { value: 1, label: 'Theme Background' },
  { value: 2, label: 'Black' },
  { value: 3, label: 'White' },
  { value: 4, label: 'Soft Cream' },
];

describe('text slide look', () => {
  it('starts a new text slide on background 2 with more than 2 options, else 1', () => {
    assert.equal(defaultTextBackground(options), 2);
    assert.equal(defaultTextBackground(options.slice(0, 2)), 1);
    assert.equal(defaultTextBackground([]), 1);
  });

  it('draws the caption in the text colour of its background', () => {
    assert.deepEqual(textLook(2), { background: '#000000', color: '#ffffff' });
    assert.deepEqual(textLook(3), { background: '#ffffff', color: '#222222' });
    assert.match(textLook(1).background, /gradient/, 'the theme art is suggested by a calm gradient');
  });

  it('scales the text size from the 720-line frame to the preview height', () => {
    assert.equal(previewFontSize(72, 150), 15);
    assert.equal(previewFontSize(0, 720), 50);
  });
});
