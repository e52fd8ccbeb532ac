import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../cache/cache-dir.ts';
import { compose, type Composition } from '../music/compose.ts';
import type { TrackSpec } from '../music/types.ts';
import type { AudioRepository } from '../repositories/audio.repository.ts';
import type { FluidsynthRepository } from '../repositories/fluidsynth.repository.ts';
import { limitedGain, linearGain, type LoudnessReading, type LoudnessRepository, type LoudnessTarget } from '../repositories/loudness.repository.ts';

/** Bump when the way MIDI becomes audio changes (synthesis, loudness, encoding): every track renders again. */
export const RENDER_PIPELINE_VERSION = 'fluidsynth-r128-gain-4';

/** Spoken-word and music streaming level: -16 LUFS; peaks kept clear of the -1 dBTP ceiling with room for AAC. */
export const LOUDNESS_TARGET: LoudnessTarget = { integrated: -16, truePeak: -1.5, range: 20 };
export const TRUE_PEAK_CEILING = -1;
export const LOUDNESS_TOLERANCE = 1;

/** Seconds of fade at the very end: the reverb's last breath reaches digital silence. */
const TAIL_FADE_SECONDS = 1.5;

export interface MasteredAudio {
  audioFile: string;
  previewFile: string;
  seconds: number;
  loudness: LoudnessReading;
}

export interface RenderedTrack {
  id: string;
  version: string;
  /** Absolute paths in the cache. */
  audioFile: string;
  previewFile: string;
  midiFile: string;
  seconds: number;
  /** Measured on the high-quality file. */
  loudness: LoudnessReading;
  maxPolyphony: number;
  voices: number;
}

/** The cache's music folder (cache-dir.ts), or MUSIC_CACHE_DIR: shared by every checkout, data folder and CI run on the machine. */
export function musicCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MUSIC_CACHE_DIR) return path.resolve(env.MUSIC_CACHE_DIR);
  return cacheFolder('music', env);
}

/** A composition's version: its MIDI bytes and the render pipeline, so any change to either renders anew. */
export function versionOf(composition: Composition, soundFont: string): string {
  return createHash('sha256')
    .update(composition.midi)
    .update(`\0${RENDER_PIPELINE_VERSION}\0${path.basename(soundFont)}`)
    .digest('hex')
    .slice(0, 16);
}

/** Linear gain can only reach the target when the peaks, raised by that gain, stay under the ceiling. */
const linearFits = (m: LoudnessReading, target: LoudnessTarget): boolean => linearGain(m, target, { margin: 0.2 }) !== null;

export interface RenderDeps {
  fluidsynth: FluidsynthRepository;
  loudness: LoudnessRepository;
  audio: AudioRepository;
  cacheDir: string;
}

/**
 * Turns catalogue tracks into audio: compose, synthesize with fluidsynth, normalise to -16 LUFS with one
 * gain from an EBU R128 measurement (ebur128), encode a high-quality M4A and an MP3 preview, measure the result with ebur128.
 * Results live in the cache under <track id>-<version>.*; a cached version is never rendered again.
 */
