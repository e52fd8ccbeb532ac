import { slotAt, type Slot } from './phrase.ts';
import type { Random } from '../media/random.ts';
import { isStrong, PPQ, type MeterInfo } from './rhythm.ts';
import { degreeOffset, mod12, SCALES, scalePitchClasses, type Key } from './theory.ts';

export interface MelodyNote {
  tick: number;
  dur: number;
  pitch: number;
}

export interface MelodyOptions {
  low: number;
  high: number;
  /** An authentic cadence ends on the tonic; a half cadence rests on the last chord (the dominant). */
  cadence: 'authentic' | 'half';
  /** Semitones the phrase's arch is raised (a bridge sings higher than the verse). */
  lift: number;
}

/** How likely a melodic interval is, in semitones: steps first, thirds next, big leaps seldom. */
const INTERVAL_WEIGHT: Record<number, number> = { 0: 0.45, 1: 3, 2: 3, 3: 1.6, 4: 1.5, 5: 0.9, 7: 0.6, 8: 0.25, 9: 0.25, 12: 0.12 };

/** The bar rhythms of an 8-bar phrase: a two-bar motif, its answer, the motif again, a drive and a cadence. */
function rhythmPlan(rng: Random, meter: MeterInfo, cadence: MelodyOptions['cadence']): number[][] {
  const r1 = rng.pick(meter.patterns);
  const r2 = rng.pick(meter.patterns);
  const r3 = rng.pick(meter.patterns.filter((p) => p.length >= 3));
  const half = rng.pick(meter.long);
  const end = cadence === 'authentic' ? meter.cadence : rng.pick(meter.long);
  return [r1, r2, r1, half, r1, r2, r3, end];
}

function onsets(plan: number[][], meter: MeterInfo): { tick: number; dur: number }[] {
  const out: { tick: number; dur: number }[] = [];
  plan.forEach((bar, i) => {
    let at = i * meter.barTicks;
    for (const beats of bar) {
      const dur = Math.round(beats * PPQ);
      out.push({ tick: at, dur });
      at += dur;
    }
  });
  return out;
}

/** Pitches the melody may use: the scale, plus the chord's own notes (the raised seventh of a minor key's V). */
function candidates(key: Key, chordPcs: number[], low: number, high: number): number[] {
  const pcs = new Set([...scalePitchClasses(key), ...chordPcs]);
  const out: number[] = [];
  for (let p = low; p <= high; p++) if (pcs.has(mod12(p))) out.push(p);
  return out;
}

interface PickContext {
  prev: number[];
  prevWasChordTone: boolean;
  strong: boolean;
  chordPcs: number[];
  target: number;
}

function weightOf(p: number, ctx: PickContext): number {
  const chordTone = ctx.chordPcs.includes(mod12(p));
  let w = ctx.strong ? (chordTone ? 5 : 0.1) : chordTone ? 2 : 1;
  const last = ctx.prev[ctx.prev.length - 1];
  if (last !== undefined) {
    const d = Math.abs(p - last);
    w *= INTERVAL_WEIGHT[d] ?? 0.01;
    // A note outside the chord is reached and left by step, or it sounds wrong.
    if (!chordTone && d > 2) w *= 0.08;
    if (!ctx.prevWasChordTone && d > 2) w *= 0.05;
    const before = ctx.prev[ctx.prev.length - 2];
    if (before !== undefined && Math.abs(last - before) >= 5) {
      const opposite = Math.sign(p - last) !== Math.sign(last - before);
      w *= opposite && d <= 2 ? 3 : opposite ? 1 : 0.3;
    }
    if (before !== undefined && p === last && last === before) w *= 0.1;
  }
  const off = p - ctx.target;
  return w * Math.exp(-(off * off) / (2 * 3.5 * 3.5));
}

function pick(rng: Random, pool: number[], ctx: PickContext, bonus: (p: number) => number = () => 1): number {
  const weights = pool.map((p) => weightOf(p, ctx) * bonus(p));
  const i = rng.weighted(weights);
  return i < 0 ? pool[Math.floor(pool.length / 2)] : pool[i];
}

