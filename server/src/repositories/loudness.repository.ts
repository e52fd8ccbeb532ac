import { runTool, ToolError } from './run-tool.ts';

/** An EBU R128 reading of a finished file (ffmpeg's ebur128 filter). */
export interface LoudnessReading {
  integrated: number;
  truePeak: number;
  range: number;
  /** Seconds of sound the meter decoded (exact, from ffmpeg's progress), or 0 when it reported none. */
  seconds: number;
}

export interface LoudnessTarget {
  integrated: number;
  truePeak: number;
  range: number;
}

const TIMEOUT_MS = 10 * 60_000;

const ffmpegArgs = (args: string[]): string[] => ['-hide_banner', '-nostdin', '-nostats', '-y', ...args];

const chain = (preFilter: string, filter: string): string => (preFilter ? `${preFilter},${filter}` : filter);

function num(value: string | undefined, what: string): number {
  const n = Number(value);
  // A silent file measures -inf; callers treat such a reading as a failure.
  if (value === '-inf') return -Infinity;
  if (!Number.isFinite(n)) throw new Error(`Unreadable ${what}: ${value}`);
  return n;
}

/**
 * The one gain (dB) that brings a reading to the target, or null when no single gain can: a silent reading, a gain
 * that would raise the true peaks over the target's ceiling (less `margin` dB), or, with `rangeLimit`, a range wider
 * than the target's (loudnorm's rule for its linear mode, which then compresses instead).
 */
export function linearGain(reading: LoudnessReading, target: LoudnessTarget, { margin = 0, rangeLimit = false } = {}): number | null {
  if (!(reading.integrated > -70)) return null;
  const gain = target.integrated - reading.integrated;
  if (reading.truePeak + gain > target.truePeak - margin) return null;
  if (rangeLimit && reading.range > target.range) return null;
  return gain;
}

/**
 * One gain and then a sample-peak limiter 1 dB under the true-peak ceiling (true peaks run up to about 1 dB over the
 * samples), for sound whose sharp attacks one gain alone would push over it. The result is measured again, and a last
 * small gain brings it back to the target; the limiter only shaves attacks, so the loudness barely moves.
 */
export function limitedGain(gain: number, ceiling: number): string {
  const limit = 10 ** ((ceiling - 1) / 20);
  return `volume=${gain.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:attack=5:release=80:level=false`;
}

const METER = 'ebur128=peak=true:framelog=verbose';

/** Runs ffmpeg's ebur128 meter and the gain that normalises to it; the only code that measures loudness. */
export function loudnessRepository() {
  /** Runs ffmpeg with `args` (its inputs and a graph whose one output is the meter's) and reads the summary. */
  async function meter(args: string[], what: string): Promise<LoudnessReading> {
    let stderr: string;
    let stdout: string;
    try {
      // The progress report gives the decoded length too, which spares callers another decoding pass.
      ({ stderr, stdout } = await runTool('ffmpeg', ffmpegArgs([...args, '-f', 'null', '-', '-progress', 'pipe:1']), TIMEOUT_MS));
    } catch (err) {
      if (err instanceof ToolError) throw new Error(`Cannot measure ${what}: ${err.message}`);
      throw err;
    }
    const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
    const value = (label: RegExp, name: string): number => num(label.exec(summary)?.[1], name);
    return {
      integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/, 'loudness'),
      truePeak: value(/Peak:\s+(-?[\d.]+|-inf) dBFS/, 'true peak'),
      range: value(/LRA:\s+(-?[\d.]+) LU/, 'loudness range'),
      seconds: Number([...stdout.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1] ?? 0) / 1e6,
    };
  }

  return {
    /**
     * EBU R128 integrated loudness, true peak (4x oversampled) and range of a file's sound, as a listener's meter
     * would show them; with `preFilter`, of the sound as that filter changes it.
     */
    read(input: string, preFilter = ''): Promise<LoudnessReading> {
      return meter(['-i', input, '-vn', '-af', chain(preFilter, METER)], input);
    },

    /** The same reading of a mix: `inputs` and `filters` make a graph with the mix at `label` (such as `[mix]`). */
    readGraph(inputs: string[], filters: string[], label: string): Promise<LoudnessReading> {
      return meter([...inputs, '-filter_complex', [...filters, `${label}${METER}[meter]`].join(';'), '-map', '[meter]'], 'the mix');
    },
  };
}

export type LoudnessRepository = ReturnType<typeof loudnessRepository>;
