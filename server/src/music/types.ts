import type { Mode } from './theory.ts';

export type Meter = '4/4' | '3/4' | '6/8';

/** How the accompaniment is written: each names a texture in textures.ts. */
export type Style = 'chorale' | 'piano-arpeggio' | 'piano-ballad' | 'strings' | 'guitar' | 'uplifting';

/**
 * The sections a form is made of: an intro and interludes are accompaniment alone; the verse carries the main
 * tune, verse2 the same tune embellished (on melody2 when given), the bridge a second tune, and the final verse
 * ends the piece with a cadence, a ritardando and a held tonic chord that fades.
 */
export type Section = 'intro' | 'verse' | 'verse2' | 'bridge' | 'interlude' | 'final';

/** General MIDI program numbers (0-based: 0 piano, 19 church organ, 48 strings ...). */
export interface Instruments {
  melody: number;
  /** Plays the embellished second verse. */
  melody2?: number;
  harmony: number;
  bass: number;
  /** Pads, counter-lines, descants or arpeggios, as the style decides. */
  colour: number;
  /** Doubles the final verse's longer notes an octave up (bells, celesta). */
  sparkle?: number;
}

export interface TrackSpec {
  /** Stable id: the cache key and the stock_songs.catalogue_key. */
  id: string;
  title: string;
  composer: string;
  categories: string[];
  tonic: string;
  mode: Mode;
  /** Quarter notes per minute. */
  tempo: number;
  meter: Meter;
  style: Style;
  instruments: Instruments;
  /** Eight bars of Roman numerals, bars split by '|', two chords in a bar split by a space; ends on the tonic. */
  verse: string;
  /** Eight bars that lead back to the verse (usually ending on the dominant); needed when the form has a bridge. */
  bridge?: string;
  form: Section[];
  seed: number;
}

export interface NoteEvent {
  pitch: number;
  tick: number;
  dur: number;
  /** 0..1. */
  velocity: number;
}

export interface CcEvent {
  controller: number;
  tick: number;
  value: number;
}

export type PartRole = 'melody' | 'melody2' | 'harmony' | 'bass' | 'colour' | 'sparkle';

export interface Part {
  role: PartRole;
  program: number;
  notes: NoteEvent[];
  ccs: CcEvent[];
}

export interface TempoEvent {
  tick: number;
  bpm: number;
}
