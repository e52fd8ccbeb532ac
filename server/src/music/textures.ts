import type { Slot } from './phrase.ts';
import type { Random } from '../media/random.ts';
import { PPQ, type MeterInfo } from './rhythm.ts';
import { nearestPitch, pitchesIn } from './theory.ts';
import type { NoteEvent, Style } from './types.ts';
import { bassNote, voiceChord } from './voicing.ts';

/** Voice-leading memory carried from one section to the next. */
export interface VoiceState {
  harmony: number[] | null;
  bass: number | null;
}

export interface TextureContext {
  rng: Random;
  meter: MeterInfo;
  slots: Slot[];
  /** 0..1, the section's loudness before phrase shaping. */
  velocity: (tick: number) => number;
  /** 0 for an intro, higher for fuller sections: some textures add motion when it is 2 or more. */
  level: number;
  state: VoiceState;
  /** The lowest note of the tune: held chords stay under it so they never cover it. */
  tuneLow: number;
}

export interface TextureNotes {
  harmony: NoteEvent[];
  bass: NoteEvent[];
}

const EIGHTH = PPQ / 2;

/** A chord range's top, lowered under the tune when the tune sits high enough to leave room for the chord. */
const under = (ctx: TextureContext, low: number, high: number): number => (ctx.tuneLow + 2 >= low + 12 ? Math.min(high, ctx.tuneLow + 2) : high);

function note(pitch: number, tick: number, dur: number, velocity: number): NoteEvent {
  return { pitch, tick: Math.round(tick), dur: Math.max(30, Math.round(dur)), velocity: Math.min(1, Math.max(0.05, velocity)) };
}

/** The last chord: every note struck (rolled upwards on plucked and struck instruments) and held to the end. */
function fermataChord(ctx: TextureContext, slot: Slot, roll: number, low: number, high: number, voices: number): TextureNotes {
  const voicing = voiceChord(slot.chord, ctx.state.harmony, voices, low, high);
  const bass = bassNote(slot.chord, ctx.state.bass, 33, 50);
  ctx.state.harmony = voicing;
  ctx.state.bass = bass;
  const v = ctx.velocity(slot.tick);
  const harmony = voicing.map((p, i) => note(p, slot.tick + (i + 1) * roll, slot.dur - (i + 1) * roll, v * 0.85));
  const low8 = bass - 12 >= 28 ? [note(bass - 12, slot.tick, slot.dur, v * 0.7)] : [];
  return { harmony, bass: [note(bass, slot.tick, slot.dur, v * 0.9), ...low8] };
}

function eachSlot(ctx: TextureContext, roll: number, range: [number, number], voices: number, write: (slot: Slot, out: TextureNotes) => void): TextureNotes {
  const out: TextureNotes = { harmony: [], bass: [] };
  for (const slot of ctx.slots) {
    if (slot.fermata) {
      const end = fermataChord(ctx, slot, roll, range[0], range[1], voices);
      out.harmony.push(...end.harmony);
      out.bass.push(...end.bass);
    } else {
      write(slot, out);
    }
  }
  return out;
}

/** Hymn writing: inner voices held under the tune, a bass that walks through thirds in fuller verses. */
function chorale(ctx: TextureContext): TextureNotes {
  const top = under(ctx, 50, 71);
  return eachSlot(ctx, 0, [50, top], 3, (slot, out) => {
    const voicing = voiceChord(slot.chord, ctx.state.harmony, 3, 50, top);
    ctx.state.harmony = voicing;
    const v = ctx.velocity(slot.tick);
    for (const p of voicing) out.harmony.push(note(p, slot.tick, slot.dur - 25, v * 0.8));
    const bass = bassNote(slot.chord, ctx.state.bass, 36, 55);
    ctx.state.bass = bass;
    const next = ctx.slots.find((s) => s.tick === slot.tick + slot.dur);
    const target = next ? bassNote(next.chord, bass, 36, 55) : null;
    const gap = target === null ? 0 : target - bass;
    if (ctx.level >= 2 && slot.dur >= 2 * PPQ && (Math.abs(gap) === 3 || Math.abs(gap) === 4)) {
      const passing = bass + Math.sign(gap) * 2;
      out.bass.push(note(bass, slot.tick, slot.dur - PPQ - 20, v * 0.9), note(passing, slot.tick + slot.dur - PPQ, PPQ - 20, v * 0.85));
    } else {
      out.bass.push(note(bass, slot.tick, slot.dur - 25, v * 0.9));
    }
  });
}

/** The chord's tones from a bass note upwards, for broken-chord figures. */
function spread(bass: number, pitchClasses: number[], count: number): number[] {
  const tones = pitchesIn(pitchClasses, bass + 7, bass + 24).slice(0, count - 1);
  return [bass, ...tones];
}

