/**
 * Just enough music theory to write tonal pieces: keys, scales and chords written as Roman numerals.
 *
 * A chord symbol is a numeral with optional parts, e.g. 'I', 'vi7', 'IVmaj7', 'Vsus4', 'bVII', 'V7/V', 'I@3':
 * - case gives the triad (upper major, lower minor), '°' diminished, '+' augmented, 'b'/'#' move the root
 *   (so in minor 'V' is already the major dominant, and the leading-tone chord is '#vii°');
 * - suffixes: '7' (dominant seventh on a major triad, minor seventh on a minor one), 'maj7', '6', 'sus2',
 *   'sus4', 'add9';
 * - '/X' makes it a secondary chord of degree X ('V/V' is the dominant of the dominant);
 * - '@3' or '@5' puts the chord's third or fifth in the bass (first or second inversion); '@b7' the seventh.
 */

export type Mode = 'major' | 'minor';

export interface Key {
  /** Pitch class of the tonic, 0 = C. */
  tonic: number;
  mode: Mode;
}

export interface Chord {
  symbol: string;
  /** Pitch classes, the root first. */
  pitchClasses: number[];
  /** The pitch class in the bass. */
  bass: number;
  root: number;
}

const NOTE_NAMES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

export const SCALES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  // Natural minor; chords on V and vii° raise the seventh themselves (harmonic minor).
  minor: [0, 2, 3, 5, 7, 8, 10],
};

const NUMERALS = ['VII', 'III', 'VI', 'IV', 'II', 'V', 'I'];
const NUMERAL_DEGREE: Record<string, number> = { I: 0, II: 1, III: 2, IV: 3, V: 4, VI: 5, VII: 6 };

/** 'Eb' -> 3, 'F#' -> 6. */
export function pitchClassOf(name: string): number {
  const base = NOTE_NAMES[name[0]];
  if (base === undefined) throw new Error(`Not a note name: ${name}`);
  const accidental = name.slice(1);
  return (base + (accidental === '#' ? 1 : accidental === 'b' ? -1 : 0) + 12) % 12;
}

export const mod12 = (n: number): number => ((n % 12) + 12) % 12;

/** Semitones above the tonic of a scale degree (0-based, may exceed 6 for upper octaves). */
export function degreeOffset(key: Key, degree: number): number {
  const scale = SCALES[key.mode];
  const octave = Math.floor(degree / 7);
  return scale[((degree % 7) + 7) % 7] + 12 * octave;
}

/** The pitch classes of the key's scale. */
export function scalePitchClasses(key: Key): number[] {
  return SCALES[key.mode].map((step) => mod12(key.tonic + step));
}

interface ParsedNumeral {
  degree: number;
  shift: number;
  upper: boolean;
  rest: string;
}

function parseNumeral(text: string): ParsedNumeral {
  let rest = text;
  let shift = 0;
  while (rest[0] === 'b' || rest[0] === '#') {
    shift += rest[0] === 'b' ? -1 : 1;
    rest = rest.slice(1);
  }
  const numeral = NUMERALS.find((n) => rest.toUpperCase().startsWith(n));
  if (!numeral) throw new Error(`Not a chord numeral: ${text}`);
  const written = rest.slice(0, numeral.length);
  return { degree: NUMERAL_DEGREE[numeral], shift, upper: written === written.toUpperCase(), rest: rest.slice(numeral.length) };
}

/** The root of a numeral in a key, as semitones above the tonic. */
function rootOffset(key: Key, parsed: ParsedNumeral): number {
  return mod12(degreeOffset(key, parsed.degree) + parsed.shift);
}

/** Parses one chord symbol in a key. */
export function chordOf(symbol: string, key: Key): Chord {
  const [main, bassPart] = symbol.split('@');
  const [own, secondaryOf] = main.split('/');
  // A secondary chord is read in the key of its target: V/V in C is D major.
  let frame = key;
  if (secondaryOf) {
    const target = parseNumeral(secondaryOf);
    frame = { tonic: mod12(key.tonic + rootOffset(key, target)), mode: target.upper ? 'major' : 'minor' };
  }
  const parsed = parseNumeral(own);
  const root = mod12(frame.tonic + rootOffset(frame, parsed));
  let suffix = parsed.rest;
  let third = parsed.upper ? 4 : 3;
  let fifth = 7;
  if (suffix.startsWith('°')) {
    third = 3;
    fifth = 6;
    suffix = suffix.slice(1);
  } else if (suffix.startsWith('+')) {
    fifth = 8;
    suffix = suffix.slice(1);
  }
  const intervals = [0, third, fifth];
  if (suffix === 'sus4') intervals[1] = 5;
  else if (suffix === 'sus2') intervals[1] = 2;
  else if (suffix === 'maj7') intervals.push(11);
  else if (suffix === '7') intervals.push(10);
  else if (suffix === '6') intervals.push(9);
  else if (suffix === 'add9') intervals.push(14);
  else if (suffix !== '') throw new Error(`Unknown chord suffix in ${symbol}`);
  const pitchClasses = intervals.map((i) => mod12(root + i));
  const bassInterval = bassPart === undefined ? 0 : bassPart === '3' ? intervals[1] : bassPart === '5' ? intervals[2] : bassPart === 'b7' ? 10 : NaN;
  if (Number.isNaN(bassInterval)) throw new Error(`Unknown bass in ${symbol}`);
  return { symbol, pitchClasses, bass: mod12(root + bassInterval), root };
}

/** The MIDI note of pitch class `pc` nearest to `near`. */
export function nearestPitch(pc: number, near: number): number {
  const base = near - mod12(near - pc);
  return near - base > 6 ? base + 12 : base;
}

/** Every MIDI note of the given pitch classes between low and high, inclusive, ascending. */
export function pitchesIn(pitchClasses: number[], low: number, high: number): number[] {
  const out: number[] = [];
  for (let p = low; p <= high; p++) if (pitchClasses.includes(mod12(p))) out.push(p);
  return out;
}
