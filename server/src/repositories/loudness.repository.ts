import { runTool, ToolError } from './run-tool.ts';

/** What loudnorm's first pass measured (EBU R128): integrated LUFS, true peak dBTP, range LU, gate LUFS. */
export interface LoudnormMeasurement {
  integrated: number;
  truePeak: number;
  range: number;
  threshold: number;
  offset: number;
}

/** An EBU R128 reading of a finished file (ffmpeg's ebur128 filter). */
export interface LoudnessReading {
  integrated: number;
  truePeak: number;
  range: number;
}

export interface LoudnessTarget {
  integrated: number;
  truePeak: number;
  range: number;
}

const TIMEOUT_MS = 10 * 60_000;

const ffmpegArgs = (args: string[]): string[] => ['-hide_banner', '-nostdin', '-nostats', '-y', ...args];

/** loudnorm prints its JSON block last on stderr. */
function loudnormJson(stderr: string): Record<string, string> {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('loudnorm printed no measurement');
  return JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
}

const chain = (preFilter: string, filter: string): string => (preFilter ? `${preFilter},${filter}` : filter);

function num(value: string | undefined, what: string): number {
  const n = Number(value);
  // A silent file measures -inf; callers treat such a reading as a failure.
  if (value === '-inf') return -Infinity;
  if (!Number.isFinite(n)) throw new Error(`Unreadable ${what}: ${value}`);
  return n;
}

/** Runs ffmpeg's loudnorm (two passes) and ebur128 filters; the only code that measures loudness. */
export function loudnessRepository() {
  return {
    /** Pass one: measures the file (after `preFilter`, which pass two must repeat). */
    async measure(input: string, target: LoudnessTarget, preFilter = ''): Promise<LoudnormMeasurement> {
      const filter = `loudnorm=I=${target.integrated}:TP=${target.truePeak}:LRA=${target.range}:print_format=json`;
      const { stderr } = await runTool('ffmpeg', ffmpegArgs(['-i', input, '-af', chain(preFilter, filter), '-f', 'null', '-']), TIMEOUT_MS);
      const json = loudnormJson(stderr);
      return {
        integrated: num(json.input_i, 'loudness'),
        truePeak: num(json.input_tp, 'true peak'),
        range: num(json.input_lra, 'loudness range'),
        threshold: num(json.input_thresh, 'threshold'),
        offset: num(json.target_offset, 'offset'),
      };
    },

    /**
     * Pass two: applies one gain to the whole file (linear=true) from the measured values, writing 24-bit
     * 48 kHz WAV. Answers whether loudnorm really stayed linear (it falls back to dynamic compression when the
     * gain would push the peaks over the target).
     */
    async applyLinear(input: string, output: string, target: LoudnessTarget, measured: LoudnormMeasurement, preFilter = ''): Promise<{ linear: boolean }> {
      const filter =
        `loudnorm=I=${target.integrated}:TP=${target.truePeak}:LRA=${target.range}` +
        `:measured_I=${measured.integrated}:measured_TP=${measured.truePeak}:measured_LRA=${measured.range}` +
        `:measured_thresh=${measured.threshold}:offset=${measured.offset}:linear=true:print_format=json`;
      const { stderr } = await runTool(
        'ffmpeg',
        ffmpegArgs(['-i', input, '-af', `${chain(preFilter, filter)},aresample=48000`, '-ar', '48000', '-c:a', 'pcm_s24le', output]),
        TIMEOUT_MS,
      );
      return { linear: loudnormJson(stderr).normalization_type === 'linear' };
    },

    /** EBU R128 integrated loudness, true peak and range of a file, as a listener's meter would show them. */
    async read(input: string): Promise<LoudnessReading> {
      let stderr: string;
      try {
        ({ stderr } = await runTool('ffmpeg', ffmpegArgs(['-i', input, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']), TIMEOUT_MS));
      } catch (err) {
        if (err instanceof ToolError) throw new Error(`Cannot measure ${input}: ${err.message}`);
        throw err;
      }
      const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
      const value = (label: RegExp, what: string): number => num(label.exec(summary)?.[1], what);
      return {
        integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/, 'loudness'),
        truePeak: value(/Peak:\s+(-?[\d.]+|-inf) dBFS/, 'true peak'),
        range: value(/LRA:\s+(-?[\d.]+) LU/, 'loudness range'),
      };
    },
  };
}

export type LoudnessRepository = ReturnType<typeof loudnessRepository>;
