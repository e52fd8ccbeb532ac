import assert from 'node:assert/strict';
import { COLOR_DEFAULTS, colorChanges, colorFilter } from './color.ts';

describe('colour correction', () => {
  it('sends only the changed fields, and nothing when unchanged', () => {
    assert.equal(colorChanges(COLOR_DEFAULTS, { ...COLOR_DEFAULTS }), null);
    assert.deepEqual(colorChanges(COLOR_DEFAULTS, { ...COLOR_DEFAULTS, hue: -30 }), { hue: -30 });
  });

  it('previews with the matching CSS filters', () => {
    assert.equal(colorFilter({ brightness: 150, contrast: 100, saturation: 0, hue: 90 }), 'brightness(1.5) contrast(1) saturate(0) hue-rotate(90deg)');
  });
});
