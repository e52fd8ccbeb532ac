import { isPlucked, melodyRangeOf } from './instruments.ts';
import { composeMelody, embellish, octaveInto, type MelodyNote } from './melody.ts';
import { phraseSlots, shiftSlots, type Slot } from './phrase.ts';
import { seededRandom, type Random } from '../media/random.ts';
import { METERS, PPQ, type MeterInfo } from './rhythm.ts';
import { chordOf, mod12, pitchClassOf, type Key } from './theory.ts';
import { TEXTURES, type VoiceState } from './textures.ts';
import type { CcEvent, NoteEvent, Part, PartRole, Section, Style, TempoEvent, TrackSpec } from './types.ts';
import { counterLine, voiceChord } from './voicing.ts';

export interface Arrangement {
  parts: Part[];
  tempos: TempoEvent[];
  timeSignature: [number, number];
  /** Where the last sound has died away: the piece (and its reverb) ends here. */
  endTick: number;
}

type ColourRole = 'pad' | 'counter' | 'descant' | 'arpeggio';

/** What the colour instrument does in each section, by style. */
const COLOUR: Record<Style, Partial<Record<Section, ColourRole>>> = {
  chorale: { verse2: 'pad', bridge: 'pad', final: 'descant' },
  'piano-arpeggio': { verse2: 'pad', bridge: 'pad', final: 'pad', interlude: 'pad' },
  'piano-ballad': { verse2: 'counter', bridge: 'counter', final: 'counter' },
  strings: { verse2: 'arpeggio', bridge: 'arpeggio', final: 'arpeggio', interlude: 'arpeggio' },
  guitar: { verse2: 'counter', bridge: 'pad', final: 'pad' },
  uplifting: { verse: 'pad', verse2: 'pad', bridge: 'pad', final: 'pad', interlude: 'pad' },
};

const LOUDNESS: Record<Section, number> = { intro: 0.56, verse: 0.6, verse2: 0.66, bridge: 0.74, interlude: 0.54, final: 0.7 };
const LEVEL: Record<Section, number> = { intro: 0, verse: 1, verse2: 2, bridge: 3, interlude: 1, final: 3 };

/** Bars the last chord is held for, and how slow the held chord is against the piece's tempo. */
const FERMATA_BARS = 2;
const FERMATA_TEMPO = 0.62;

/** A phrase swells towards its high point and relaxes at its cadence. */
const hairpin = (x: number): number => 0.9 + 0.18 * Math.exp(-(((x - 0.6) / 0.3) ** 2));

function melodyBounds(program: number, key: Key): [number, number] {
  const [low, high] = melodyRangeOf(program);
  let tonic = low + 2;
  while (mod12(tonic) !== key.tonic) tonic++;
  const top = Math.min(high, tonic + 14);
  return [Math.max(low, Math.min(tonic - 3, top - 13)), top];
}

class Score {
  readonly parts = new Map<PartRole, Part>();
  constructor(spec: TrackSpec) {
    const { instruments } = spec;
    const roles: [PartRole, number | undefined][] = [
      ['melody', instruments.melody],
      ['melody2', instruments.melody2],
      ['harmony', instruments.harmony],
      ['bass', instruments.bass],
      ['colour', instruments.colour],
      ['sparkle', instruments.sparkle],
    ];
    for (const [role, program] of roles) if (program !== undefined) this.parts.set(role, { role, program, notes: [], ccs: [] });
  }
  add(role: PartRole, notes: NoteEvent[]): void {
    this.parts.get(role)?.notes.push(...notes);
  }
  cc(role: PartRole, event: CcEvent): void {
    this.parts.get(role)?.ccs.push(event);
  }
}

interface SectionPlan {
  section: Section;
  slots: Slot[];
  tune: MelodyNote[];
  tuneRole: PartRole;
  start: number;
  ticks: number;
}

/** The final verse: the tonic at its cadence becomes a held chord (hymns first sing an 'Amen', IV to I). */
function finalSlots(spec: TrackSpec, key: Key, meter: MeterInfo): Slot[] {
  const slots = phraseSlots(spec.verse, key, meter);
  const last = slots[slots.length - 1];
  if (spec.style === 'chorale') {
    const bar = last.bar + 1;
    const amen = { chord: chordOf('IV', key), tick: last.tick + last.dur, dur: meter.barTicks, bar };
    return [...slots, amen, { chord: last.chord, tick: amen.tick + amen.dur, dur: FERMATA_BARS * meter.barTicks, bar: bar + 1, fermata: true }];
  }
  return [...slots.slice(0, -1), { ...last, dur: last.dur + (FERMATA_BARS - 1) * meter.barTicks, fermata: true }];
}