export function stockSongRenderer(deps: RenderDeps) {
  const { fluidsynth, loudness, audio, cacheDir } = deps;
  const compositions = new Map<string, { composition: Composition; version: string }>();

  /** Composing is quick but not free: each process composes a track once. */
  function composed(spec: TrackSpec): { composition: Composition; version: string } {
    let found = compositions.get(spec.id);
    if (!found) {
      const composition = compose(spec);
      found = { composition, version: versionOf(composition, fluidsynth.soundFont) };
      compositions.set(spec.id, found);
    }
    return found;
  }

  const base = (spec: TrackSpec, version: string) => path.join(cacheDir, `${spec.id}-${version}`);

  async function cached(spec: TrackSpec, version: string): Promise<RenderedTrack | undefined> {
    const meta = `${base(spec, version)}.json`;
    if (!existsSync(meta)) return undefined;
    const track = JSON.parse(await readFile(meta, 'utf8')) as RenderedTrack;
    const complete = [track.audioFile, track.previewFile, track.midiFile].every((f) => existsSync(f));
    return complete ? track : undefined;
  }

  /**
   * The filter that normalises `raw` (after `tail`): one gain to -16 LUFS, with a limiter first for pieces whose
   * attacks are too sharp for linear gain. The encoders apply it as they read, so no intermediate file is written.
   */
  async function normalisation(raw: string, tail: string): Promise<string> {
    let pre = tail;
    let measured = await loudness.read(raw, pre);
    if (!Number.isFinite(measured.integrated)) throw new Error('The rendered track is silent');
    if (!linearFits(measured, LOUDNESS_TARGET)) {
      pre = `${tail},${limitedGain(LOUDNESS_TARGET.integrated - measured.integrated, LOUDNESS_TARGET.truePeak)}`;
      measured = await loudness.read(raw, pre);
      if (!linearFits(measured, LOUDNESS_TARGET)) throw new Error('The track cannot reach the loudness target with one gain');
    }
    return `${pre},volume=${(LOUDNESS_TARGET.integrated - measured.integrated).toFixed(2)}dB`;
  }

  /**
   * Masters any audio file into `work`: normalised and encoded as M4A (track.m4a) and MP3 (track.mp3).
   * AAC can overshoot the peaks it was given; then both files are made again a touch quieter. `knownSeconds`
   * spares a decoding pass when the length is certain (a WAV fluidsynth just wrote).
   */
  async function master(input: string, work: string, knownSeconds?: number): Promise<MasteredAudio> {
    const m4a = path.join(work, 'track.m4a');
    const mp3 = path.join(work, 'track.mp3');
    const inputSeconds = knownSeconds ?? (await audio.decodedSeconds(input)) ?? 0;
    const tail = `afade=t=out:st=${Math.max(0, inputSeconds - TAIL_FADE_SECONDS).toFixed(3)}:d=${TAIL_FADE_SECONDS}`;
    let filter = await normalisation(input, tail);
    await audio.encodeAac(input, m4a, filter);
    let reading = await loudness.read(m4a);
    if (reading.truePeak > TRUE_PEAK_CEILING - 0.1) {
      filter = `${filter},volume=${-(reading.truePeak - TRUE_PEAK_CEILING + 0.4).toFixed(2)}dB`;
      await audio.encodeAac(input, m4a, filter);
      reading = await loudness.read(m4a);
    }
    await audio.encodeMp3(input, mp3, filter);
    // The last meter reading decoded the whole M4A: its length is the file's, without decoding it once more.
    return { audioFile: m4a, previewFile: mp3, seconds: reading.seconds || ((await audio.decodedSeconds(m4a)) ?? inputSeconds), loudness: reading };
  }

  async function renderInto(work: string, spec: TrackSpec, composition: Composition, version: string): Promise<RenderedTrack> {
    const midi = path.join(work, 'track.mid');
    const raw = path.join(work, 'raw.wav');
    await writeFile(midi, composition.midi);
    await fluidsynth.renderWav(midi, raw);
    // A WAV's header holds its exact length.
    const mastered = await master(raw, work, (await audio.probe(raw))?.durationSeconds ?? undefined);
    const final = base(spec, version);
    const track: RenderedTrack = {
      id: spec.id,
      version,
      audioFile: `${final}.m4a`,
      previewFile: `${final}.mp3`,
      midiFile: `${final}.mid`,
      seconds: mastered.seconds,
      loudness: mastered.loudness,
      maxPolyphony: composition.facts.maxPolyphony,
      voices: composition.facts.voices,
    };
    await rename(midi, track.midiFile);
    await rename(mastered.audioFile, track.audioFile);
    await rename(mastered.previewFile, track.previewFile);
    // The metadata lands last: its presence means the other files are complete.
    await writeFile(path.join(work, 'track.json'), JSON.stringify(track, null, 2));
    await rename(path.join(work, 'track.json'), `${final}.json`);
    return track;
  }

  return {
    composed,
    master,
    versionOf: (spec: TrackSpec): string => composed(spec).version,

    /** The track's files, from the cache when this version was rendered before. */
    async render(spec: TrackSpec): Promise<RenderedTrack> {
      const { composition, version } = composed(spec);
      const hit = await cached(spec, version);
      if (hit) return hit;
      if (!fluidsynth.available()) throw new Error(`The General MIDI sound font is missing: ${fluidsynth.soundFont}`);
      await mkdir(cacheDir, { recursive: true });
      const work = await mkdtemp(path.join(cacheDir, `.${spec.id}-`));
      try {
        return await renderInto(work, spec, composition, version);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

export type StockSongRenderer = ReturnType<typeof stockSongRenderer>;