const ARPEGGIO_ORDER: Record<string, number[]> = {
  '4/4': [0, 1, 2, 3, 4, 3, 2, 1],
  '3/4': [0, 1, 2, 3, 2, 1],
  '6/8': [0, 1, 2, 3, 2, 1],
};

function meterName(meter: MeterInfo): string {
  return `${meter.signature[0]}/${meter.signature[1]}`;
}

/** Flowing left-hand broken chords in eighths, each note left ringing as under the sustain pedal. */
function pianoArpeggio(ctx: TextureContext): TextureNotes {
  const order = ARPEGGIO_ORDER[meterName(ctx.meter)];
  return eachSlot(ctx, 45, [48, 72], 4, (slot, out) => {
    const bass = bassNote(slot.chord, ctx.state.bass, 36, 50);
    ctx.state.bass = bass;
    const tones = spread(bass, slot.chord.pitchClasses, 5);
    const v = ctx.velocity(slot.tick);
    const steps = Math.round(slot.dur / EIGHTH);
    for (let i = 0; i < steps; i++) {
      const at = slot.tick + i * EIGHTH;
      const pitch = tones[Math.min(order[i % order.length], tones.length - 1)];
      out.harmony.push(note(pitch, at, slot.tick + slot.dur - at, v * (i === 0 ? 0.85 : i % 2 ? 0.6 : 0.7)));
    }
    out.bass.push(note(bass, slot.tick, slot.dur - 20, v * 0.55));
  });
}

/** A ballad's left hand: a bass note, then soft chords answering it. */
function pianoBallad(ctx: TextureContext): TextureNotes {
  const layout: Record<string, { at: number; kind: 'bass' | 'fifth' | 'chord'; beats: number }[]> = {
    '4/4': [{ at: 0, kind: 'bass', beats: 2 }, { at: 1, kind: 'chord', beats: 1 }, { at: 2, kind: 'fifth', beats: 2 }, { at: 3, kind: 'chord', beats: 1 }],
    '3/4': [{ at: 0, kind: 'bass', beats: 3 }, { at: 1, kind: 'chord', beats: 1 }, { at: 2, kind: 'chord', beats: 1 }],
    '6/8': [{ at: 0, kind: 'bass', beats: 1.5 }, { at: 0.5, kind: 'chord', beats: 1 }, { at: 1.5, kind: 'fifth', beats: 1.5 }, { at: 2, kind: 'chord', beats: 1 }],
  };
  const events = layout[meterName(ctx.meter)];
  return eachSlot(ctx, 40, [52, 69], 3, (slot, out) => {
    const bass = bassNote(slot.chord, ctx.state.bass, 36, 52);
    ctx.state.bass = bass;
    const voicing = voiceChord(slot.chord, ctx.state.harmony, 3, 53, 69);
    ctx.state.harmony = voicing;
    const fifth = nearestPitch(slot.chord.pitchClasses[2], bass + 7);
    const v = ctx.velocity(slot.tick);
    for (const e of events) {
      const at = e.at * PPQ;
      if (at >= slot.dur) continue;
      const dur = Math.min(e.beats * PPQ, slot.dur - at) - 20;
      if (e.kind === 'chord') voicing.forEach((p) => out.harmony.push(note(p, slot.tick + at, dur, v * 0.55)));
      else out.harmony.push(note(e.kind === 'bass' ? bass : fifth, slot.tick + at, dur, v * 0.75));
    }
    out.bass.push(note(bass, slot.tick, slot.dur - 20, v * 0.5));
  });
}

/** String orchestra: four held voices moving smoothly, basses on the roots. */
function strings(ctx: TextureContext): TextureNotes {
  const top = under(ctx, 50, 76);
  return eachSlot(ctx, 0, [50, top], 4, (slot, out) => {
    const voicing = voiceChord(slot.chord, ctx.state.harmony, 4, 50, top);
    ctx.state.harmony = voicing;
    const v = ctx.velocity(slot.tick);
    for (const p of voicing) out.harmony.push(note(p, slot.tick, slot.dur + 15, v * 0.75));
    const bass = bassNote(slot.chord, ctx.state.bass, 33, 52);
    ctx.state.bass = bass;
    if (ctx.level >= 2 && slot.dur === ctx.meter.barTicks && ctx.meter.barTicks === 4 * PPQ) {
      const fifth = nearestPitch(slot.chord.pitchClasses[2], bass + 5);
      out.bass.push(note(bass, slot.tick, 2 * PPQ - 20, v * 0.85), note(fifth, slot.tick + 2 * PPQ, 2 * PPQ - 20, v * 0.8));
    } else {
      out.bass.push(note(bass, slot.tick, slot.dur - 20, v * 0.85));
    }
  });
}

