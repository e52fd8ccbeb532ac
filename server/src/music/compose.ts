import { arrange } from './arrangement.ts';
import { midiFacts, toMidiFile, type MidiFacts } from './midi.ts';
import { seededRandom } from '../media/random.ts';
import type { TrackSpec } from './types.ts';

export interface Composition {
  spec: TrackSpec;
  midi: Uint8Array;
  facts: MidiFacts;
}

/** Composes a catalogue track: the same spec always gives the same MIDI bytes. */
export function compose(spec: TrackSpec): Composition {
  const arrangement = arrange(spec);
  const midi = toMidiFile(spec, arrangement, seededRandom(spec.seed ^ 0x5eed));
  return { spec, midi, facts: midiFacts(midi) };
}