function finalTune(tune: MelodyNote[], slots: Slot[]): MelodyNote[] {
  const end = slots[slots.length - 1];
  const out = tune.map((n) => ({ ...n }));
  const last = out[out.length - 1];
  if (slots.length > 1 && slots[slots.length - 2].tick > last.tick) {
    // The 'Amen': the tonic sung over IV, then over I.
    const amen = slots[slots.length - 2];
    last.dur = amen.tick - last.tick;
    out.push({ tick: amen.tick, dur: amen.dur, pitch: last.pitch }, { tick: end.tick, dur: end.dur, pitch: last.pitch });
  } else {
    last.dur = end.tick + end.dur - last.tick;
  }
  return out;
}

function plan(spec: TrackSpec, rng: Random, key: Key, meter: MeterInfo): SectionPlan[] {
  const verse = phraseSlots(spec.verse, key, meter);
  const [low, high] = melodyBounds(spec.instruments.melody, key);
  const verseTune = composeMelody(rng, key, meter, verse, { low, high, cadence: 'authentic', lift: 0 });
  if (spec.form.includes('bridge') && !spec.bridge) throw new Error(`${spec.id}: the form has a bridge but no bridge progression`);
  const bridge = spec.bridge ? phraseSlots(spec.bridge, key, meter) : [];
  const bridgeEndsHome = bridge.length > 0 && bridge[bridge.length - 1].chord.root === key.tonic;
  const bridgeTune = bridge.length ? composeMelody(rng, key, meter, bridge, { low, high, cadence: bridgeEndsHome ? 'authentic' : 'half', lift: 3 }) : [];
  const secondTune = embellish(rng, key, verseTune);
  const firstHalf = (slots: Slot[]) => slots.filter((s) => s.bar < 4);
  const secondHalf = (slots: Slot[]) => shiftSlots(slots.filter((s) => s.bar >= 4), -4 * meter.barTicks);

  const plans: SectionPlan[] = [];
  let at = 0;
  for (const section of spec.form) {
    let slots: Slot[];
    let tune: MelodyNote[] = [];
    let tuneRole: PartRole = 'melody';
    if (section === 'intro') slots = secondHalf(verse);
    else if (section === 'interlude') slots = firstHalf(verse);
    else if (section === 'bridge') [slots, tune] = [bridge, bridgeTune];
    else if (section === 'verse2') [slots, tune, tuneRole] = [verse, secondTune, spec.instruments.melody2 !== undefined ? 'melody2' : 'melody'];
    else if (section === 'final') {
      slots = finalSlots(spec, key, meter);
      tune = finalTune(verseTune, slots);
    } else [slots, tune] = [verse, verseTune];
    const last = slots[slots.length - 1];
    const ticks = last.tick + last.dur;
    plans.push({ section, slots: shiftSlots(slots, at), tune: tune.map((n) => ({ ...n, tick: n.tick + at })), tuneRole, start: at, ticks });
    at += ticks;
  }
  return plans;
}

function colourNotes(role: ColourRole, rng: Random, p: SectionPlan, meter: MeterInfo, tuneRange: [number, number], state: { pad: number[] | null }): NoteEvent[] {
  const melodyAt = (tick: number) => p.tune.find((n) => n.tick <= tick && tick < n.tick + n.dur)?.pitch ?? null;
  const long = meter.barTicks === 4 * PPQ ? 2 * PPQ : meter.barTicks;
  if (role === 'counter') return counterLine(rng, p.slots, tuneRange[0] - 14, tuneRange[0] + 2, long, melodyAt).map((n) => ({ ...n, velocity: 0.5 }));
  if (role === 'descant') return counterLine(rng, p.slots, tuneRange[1] - 2, tuneRange[1] + 9, long, melodyAt).map((n) => ({ ...n, velocity: 0.42 }));
  const out: NoteEvent[] = [];
  for (const slot of p.slots) {
    if (role === 'pad') {
      const voicing = voiceChord(slot.chord, state.pad, 3, 55, 74);
      state.pad = voicing;
      for (const pitch of voicing) out.push({ pitch, tick: slot.tick, dur: slot.dur + 10, velocity: 0.45 });
    } else {
      // Harp: one rising sweep of the chord per slot, each string left to ring.
      const tones = voiceChord(slot.chord, null, 6, 48, 86);
      const step = slot.fermata ? PPQ / 4 : Math.max(PPQ / 2, Math.floor(slot.dur / tones.length / (PPQ / 2)) * (PPQ / 2));
      tones.forEach((pitch, i) => {
        const tick = slot.tick + i * step;
        if (tick < slot.tick + slot.dur) out.push({ pitch, tick, dur: slot.tick + slot.dur - tick, velocity: 0.4 + 0.04 * i });
      });
    }
  }
  return out;
}

