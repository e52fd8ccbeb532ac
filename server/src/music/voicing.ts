import type { Slot } from './phrase.ts';
import type { Random } from '../media/random.ts';
import { mod12, pitchesIn, type Chord } from './theory.ts';

function combinations(items: number[], size: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, chosen: number[]) => {
    if (chosen.length === size) {
      out.push(chosen);
      return;
    }
    for (let i = start; i < items.length; i++) walk(i + 1, [...chosen, items[i]]);
  };
  walk(0, []);
  return out;
}

function voicingCost(chord: Chord, voicing: number[], previous: number[] | null, centre: number): number {
  const pcs = voicing.map(mod12);
  const [root, third, fifth, seventh] = chord.pitchClasses;
  let cost = 0;
  if (!pcs.includes(third)) cost += 8;
  if (!pcs.includes(root)) cost += 4;
  if (seventh !== undefined && !pcs.includes(seventh)) cost += 3;
  if (!pcs.includes(fifth)) cost += 1;
  cost += Math.max(0, pcs.filter((pc) => pc === third).length - 1) * 2;
  for (let i = 1; i < voicing.length; i++) {
    const gap = voicing[i] - voicing[i - 1];
    if (gap > 12) cost += (gap - 12) * 0.5;
    if (gap < 3 && voicing[i - 1] < 55) cost += 3;
  }
  if (previous && previous.length === voicing.length) {
    cost += voicing.reduce((sum, p, i) => sum + Math.abs(p - previous[i]), 0) * 0.5;
  } else {
    const mid = voicing.reduce((sum, p) => sum + p, 0) / voicing.length;
    cost += Math.abs(mid - centre) * 0.3;
  }
  return cost;
}

/** `voices` notes of the chord between low and high, complete and close to the previous voicing (smooth voice leading). */
export function voiceChord(chord: Chord, previous: number[] | null, voices: number, low: number, high: number): number[] {
  const pool = pitchesIn(chord.pitchClasses, low, high);
  if (pool.length <= voices) return pool;
  let best = pool.slice(0, voices);
  let bestCost = Infinity;
  for (const voicing of combinations(pool, voices)) {
    const cost = voicingCost(chord, voicing, previous, (low + high) / 2);
    if (cost < bestCost) {
      best = voicing;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * The chord's bass note in range: near the previous bass so the line moves smoothly, pulled towards the lower
 * part of the range so that it does not wander upwards over a long piece.
 */
export function bassNote(chord: Chord, previous: number | null, low: number, high: number): number {
  const pool = pitchesIn([chord.bass], low, high);
  const home = low + (high - low) * 0.35;
  const cost = (p: number) => Math.abs(p - (previous ?? home)) + 0.5 * Math.abs(p - home);
  return pool.reduce((best, p) => (cost(p) < cost(best) ? p : best), pool[0] ?? low);
}

/**
 * A slow line of chord tones (thirds and sevenths first, the notes that define a chord) moving by small steps:
 * a counter-melody below the tune or a descant above it. `melodyAt` lets it avoid doubling the tune.
 */
export function counterLine(
  rng: Random,
  slots: Slot[],
  low: number,
  high: number,
  noteTicks: number,
  melodyAt: (tick: number) => number | null,
): { tick: number; dur: number; pitch: number }[] {
  const out: { tick: number; dur: number; pitch: number }[] = [];
  let prev: number | null = null;
  for (const slot of slots) {
    const count = Math.max(1, Math.round(slot.dur / noteTicks));
    const each = slot.dur / count;
    for (let i = 0; i < count; i++) {
      const tick = Math.round(slot.tick + i * each);
      const [root, third, , seventh] = slot.chord.pitchClasses;
      const pool = pitchesIn(slot.chord.pitchClasses, low, high);
      const melody = melodyAt(tick);
      const weights = pool.map((p) => {
        const pc = mod12(p);
        let w = pc === third || pc === seventh ? 3 : pc === root ? 1.2 : 1;
        if (prev !== null) {
          const d = Math.abs(p - prev);
          w *= d === 0 ? 1.5 : d <= 2 ? 3 : d <= 4 ? 2 : d <= 7 ? 0.5 : 0.05;
        }
        if (melody !== null && mod12(melody) === pc) w *= 0.25;
        return w;
      });
      const pitch: number = pool[rng.weighted(weights)] ?? prev ?? Math.round((low + high) / 2);
      out.push({ tick, dur: Math.round(each), pitch });
      prev = pitch;
    }
  }
  return out;
}