/** The phrase's arch: it starts low-middle, peaks a little after the middle, and settles. */
function contour(x: number, options: MelodyOptions): number {
  const span = options.high - options.low;
  const base = options.low + span * 0.35 + options.lift;
  const peak = Math.min(options.high - 1, options.low + span * 0.85 + options.lift);
  return base + (peak - base) * Math.exp(-(((x - 0.6) / 0.3) ** 2));
}

/** Nearest pitch with one of the pitch classes, inside the range. */
function nearestOf(pcs: number[], near: number, low: number, high: number): number {
  let best = near;
  let bestDistance = Infinity;
  for (let p = low; p <= high; p++) {
    if (pcs.includes(mod12(p)) && Math.abs(p - near) < bestDistance) {
      best = p;
      bestDistance = Math.abs(p - near);
    }
  }
  return best;
}

/** Position of a pitch on the key's scale (octave * 7 + degree); a note outside the scale takes the one below. */
function scaleIndex(key: Key, pitch: number): number {
  const scale = SCALES[key.mode];
  for (let down = 0; down < 12; down++) {
    const rel = pitch - down - key.tonic;
    const degree = scale.indexOf(mod12(rel));
    if (degree >= 0) return Math.floor(rel / 12) * 7 + degree;
  }
  return 0;
}

const fromScaleIndex = (key: Key, index: number): number => key.tonic + degreeOffset(key, index);

/**
 * Bars 5 and 6 restate the motif of bars 1 and 2: the same rhythm and the same steps along the scale,
 * started from the new chord, with strong notes moved onto the chord where the steps land outside it.
 */
function restate(key: Key, meter: MeterInfo, source: MelodyNote[], slots: Slot[], shift: number, options: MelodyOptions): MelodyNote[] {
  const sameChords = source.every((n) => slotAt(slots, n.tick).chord.symbol === slotAt(slots, n.tick + shift).chord.symbol);
  if (sameChords) return source.map((n) => ({ ...n, tick: n.tick + shift }));
  const out: MelodyNote[] = [];
  const firstChord = slotAt(slots, source[0].tick + shift).chord.pitchClasses;
  let index = scaleIndex(key, nearestOf(firstChord, source[0].pitch, options.low, options.high));
  source.forEach((n, i) => {
    if (i > 0) index += scaleIndex(key, n.pitch) - scaleIndex(key, source[i - 1].pitch);
    let pitch = fromScaleIndex(key, index);
    const tick = n.tick + shift;
    const chord = slotAt(slots, tick).chord.pitchClasses;
    if (isStrong(meter, tick % meter.barTicks) && !chord.includes(mod12(pitch))) pitch = nearestOf(chord, pitch, options.low, options.high);
    pitch = Math.min(options.high, Math.max(options.low, pitch));
    index = scaleIndex(key, pitch);
    out.push({ tick, dur: n.dur, pitch });
  });
  return out;
}