/** Finger-picking: the thumb keeps the bass on the beat, the fingers pick the chord between. */
function guitar(ctx: TextureContext): TextureNotes {
  const thumb: Record<string, number[]> = { '4/4': [0, 2, 4, 6], '3/4': [0], '6/8': [0, 3] };
  const fingers: Record<string, number[]> = { '4/4': [1, 3, 5, 7], '3/4': [1, 2, 3, 4, 5], '6/8': [1, 2, 4, 5] };
  const name = meterName(ctx.meter);
  return eachSlot(ctx, 35, [52, 71], 4, (slot, out) => {
    const bass = bassNote(slot.chord, ctx.state.bass, 40, 55);
    ctx.state.bass = bass;
    const fifth = nearestPitch(slot.chord.pitchClasses[2], bass + 7);
    const treble = voiceChord(slot.chord, ctx.state.harmony, 3, 55, 71);
    ctx.state.harmony = treble;
    const v = ctx.velocity(slot.tick);
    const steps = Math.round(slot.dur / EIGHTH);
    thumb[name].filter((i) => i < steps).forEach((i, n) => {
      out.harmony.push(note(n % 2 ? fifth : bass, slot.tick + i * EIGHTH, Math.min(2 * PPQ, slot.dur - i * EIGHTH), v * 0.72));
    });
    fingers[name].filter((i) => i < steps).forEach((i, n) => {
      const pitch = treble[[0, 1, 2, 1][n % 4]] ?? treble[0];
      out.harmony.push(note(pitch, slot.tick + i * EIGHTH, Math.min(1.5 * PPQ, slot.dur - i * EIGHTH), v * (0.5 + ctx.rng.jitter(0.05))));
    });
    const root = bassNote(slot.chord, bass - 12, 33, 50);
    if (ctx.level >= 2 && slot.dur === 4 * PPQ) {
      out.bass.push(note(root, slot.tick, 2 * PPQ - 30, v * 0.8), note(nearestPitch(slot.chord.pitchClasses[2], root + 7), slot.tick + 2 * PPQ, 2 * PPQ - 30, v * 0.75));
    } else {
      out.bass.push(note(root, slot.tick, slot.dur - 30, v * 0.8));
    }
  });
}

/** Bright repeated chords that drive forward, over a bass with a lift in its rhythm. */
function uplifting(ctx: TextureContext): TextureNotes {
  const accents: Record<string, number[]> = {
    '4/4': [1, 0.55, 0.72, 0.55, 0.9, 0.55, 0.72, 0.6],
    '3/4': [1, 0.55, 0.75, 0.55, 0.75, 0.55],
    '6/8': [1, 0.55, 0.6, 0.9, 0.55, 0.6],
  };
  const bassRhythm: Record<string, [number, number][]> = {
    '4/4': [[0, 1.5], [1.5, 0.5], [2, 1], [3, 1]],
    '3/4': [[0, 2], [2, 1]],
    '6/8': [[0, 1.5], [1.5, 1], [2.5, 0.5]],
  };
  const name = meterName(ctx.meter);
  return eachSlot(ctx, 30, [55, 76], 4, (slot, out) => {
    const voicing = voiceChord(slot.chord, ctx.state.harmony, 3, 58, 76);
    ctx.state.harmony = voicing;
    const bass = bassNote(slot.chord, ctx.state.bass, 33, 50);
    ctx.state.bass = bass;
    const v = ctx.velocity(slot.tick);
    // The intro pulses in quarters; from the first verse on the chords move in eighths.
    const step = ctx.level === 0 ? PPQ : EIGHTH;
    const pattern = accents[name];
    for (let at = 0; at < slot.dur; at += step) {
      const accent = pattern[Math.round(at / EIGHTH) % pattern.length];
      voicing.forEach((p) => out.harmony.push(note(p, slot.tick + at, step - 25, v * 0.62 * accent)));
    }
    out.harmony.push(note(bass + 12, slot.tick, slot.dur - 20, v * 0.6));
    for (const [at, beats] of bassRhythm[name]) {
      if (at * PPQ >= slot.dur) continue;
      const pitch = at === bassRhythm[name][bassRhythm[name].length - 1][0] && ctx.level >= 2 ? bass + 12 : bass;
      out.bass.push(note(pitch, slot.tick + at * PPQ, Math.min(beats * PPQ, slot.dur - at * PPQ) - 30, v * (at === 0 ? 0.9 : 0.75)));
    }
  });
}

export const TEXTURES: Record<Style, (ctx: TextureContext) => TextureNotes> = {
  chorale,
  'piano-arpeggio': pianoArpeggio,
  'piano-ballad': pianoBallad,
  strings,
  guitar,
  uplifting,
};
