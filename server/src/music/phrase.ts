import { chordOf, type Chord, type Key } from './theory.ts';
import { PPQ, type MeterInfo } from './rhythm.ts';

/** One chord over a stretch of time; ticks are relative to where the phrase starts until it is placed. */
export interface Slot {
  chord: Chord;
  tick: number;
  dur: number;
  /** Bar within the phrase, from 0. */
  bar: number;
  /** The held, fading last chord of the piece. */
  fermata?: boolean;
}

/** The bars of a progression: 'I | IV I | V7 | I' (two chords in a bar share it; in 3/4 the first gets two beats). */
export function progressionBars(progression: string): string[][] {
  return progression.split('|').map((bar) => bar.trim().split(/\s+/).filter(Boolean));
}

export function phraseSlots(progression: string, key: Key, meter: MeterInfo): Slot[] {
  const slots: Slot[] = [];
  progressionBars(progression).forEach((symbols, bar) => {
    if (symbols.length < 1 || symbols.length > 2) throw new Error(`A bar needs one or two chords: ${progression}`);
    const start = bar * meter.barTicks;
    const first = symbols.length === 1 ? meter.barTicks : meter.barTicks === 3 * PPQ && meter.pulse === PPQ ? 2 * PPQ : meter.barTicks / 2;
    slots.push({ chord: chordOf(symbols[0], key), tick: start, dur: first, bar });
    if (symbols[1]) slots.push({ chord: chordOf(symbols[1], key), tick: start + first, dur: meter.barTicks - first, bar });
  });
  return slots;
}

/** The slot sounding at a tick (the last one for ticks past the end). */
export function slotAt(slots: Slot[], tick: number): Slot {
  for (let i = slots.length - 1; i >= 0; i--) if (slots[i].tick <= tick) return slots[i];
  return slots[0];
}

export const shiftSlots = (slots: Slot[], by: number): Slot[] => slots.map((s) => ({ ...s, tick: s.tick + by }));
