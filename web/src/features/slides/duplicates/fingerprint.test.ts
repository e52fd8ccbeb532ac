import assert from 'node:assert/strict';
import { assertOpaque, detectionFaultText, differenceHash, FingerprintError, HASH_HEIGHT, HASH_WIDTH, patternSurvived } from './fingerprint.ts';
import { hammingDistance } from './grouping.ts';

/** 9x8 RGBA pixels from a grey level function. */
const picture = (level: (x: number, y: number) => number, alpha = 255) => {
  const rgba: number[] = [];
  for (let y = 0; y < HASH_HEIGHT; y++) for (let x = 0; x < HASH_WIDTH; x++) rgba.push(level(x, y), level(x, y), level(x, y), alpha);
  return rgba;
};

describe('browser fingerprint', () => {
  it('sets a bit where a pixel is darker than its right neighbour', () => {
    assert.equal(differenceHash(picture((x) => x * 20)), 'ffffffffffffffff');
    assert.equal(differenceHash(picture((x) => 200 - x * 20)), '0000000000000000');
    assert.equal(differenceHash(picture((x, y) => (y === 0 ? x * 20 : 100))), 'ff00000000000000');
  });

  it('gives near fingerprints for a brightened copy and far ones for a different picture', () => {
    const level = (x: number, y: number) => (Math.sin(x * 1.7 + y) + 1) * 100;
    const original = differenceHash(picture(level));
    assert.equal(hammingDistance(original, differenceHash(picture((x, y) => level(x, y) * 0.8 + 30))), 0);
    assert.ok(hammingDistance(original, differenceHash(picture((x, y) => level(8 - x, y)))) >= 12);
  });

  it('calls a decoded JPEG with transparency a hardware problem', () => {
    assert.doesNotThrow(() => assertOpaque(picture(() => 10)));
    assert.throws(() => assertOpaque(picture(() => 10, 254)), (e) => e instanceof FingerprintError && e.problem === 'hardware');
  });

  it('notices a canvas that does not give back what was drawn', () => {
    assert.equal(patternSurvived([1, 2, 3, 255], [1, 2, 3, 255]), true);
    assert.equal(patternSurvived([1, 2, 3, 255], [1, 2, 4, 255]), false);
  });

  it('words each fault as the spec does', () => {
    assert.match(detectionFaultText(new FingerprintError('protected', 'x')), /fingerprint protection enabled.*"Suspected Fingerprinters"/);
    assert.match(detectionFaultText(new FingerprintError('hardware', 'invalid jpeg alpha')), /possibly due to a hardware problem/);
    assert.equal(detectionFaultText(new Error('Image failed to load')), 'Cannot detect duplicate images. Error: Image failed to load');
  });
});
