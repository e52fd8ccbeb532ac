import assert from 'node:assert/strict';
import { progressionShape } from './catalogue.ts';
import { chordOf, nearestPitch, pitchClassOf, type Key } from './theory.ts';

const C_MAJOR: Key = { tonic: 0, mode: 'major' };
const A_MINOR: Key = { tonic: 9, mode: 'minor' };

describe('chord symbols', () => {
  it('reads triads from the case of the numeral', () => {
    assert.deepEqual(chordOf('I', C_MAJOR).pitchClasses, [0, 4, 7]);
    assert.deepEqual(chordOf('ii', C_MAJOR).pitchClasses, [2, 5, 9]);
    assert.deepEqual(chordOf('vii°', C_MAJOR).pitchClasses, [11, 2, 5]);
  });

  it('gives the minor key its major dominant and borrowed chords', () => {
    assert.deepEqual(chordOf('i', A_MINOR).pitchClasses, [9, 0, 4]);
    assert.deepEqual(chordOf('V', A_MINOR).pitchClasses, [4, 8, 11]);
    assert.deepEqual(chordOf('VII', A_MINOR).pitchClasses, [7, 11, 2]);
    assert.deepEqual(chordOf('IV', A_MINOR).pitchClasses, [2, 6, 9]);
  });

  it('reads sevenths, suspensions, secondary dominants and inversions', () => {
    assert.deepEqual(chordOf('V7', C_MAJOR).pitchClasses, [7, 11, 2, 5]);
    assert.deepEqual(chordOf('IVmaj7', C_MAJOR).pitchClasses, [5, 9, 0, 4]);
    assert.deepEqual(chordOf('Vsus4', C_MAJOR).pitchClasses, [7, 0, 2]);
    assert.deepEqual(chordOf('V/V', C_MAJOR).pitchClasses, [2, 6, 9]);
    assert.equal(chordOf('I@3', C_MAJOR).bass, 4);
    assert.equal(chordOf('V@5', C_MAJOR).bass, 2);
    assert.deepEqual(chordOf('bVII', C_MAJOR).pitchClasses, [10, 2, 5]);
  });

  it('refuses what it cannot read', () => {
    assert.throws(() => chordOf('X', C_MAJOR));
    assert.throws(() => chordOf('Imaj9', C_MAJOR));
  });

  it('names pitch classes and finds the nearest pitch', () => {
    assert.equal(pitchClassOf('Eb'), 3);
    assert.equal(pitchClassOf('F#'), 6);
    assert.equal(nearestPitch(0, 64), 60);
    assert.equal(nearestPitch(7, 64), 67);
  });

  it('treats inversions and added notes as the same progression', () => {
    assert.equal(progressionShape('I | V@3 | vi7 | IVmaj7 Vsus4'), progressionShape('I | V | vi | IV V'));
    assert.notEqual(progressionShape('I | V/V | V'), progressionShape('I | V | V'));
  });
});
