import assert from 'node:assert/strict';
import { softLightSvg } from './soft-light.ts';

describe('softLightSvg', () => {
  const stops = (colour: string): string[] => [...(softLightSvg(colour, 1280, 720) ?? '').matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1]);

  it('keeps the colour itself and goes only a little lighter at the light and darker at the edges', () => {
    assert.deepEqual(stops('#000'), ['#242424', '#000000', '#000000']);
    assert.deepEqual(stops('#FFFFFF'), ['#ffffff', '#ffffff', '#d6d6d6']);
    assert.deepEqual(stops('#3d4a5c'), ['#586373', '#3d4a5c', '#333e4d']);
  });

  it('draws nothing for what is not a colour, so no text reaches the SVG', () => {
    assert.equal(softLightSvg('red"/><script/>', 1280, 720), null);
  });
});
