import { DUCK_RAMP_SECONDS } from '../plan/audio.ts';
import type { AudioPlan, Duck } from '../plan/types.ts';
import { AUDIO_RATE, LOUDNESS } from './profiles.ts';

/** The measurements of loudnorm's first pass, fed to its second so the gain is one linear step. */
export interface LoudnessMeasure {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

export interface AudioSources {
  /** Absolute paths of the music pieces' files and the clips' files, in plan order. */
  music: string[];
  clips: string[];
}

const s = (n: number): string => Math.max(0, n).toFixed(4);
const FORMAT = `aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** The music's gain over time as an ffmpeg expression: 1, dipping to each duck's level with linear ramps. */
export function duckExpression(ducks: Duck[]): string {
  if (!ducks.length) return '1';
  const r = DUCK_RAMP_SECONDS;
  const one = (d: Duck) =>
    `(1-${(1 - d.level).toFixed(4)}*min(clip((t-${s(d.from - r)})/${r},0,1),clip((${s(d.to + r)}-t)/${r},0,1)))`;
  return ducks.map(one).reduce((acc, term) => `min(${acc},${term})`);
}

/**
 * The mix before loudness: the songs placed, trimmed, faded and ducked, the clips' sound at their places, the
 * music's fade at the end, padded or cut to the video's exact length. Ends in [mix].
 */
export function mixGraph(plan: AudioPlan, sources: AudioSources): { inputs: string[]; filters: string[] } {
  const inputs: string[] = [];
  const filters: string[] = [];
  let n = 0;
  const music: string[] = [];
  plan.music.forEach((piece, i) => {
    inputs.push('-ss', s(piece.from), '-t', s(piece.to - piece.from), '-i', sources.music[i]);
    const length = piece.to - piece.from;
    const fades = [
      piece.fadeIn > 0 ? `afade=t=in:st=0:d=${s(piece.fadeIn)}` : '',
      piece.fadeOut > 0 && length > piece.fadeOut ? `afade=t=out:st=${s(length - piece.fadeOut)}:d=${s(piece.fadeOut)}` : '',
    ].filter(Boolean);
    const delay = Math.round(piece.at * 1000);
    filters.push(`[${n}:a]${FORMAT},volume=${piece.volume.toFixed(3)}${fades.map((f) => `,${f}`).join('')},adelay=${delay}|${delay}[m${i}]`);
    music.push(`[m${i}]`);
    n++;
  });
  const clips: string[] = [];
  plan.clips.forEach((clip, i) => {
    inputs.push('-ss', s(clip.from), '-t', s(clip.to - clip.from), '-i', sources.clips[i]);
    const delay = Math.round(clip.at * 1000);
    filters.push(`[${n}:a]${FORMAT},volume=${clip.volume.toFixed(3)},adelay=${delay}|${delay}[c${i}]`);
    clips.push(`[c${i}]`);
    n++;
  });
  const end = s(plan.duration);
  const silence = `anullsrc=r=${AUDIO_RATE}:cl=stereo,atrim=0:${end}`;
  const buses: string[] = [];
  if (music.length) {
    const fade = plan.fadeOut > 0 ? `,afade=t=out:st=${s(plan.duration - plan.fadeOut)}:d=${s(plan.fadeOut)}` : '';
    const mixed = music.length > 1 ? `${music.join('')}amix=inputs=${music.length}:normalize=0:dropout_transition=0,` : `${music[0]}`;
    filters.push(`${mixed}${music.length > 1 ? '' : 'anull,'}volume='${duckExpression(plan.ducks)}':eval=frame${fade}[music]`);
    buses.push('[music]');
  }
  if (clips.length) {
    filters.push(clips.length > 1 ? `${clips.join('')}amix=inputs=${clips.length}:normalize=0:dropout_transition=0[clips]` : `${clips[0]}anull[clips]`);
    buses.push('[clips]');
  }
  if (!buses.length) filters.push(`${silence}[quiet]`);
  const all = buses.length ? buses : ['[quiet]'];
  const joined = all.length > 1 ? `${all.join('')}amix=inputs=${all.length}:normalize=0:dropout_transition=0,` : `${all[0]}anull,`;
  filters.push(`${joined}apad=whole_dur=${end},atrim=0:${end},asetpts=N/SR/TB[mix]`);
  return { inputs, filters };
}

export const hasSound = (plan: AudioPlan): boolean => plan.music.length > 0 || plan.clips.length > 0;

/** loudnorm's first pass: measures the mix and prints JSON on stderr (only for a mix one gain cannot level). */
export function measureArgs(plan: AudioPlan, sources: AudioSources): string[] {
  const { inputs, filters } = mixGraph(plan, sources);
  filters.push(`[mix]loudnorm=I=${LOUDNESS.integrated}:TP=${LOUDNESS.truePeak}:LRA=${LOUDNESS.range}:print_format=json[out]`);
  return ['-hide_banner', '-nostdin', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-f', 'null', '-'];
}

/**
 * Another encoding of the same mix, written by the same ffmpeg: the web video's AAC beside HD's, the DVD's AC-3
 * (its own file, the raw stream the disc's multiplexer reads).
 */
export interface AlsoOutput {
  bitrate: string;
  output: string;
  /** pcm: the levelled mix's raw samples (32-bit float, interleaved), for a second encoder to read (alsoArgs). */
  codec?: 'aac' | 'ac3' | 'pcm';
}

/** The raw samples a `pcm` output writes and alsoArgs reads: no header, so the reader is told their shape. */
const RAW = ['-f', 'f32le', '-ar', String(AUDIO_RATE), '-ac', '2'];

/**
 * How the mix is brought to the target loudness: one gain in dB (what loudnorm's linear mode would apply, measured
 * by ebur128 at the mix's own rate), after a limiter (loudness.repository.ts' limitedGain) when that gain alone would
 * push the peaks over the ceiling; loudnorm's dynamic mode from its first pass' measure when the loudness range is
 * wider than the target's; or null to leave the level alone (silence, or the preview).
 */
export type Leveling = { gain: number; limiter?: string } | { measure: LoudnessMeasure } | null;

function levelFilter(leveling: Leveling): string {
  if (!leveling) return '';
  if ('gain' in leveling) return `${leveling.limiter ? `${leveling.limiter},` : ''}volume=${leveling.gain.toFixed(2)}dB:precision=float,`;
  const m = leveling.measure;
  if (!(Number(m.input_i) > -70)) return '';
  // loudnorm works at 192 kHz; the aresample after it brings the sound back to the encoders' rate.
  return `loudnorm=I=${LOUDNESS.integrated}:TP=${LOUDNESS.truePeak}:LRA=${LOUDNESS.range}:measured_I=${m.input_i}:measured_TP=${m.input_tp}` +
    `:measured_LRA=${m.input_lra}:measured_thresh=${m.input_thresh}:offset=${m.target_offset}:linear=true,`;
}

/** The mix at the target loudness, as AAC-LC. */
export function finalArgs(plan: AudioPlan, sources: AudioSources, leveling: Leveling, bitrate: string, output: string, extra: string[] = [], also: AlsoOutput[] = []): string[] {
  const { inputs, filters } = mixGraph(plan, sources);
  const levelled = `[mix]${levelFilter(leveling)}aresample=${AUDIO_RATE},atrim=0:${s(plan.duration)}`;
  if (also.length) filters.push(...fanOut(levelled, also, '[out]'));
  else filters.push(`${levelled}[out]`);
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputs, '-filter_complex', filters.join(';'),
    '-map', '[out]', ...aac(bitrate), ...extra, output,
    ...alsoOutputs(also),
  ];
}

/**
 * The filters that split `chain` (a filter chain's text, its output unlabelled) into `[also0]`, `[also1]`, ... for the
 * outputs of `also`, each in the frames its encoder takes, with `first` (a label) as one more output ahead of them.
 */
function fanOut(chain: string, also: AlsoOutput[], first = ''): string[] {
  const splits = also.map((_, i) => `[split${i}]`);
  // AC-3 takes frames of exactly 1536 samples, which ffmpeg 5.1 does not cut for an encoder fed by a filter graph.
  const framing = (o: AlsoOutput): string => (o.codec === 'ac3' ? 'asetnsamples=n=1536:p=0' : 'anull');
  return [
    `${chain},asplit=${splits.length + (first ? 1 : 0)}${first}${splits.join('')}`,
    ...also.map((o, i) => `${splits[i]}${framing(o)}[also${i}]`),
  ];
}

/** Each output of `also` taken from its fanOut label and encoded to its file. */
const alsoOutputs = (also: AlsoOutput[]): string[] => also.flatMap((o, i) => ['-map', `[also${i}]`, ...encode(o), o.output]);

const aac = (rate: string) => ['-c:a', 'aac', '-profile:a', 'aac_low', '-b:a', rate, '-ar', String(AUDIO_RATE), '-ac', '2'];

function encode(o: AlsoOutput): string[] {
  if (o.codec === 'pcm') return ['-c:a', 'pcm_f32le', ...RAW];
  if (o.codec === 'ac3') return ['-c:a', 'ac3', '-b:a', o.bitrate, '-ar', String(AUDIO_RATE), '-ac', '2', '-f', 'ac3'];
  return [...aac(o.bitrate), '-f', 'mp4'];
}

/**
 * A second encoder beside finalArgs' ffmpeg: reads the levelled mix's raw samples (a `pcm` output of it) at pipe
 * `fd` and encodes `also` from them. ffmpeg 5.1 runs a process's encoders one after another on one core; split over
 * two processes, the HD sound and the others are made at once, and from the very same samples.
 */
export function alsoArgs(also: AlsoOutput[], fd: number): string[] {
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y', ...RAW, '-i', `pipe:${fd}`, '-filter_complex', fanOut('[0:a]anull', also).join(';'),
    ...alsoOutputs(also),
  ];
}

/** The last JSON object loudnorm printed. */
export function parseMeasure(stderr: string): LoudnessMeasure | null {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(stderr.slice(start, end + 1)) as LoudnessMeasure;
  } catch {
    return null;
  }
}
