import { createRequire } from 'node:module';
import type { Arrangement } from './arrangement.ts';
import type { Random } from '../media/random.ts';
import type { PartRole, TrackSpec } from './types.ts';

// @tonejs/midi is CommonJS without an ESM entry: loaded by require, it reads the same under every loader.
const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as typeof import('@tonejs/midi');

/** Channel mix: loudness (CC7) and position (CC10) of each part; the tune sits in front, pads behind. */
const MIX: Record<PartRole, { volume: number; pan: number }> = {
  melody: { volume: 112, pan: 64 },
  melody2: { volume: 108, pan: 60 },
  harmony: { volume: 86, pan: 54 },
  bass: { volume: 92, pan: 70 },
  colour: { volume: 74, pan: 80 },
  sparkle: { volume: 58, pan: 44 },
};

const REVERB: Record<TrackSpec['style'], number> = {
  chorale: 96,
  'piano-arpeggio': 64,
  'piano-ballad': 64,
  strings: 84,
  guitar: 52,
  uplifting: 66,
};

/** Channels 0-15 without 9, which General MIDI keeps for drums. */
const channelFor = (index: number): number => (index >= 9 ? index + 1 : index);

/**
 * Writes the arrangement as a Standard MIDI File. Notes get a touch of human timing and touch (a few ticks,
 * a few velocity steps) so repeated figures do not sound mechanical; the first beat stays exact.
 */
export function toMidiFile(spec: TrackSpec, arrangement: Arrangement, rng: Random): Uint8Array {
  const midi = new Midi();
  midi.header.name = spec.title;
  midi.header.tempos = arrangement.tempos.map((t) => ({ ticks: t.tick, bpm: t.bpm }));
  midi.header.timeSignatures = [{ ticks: 0, timeSignature: arrangement.timeSignature }];
  midi.header.update();
  arrangement.parts.forEach((part, index) => {
    const track = midi.addTrack();
    track.name = part.role;
    track.channel = channelFor(index);
    track.instrument.number = part.program;
    const mix = MIX[part.role];
    track.addCC({ number: 7, value: mix.volume / 127, ticks: 0 });
    track.addCC({ number: 10, value: mix.pan / 127, ticks: 0 });
    track.addCC({ number: 11, value: 118 / 127, ticks: 0 });
    track.addCC({ number: 91, value: REVERB[spec.style] / 127, ticks: 0 });
    track.addCC({ number: 93, value: 12 / 127, ticks: 0 });
    const loose = part.role === 'melody' || part.role === 'melody2' ? 8 : 5;
    for (const n of part.notes) {
      const ticks = n.tick === 0 ? 0 : Math.max(1, Math.round(n.tick + rng.jitter(loose)));
      track.addNote({ midi: n.pitch, ticks, durationTicks: Math.max(20, n.dur), velocity: Math.min(1, Math.max(0.05, n.velocity + rng.jitter(0.035))) });
    }
    for (const cc of part.ccs) track.addCC({ number: cc.controller, value: cc.value / 127, ticks: cc.tick });
  });
  return midi.toArray();
}

export interface MidiFacts {
  /** Until the end of the last track, so the ring-out after the last note counts. */
  seconds: number;
  /** The most notes sounding at one moment, across every part. */
  maxPolyphony: number;
  /** How many parts (instruments) have notes. */
  voices: number;
}

/** Reads a MIDI file back: its length and how many notes ever sound together. */
export function midiFacts(bytes: Uint8Array): MidiFacts {
  const midi = new Midi(bytes);
  const edges: [number, number][] = [];
  let voices = 0;
  let lastTick = 0;
  for (const track of midi.tracks) {
    if (track.notes.length) voices++;
    lastTick = Math.max(lastTick, track.endOfTrackTicks ?? 0);
    for (const n of track.notes) edges.push([n.ticks, 1], [n.ticks + n.durationTicks, -1]);
  }
  // Ends before starts at the same tick: a note that stops as another begins is not a chord.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let sounding = 0;
  let maxPolyphony = 0;
  for (const [, step] of edges) {
    sounding += step;
    maxPolyphony = Math.max(maxPolyphony, sounding);
  }
  return { seconds: midi.header.ticksToSeconds(lastTick), maxPolyphony, voices };
}

