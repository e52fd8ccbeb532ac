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

/** Runs ffmpeg's ebur128 meter and the gain that normalises to it; the only code that measures loudness. */
export function loudnessRepository() {
  return {
    /**
     * EBU R128 integrated loudness, true peak (4x oversampled) and range of a file, as a listener's meter would
     * show them; with `preFilter`, of the file as that filter changes it.
     */
    async read(input: string, preFilter = ''): Promise<LoudnessReading> {
      let stderr: string;
      let stdout: string;
      try {
        const filter = chain(preFilter, 'ebur128=peak=true:framelog=verbose');
        // The progress report gives the decoded length too, which spares callers another decoding pass.
        ({ stderr, stdout } = await runTool('ffmpeg', ffmpegArgs(['-i', input, '-af', filter, '-f', 'null', '-', '-progress', 'pipe:1']), TIMEOUT_MS));
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
        seconds: Number([...stdout.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1] ?? 0) / 1e6,
      };
    },
  };
}

export type LoudnessRepository = ReturnType<typeof loudnessRepository>;
