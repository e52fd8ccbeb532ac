import { GM } from './instruments.ts';
import type { TrackSpec } from './types.ts';

/**
 * Short pieces (about 20 to 30 seconds) for the test seed: quick to render, same composer and pipeline. Two
 * categories hold two pieces each, so tests can pick songs from several categories.
 */
export const TEST_LIBRARY: TrackSpec[] = [
  {
    id: 'test-morning-prayer',
    title: 'Morning Prayer',
    composer: 'Eleanor Whitfield',
    categories: ['Hymns', 'Piano'],
    tonic: 'F',
    mode: 'major',
    tempo: 126,
    meter: '4/4',
    style: 'chorale',
    instruments: { melody: GM.piano, harmony: GM.piano, bass: GM.cello, colour: GM.choir },
    verse: 'I | IV | V | I | IV | I | ii V | I',
    form: ['final'],
    seed: 9001,
  },
  {
    id: 'test-little-waltz',
    title: 'Little Waltz',
    composer: 'Henrik Sollberg',
    categories: ['Piano'],
    tonic: 'G',
    mode: 'major',
    tempo: 104,
    meter: '3/4',
    style: 'piano-arpeggio',
    instruments: { melody: GM.piano, harmony: GM.piano, bass: GM.cello, colour: GM.slowStrings },
    verse: 'I | V | IV | I | vi | ii | V | I',
    form: ['final'],
    seed: 9002,
  },
  {
    id: 'test-meadow-song',
    title: 'Meadow Song',
    composer: 'Rowan Gale',
    categories: ['Acoustic'],
    tonic: 'D',
    mode: 'major',
    tempo: 116,
    meter: '4/4',
    style: 'guitar',
    instruments: { melody: GM.flute, harmony: GM.nylonGuitar, bass: GM.acousticBass, colour: GM.strings },
    verse: 'I | IV | ii | V | I | vi | IV V | I',
    form: ['final'],
    seed: 9003,
  },
  {
    id: 'test-still-water',
    title: 'Still Water',
    composer: 'Miriam Holloway',
    categories: ['Strings', 'Hymns'],
    tonic: 'A',
    mode: 'minor',
    tempo: 112,
    meter: '4/4',
    style: 'strings',
    instruments: { melody: GM.violin, harmony: GM.strings, bass: GM.contrabass, colour: GM.harp },
    verse: 'i | iv | V | i | VI | iv | V | i',
    form: ['final'],
    seed: 9004,
  },
];

/** A progression as its chords' roots and qualities: inversions and added notes do not make a new progression. */