/** Loudness along a section: its level, shaped by the phrase's swell (the held last chord stays where it lands). */
function loudness(p: SectionPlan, meter: MeterInfo): (tick: number) => number {
  const phrase = 8 * meter.barTicks;
  return (tick) => LOUDNESS[p.section] * hairpin(Math.min(1, (tick - p.start) / phrase));
}

/** The ritardando into the final chord, one tempo change per beat, then the slow held chord. */
function tempoMap(spec: TrackSpec, plans: SectionPlan[], meter: MeterInfo): TempoEvent[] {
  const tempos: TempoEvent[] = [{ tick: 0, bpm: spec.tempo }];
  const final = plans.find((p) => p.section === 'final');
  if (!final) return tempos;
  const fermata = final.slots[final.slots.length - 1];
  const from = final.start + 6 * meter.barTicks;
  const beats = Math.max(1, Math.round((fermata.tick - from) / PPQ));
  for (let i = 1; i <= beats; i++) {
    const slow = 1 - (1 - FERMATA_TEMPO) * 0.85 * (i / beats) ** 1.4;
    tempos.push({ tick: from + i * PPQ - PPQ, bpm: spec.tempo * slow });
  }
  tempos.push({ tick: fermata.tick, bpm: spec.tempo * FERMATA_TEMPO });
  return tempos;
}

/** The whole piece as parts of notes and controller moves, and its tempo map. */
export function arrange(spec: TrackSpec): Arrangement {
  const rng = seededRandom(spec.seed);
  const key: Key = { tonic: pitchClassOf(spec.tonic), mode: spec.mode };
  const meter = METERS[spec.meter];
  const score = new Score(spec);
  const plans = plan(spec, rng, key, meter);
  const texture = TEXTURES[spec.style];
  const state: VoiceState = { harmony: null, bass: null };
  const padState = { pad: null as number[] | null };
  const tuneRange = melodyBounds(spec.instruments.melody, key);

  for (const p of plans) {
    const velocity = loudness(p, meter);
    const written = texture({ rng, meter, slots: p.slots, velocity, level: LEVEL[p.section], state, tuneLow: tuneRange[0] });
    score.add('harmony', written.harmony);
    score.add('bass', written.bass);
    if (p.tune.length) {
      const program = score.parts.get(p.tuneRole)!.program;
      const [low, high] = melodyRangeOf(program);
      const shift = octaveInto(p.tune, low, high);
      const gap = isPlucked(program) ? 40 : 12;
      score.add(p.tuneRole, p.tune.map((n) => ({ pitch: n.pitch + shift, tick: n.tick, dur: Math.max(60, n.dur - gap), velocity: Math.min(1, velocity(n.tick) + 0.1) })));
      if (p.section === 'final' && score.parts.has('sparkle')) {
        const [sLow, sHigh] = melodyRangeOf(score.parts.get('sparkle')!.program);
        const up = octaveInto(p.tune, sLow, sHigh);
        score.add('sparkle', p.tune.filter((n) => n.dur >= PPQ).map((n) => ({ pitch: n.pitch + up, tick: n.tick, dur: n.dur, velocity: 0.45 })));
      }
    }
    const role = COLOUR[spec.style][p.section];
    if (role) score.add('colour', colourNotes(role, rng, p, meter, tuneRange, padState).map((n) => ({ ...n, velocity: n.velocity * (velocity(n.tick) / 0.6) })));
  }

  const tempos = tempoMap(spec, plans, meter);
  const final = plans[plans.length - 1];
  const fermata = final.slots[final.slots.length - 1];
  const end = fermata.tick + fermata.dur;
  for (const part of score.parts.values()) {
    // The held chord fades on every instrument, so the piece ends on the tonic in near silence.
    if (fermata.fermata) {
      for (let i = 0; i <= 16; i++) part.ccs.push({ controller: 11, tick: Math.round(fermata.tick + (fermata.dur * i) / 16), value: Math.round(118 - (118 - 28) * (i / 16) ** 0.8) });
    }
  }
  // Three more beats with nothing new, so the synthesizer lets the last notes and the reverb ring out.
  const tail = end + 3 * PPQ;
  score.cc('harmony', { controller: 11, tick: tail, value: 0 });
  return { parts: [...score.parts.values()], tempos, timeSignature: meter.signature, endTick: tail };
}
