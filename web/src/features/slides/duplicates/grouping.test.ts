import assert from 'node:assert/strict';
import {
  candidatePairs,
  duplicateAlertText,
  groupPairs,
  groupsSignature,
  hammingDistance,
  initialChoice,
  markRequest,
  preselectedKeepers,
  shownGroups,
  type DuplicateSlide,
} from './grouping.ts';

const slide = (id: number, width = 100, height = 100, duplicate: boolean | null = null): DuplicateSlide => ({ id, width, height, duplicate });
const byId = (...list: DuplicateSlide[]) => new Map(list.map((s) => [s.id, s]));
/** A fingerprint with the first `bits` bits flipped from all zeros. */
const withBits = (bits: number) => BigInt.asUintN(64, (1n << BigInt(bits)) - 1n).toString(16).padStart(16, '0');

describe('duplicate grouping', () => {
  it('counts differing bits between fingerprints', () => {
    assert.equal(hammingDistance('0000000000000000', 'ffffffffffffffff'), 64);
    assert.equal(hammingDistance('0000000000000000', withBits(11)), 11);
    assert.equal(hammingDistance('a5a5a5a5a5a5a5a5', 'a5a5a5a5a5a5a5a5'), 0);
  });

  it('pairs slides whose fingerprints differ by fewer than 12 bits, and not at 12', () => {
    const prints = new Map([
      [1, withBits(0)],
      [2, withBits(11)],
      [3, withBits(12)],
    ]);
    assert.deepEqual(candidatePairs(prints), [
      [1, 2],
      [2, 3],
    ]);
    assert.deepEqual(candidatePairs(new Map([[1, withBits(0)], [3, withBits(12)]])), []);
  });

  it('merges groups that share a slide and keeps separate groups apart', () => {
    assert.deepEqual(
      groupPairs([
        [5, 6],
        [1, 2],
        [2, 9],
        [9, 4],
      ]),
      [
        [1, 2, 4, 9],
        [5, 6],
      ],
    );
  });

  it('drops deleted members and dissolves a group of one', () => {
    const groups = [[1, 2], [3, 4, 5]];
    assert.deepEqual(shownGroups(groups, byId(slide(1), slide(3), slide(4), slide(5))), [[3, 4, 5]]);
  });

  it('hides a group whose slides are all explicitly kept', () => {
    const slides = byId(slide(1, 10, 10, false), slide(2, 10, 10, false), slide(3), slide(4, 10, 10, false));
    assert.deepEqual(shownGroups([[1, 2], [3, 4]], slides), [[3, 4]]);
  });

  it('keeps the largest photo when nobody chose', () => {
    assert.deepEqual(preselectedKeepers([1, 2, 3], byId(slide(1, 640, 480), slide(2, 4000, 3000), slide(3, 1920, 1080))), [2]);
  });

  it('keeps the lower id when sizes tie', () => {
    assert.deepEqual(preselectedKeepers([7, 3], byId(slide(7), slide(3))), [3]);
  });

  it('lets explicit keepers win over a larger photo', () => {
    assert.deepEqual(preselectedKeepers([1, 2, 3], byId(slide(1, 10, 10, false), slide(2, 4000, 3000), slide(3, 20, 20, false))), [1, 3]);
  });

  it('never keeps a slide marked duplicate, even the largest', () => {
    assert.deepEqual(preselectedKeepers([1, 2], byId(slide(1, 4000, 3000, true), slide(2, 10, 10))), [2]);
  });

  it('starts the dialog with one keeper per group and sends the rest as removals', () => {
    const slides = byId(slide(1, 50, 50), slide(2, 80, 80), slide(3, 10, 10, false), slide(4, 900, 900));
    const choice = initialChoice([[1, 2], [3, 4]], slides);
    assert.deepEqual([...choice].sort((a, b) => a[0] - b[0]), [[1, false], [2, true], [3, true], [4, false]]);
    assert.deepEqual(markRequest(choice), { remove: [1, 4], keep: [2, 3] });
  });

  it('gives a new signature when a group changes, so the choice resets', () => {
    const before = groupsSignature([[1, 2]]);
    assert.equal(groupsSignature([[1, 2]]), before);
    assert.notEqual(groupsSignature([[1, 2, 3]]), before);
    assert.notEqual(groupsSignature([]), before);
  });

  it('words the alert for one and for many', () => {
    assert.equal(duplicateAlertText(1), '1 duplicate photo needs to be removed');
    assert.equal(duplicateAlertText(3), '3 duplicate photos need to be removed');
  });
});
