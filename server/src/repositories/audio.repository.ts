import { runTool, ToolError } from './run-tool.ts';

/** What an uploaded audio file is, read from its bytes (never from its name). */
export interface AudioProbe {
  /** ffprobe's demuxer names, e.g. 'mp3', 'mov,mp4,m4a,3gp,3g2,mj2', 'wav', 'flac', 'ogg'. */
  formatName: string;
  codec: string;
  /** The container's own idea of the length; decodedSeconds is the measured one. */
  durationSeconds: number | null;
  title: string | null;
  artist: string | null;
}

interface RawProbe {
  streams?: { codec_type?: string; codec_name?: string; duration?: string; tags?: Record<string, string> }[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

const PROBE_TIMEOUT_MS = 60_000;
const ENCODE_TIMEOUT_MS = 20 * 60_000;

const ffmpegArgs = (args: string[]): string[] => ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args];

function tag(tags: Record<string, string> | undefined, name: string): string | null {
  const found = Object.entries(tags ?? {}).find(([k]) => k.toLowerCase() === name)?.[1]?.trim();
  return found ? found.slice(0, 250) : null;
}

/** The only code that runs ffmpeg and ffprobe on music: probing, measuring and encoding. */
export function audioRepository() {
  return {
    /** Null when ffprobe finds no audio stream in the bytes (not audio, or damaged beyond reading). */
    async probe(file: string): Promise<AudioProbe | null> {
      let stdout: string;
      try {
        ({ stdout } = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], PROBE_TIMEOUT_MS));
      } catch (err) {
        if (err instanceof ToolError) return null;
        throw err;
      }
      const raw = JSON.parse(stdout) as RawProbe;
      const audio = raw.streams?.find((s) => s.codec_type === 'audio');
      if (!audio) return null;
      const duration = Number(raw.format?.duration ?? audio.duration);
      const tags = { ...audio.tags, ...raw.format?.tags };
      return {
        formatName: raw.format?.format_name ?? '',
        codec: audio.codec_name ?? '',
        durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
        title: tag(tags, 'title'),
        artist: tag(tags, 'artist') ?? tag(tags, 'album_artist'),
      };
    },

    /**
     * Seconds of sound, by decoding the whole first audio stream: exact where headers guess (an MP3 without a
     * length header, or one whose encoder padding ffprobe counts). Null when nothing decodes.
     */
    async decodedSeconds(file: string): Promise<number | null> {
      try {
        const { stdout } = await runTool('ffmpeg', ffmpegArgs(['-i', file, '-map', '0:a:0', '-f', 'null', '-', '-progress', 'pipe:1']), ENCODE_TIMEOUT_MS);
        const times = [...stdout.matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
        const seconds = (times[times.length - 1] ?? 0) / 1e6;
        return seconds > 0 ? seconds : null;
      } catch (err) {
        if (err instanceof ToolError) return null;
        throw err;
      }
    },

    /** A stereo MP3 every browser plays, for previews; `filter` shapes the sound on the way (fades). */
    async encodeMp3(input: string, output: string, filter = ''): Promise<void> {
      await runTool(
        'ffmpeg',
        ffmpegArgs(['-i', input, '-map', '0:a:0', '-vn', '-sn', '-map_metadata', '-1', ...(filter ? ['-af', filter] : []), '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '160k', '-f', 'mp3', output]),
        ENCODE_TIMEOUT_MS,
      );
    },

    /** 48 kHz stereo AAC at 256 kb/s in M4A: the render engine's music source. */
    async encodeAac(input: string, output: string, filter = ''): Promise<void> {
      await runTool(
        'ffmpeg',
        ffmpegArgs(['-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1', ...(filter ? ['-af', filter] : []), '-ac', '2', '-ar', '48000', '-c:a', 'aac', '-b:a', '256k', '-movflags', '+faststart', '-f', 'mp4', output]),
        ENCODE_TIMEOUT_MS,
      );
    },
  };
}

export type AudioRepository = ReturnType<typeof audioRepository>;