/** An 8-bar tune over the phrase's chords. */
export function composeMelody(rng: Random, key: Key, meter: MeterInfo, slots: Slot[], options: MelodyOptions): MelodyNote[] {
  const times = onsets(rhythmPlan(rng, meter, options.cadence), meter);
  const phraseTicks = 8 * meter.barTicks;
  const notes: MelodyNote[] = [];
  let prevWasChordTone = true;
  for (let i = 0; i < times.length; i++) {
    const { tick, dur } = times[i];
    const bar = Math.floor(tick / meter.barTicks);
    if (bar === 4 && (i === 0 || Math.floor(times[i - 1].tick / meter.barTicks) === 3)) {
      const motif = notes.filter((n) => n.tick < 2 * meter.barTicks);
      const again = restate(key, meter, motif, slots, 4 * meter.barTicks, options);
      notes.push(...again);
      i += again.length - 1;
      prevWasChordTone = true;
      continue;
    }
    const slot = slotAt(slots, tick);
    const pool = candidates(key, slot.chord.pitchClasses, options.low, options.high);
    const ctx: PickContext = {
      prev: notes.slice(-2).map((n) => n.pitch),
      prevWasChordTone,
      strong: isStrong(meter, tick % meter.barTicks) || dur >= 2 * PPQ,
      chordPcs: slot.chord.pitchClasses,
      target: contour(tick / phraseTicks, options),
    };
    const last = i === times.length - 1;
    const penultimate = i === times.length - 2;
    let pitch: number;
    if (last && options.cadence === 'authentic') {
      pitch = nearestOf([key.tonic], ctx.prev[ctx.prev.length - 1] ?? options.low + 7, options.low, options.high);
    } else if (last) {
      pitch = pick(rng, pool.filter((p) => slot.chord.pitchClasses.includes(mod12(p))), ctx);
    } else if (penultimate && options.cadence === 'authentic') {
      // Re or ti before the final do: the line leans into the tonic by step.
      const leading = [mod12(key.tonic + 2), mod12(key.tonic + 11), mod12(key.tonic + 10)];
      pitch = pick(rng, pool, ctx, (p) => (leading.includes(mod12(p)) ? 6 : 0.3));
    } else {
      pitch = pick(rng, pool, ctx);
    }
    prevWasChordTone = slot.chord.pitchClasses.includes(mod12(pitch));
    notes.push({ tick, dur, pitch });
  }
  return notes;
}

/** The scale note strictly between two pitches a third apart (the lower one for a chromatic pair). */
function between(key: Key, a: number, b: number): number | null {
  const pcs = scalePitchClasses(key);
  const low = Math.min(a, b);
  const high = Math.max(a, b);
  for (let p = low + 1; p < high; p++) if (pcs.includes(mod12(p))) return p;
  return null;
}

/**
 * The second verse's tune: the same melody with passing notes filling its thirds and a few upper
 * neighbours on long notes, so it is recognisably the same tune, sung with more motion.
 */
export function embellish(rng: Random, key: Key, notes: MelodyNote[]): MelodyNote[] {
  const out: MelodyNote[] = [];
  notes.forEach((n, i) => {
    const next = notes[i + 1];
    const cadential = i >= notes.length - 2;
    const leap = next ? Math.abs(next.pitch - n.pitch) : 0;
    const passing = next && !cadential && n.dur >= PPQ && (leap === 3 || leap === 4) && rng.next() < 0.7 ? between(key, n.pitch, next.pitch) : null;
    if (passing !== null) {
      const half = n.dur >= 2 * PPQ ? PPQ : PPQ / 2;
      out.push({ ...n, dur: n.dur - half }, { tick: n.tick + n.dur - half, dur: half, pitch: passing });
      return;
    }
    if (next && !cadential && n.dur >= 2 * PPQ && leap <= 2 && rng.next() < 0.35) {
      const upper = [1, 2].map((s) => n.pitch + s).find((p) => scalePitchClasses(key).includes(mod12(p)));
      if (upper !== undefined) {
        out.push({ ...n, dur: n.dur - PPQ }, { tick: n.tick + n.dur - PPQ, dur: PPQ / 2, pitch: upper }, { tick: n.tick + n.dur - PPQ / 2, dur: PPQ / 2, pitch: n.pitch });
        return;
      }
    }
    out.push({ ...n });
  });
  return out;
}

/** Moves a tune by whole octaves so that as much of it as possible lies in an instrument's range. */
export function octaveInto(notes: { pitch: number }[], low: number, high: number): number {
  let best = 0;
  let bestCost = Infinity;
  for (let shift = -36; shift <= 36; shift += 12) {
    const cost = notes.reduce((sum, n) => sum + Math.max(0, low - (n.pitch + shift)) + Math.max(0, n.pitch + shift - high), 0) + Math.abs(shift) / 1000;
    if (cost < bestCost) {
      best = shift;
      bestCost = cost;
    }
  }
  return best;
}
