import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { alsoArgs, finalArgs, hasSound, measureArgs, mixGraph, parseMeasure, type AlsoOutput, type AudioSources, type Leveling } from '../render/compile/audio-graph.ts';
import { joinMp4, JoinUnsupported } from '../render/compile/mp4-join.ts';
import { AUDIO_RATE, LOUDNESS, WEB } from '../render/compile/profiles.ts';
import { FPS } from '../render/plan/types.ts';
import type { AudioPlan } from '../render/plan/types.ts';
import type { SegmentCommand } from '../render/compile/segment-graph.ts';
import { nodeCpu } from './cpu-account.ts';
import { limitedGain, linearGain, loudnessRepository, type LoudnessReading } from './loudness.repository.ts';
import { nativeProgram } from './native-programs.ts';
import { runTool, type ToolResult } from './run-tool.ts';
import { scratchDir } from './temp-files.ts';

/** Facts about a finished file, in our words. */
export interface RenderProbe {
  duration: number;
  video: { codec: string; profile: string; level: number; pixelFormat: string; width: number; height: number; frameRate: string; frames: number; colorPrimaries?: string; colorTransfer?: string; colorSpace?: string } | null;
  audio: { codec: string; profile: string; sampleRate: number; channels: number } | null;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  pix_fmt?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  nb_frames?: string;
  nb_read_frames?: string;
  sample_rate?: string;
  channels?: number;
  color_primaries?: string;
  color_transfer?: string;
  color_space?: string;
}

const FFMPEG = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const ten = (seconds: number): number => Math.max(120_000, seconds * 20_000);
const loudness = loudnessRepository();

/**
 * Bytes that surely hold the index (moov) of a joined video of `frames` frames at 30 fps with AAC sound at 48 kHz:
 * per video sample at most a size, a chunk offset, a composition offset and a sync entry (24 bytes), per AAC
 * frame a size and an offset (12 bytes), and room for the fixed boxes. Too small would fail the join, so it is
 * generous; what is left over stays in a 'free' box, which every player skips.
 */
export function moovRoom(frames: number): number {
  const audioFrames = Math.ceil(((frames / FPS) * AUDIO_RATE) / 1024) + 16;
  return 24 * (frames + 16) + 12 * audioFrames + 64 * 1024;
}

/**
 * Runs a join whose last arguments are `-f mp4 output`, the index first. The muxer writes it into room kept at the
 * start, so the file is written once. ffmpeg 5 still exits 0 when that room is too small (it only says so): then
 * the join is made again with faststart.
 */
async function joinIndexFirst(args: string[], frames: number): Promise<void> {
  const at = args.length - 3;
  const { stderr } = await runTool('ffmpeg', [...args.slice(0, at), '-moov_size', String(moovRoom(frames)), ...args.slice(at)], ten(60));
  if (/reserved_moov_size is too small|Error writing trailer/.test(stderr)) {
    await runTool('ffmpeg', [...args.slice(0, at), '-movflags', '+faststart', ...args.slice(at)], ten(60));
  }
}

/** Lets ffmpeg read a list of files from a temporary concat script. */
async function withConcatList<T>(files: string[], use: (list: string) => Promise<T>): Promise<T> {
  const dir = await scratchDir('concat');
  try {
    const list = path.join(dir, 'list.txt');
    await writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
    return await use(list);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Joins by copying samples (compile/mp4-join.ts: no probing, written once, index first); files it cannot join
 * exactly are joined by ffmpeg's concat demuxer instead (`ffmpegJoin`).
 */
async function copyJoin(segments: string[], sound: string | null, output: string, ffmpegJoin: () => Promise<unknown>): Promise<void> {
  try {
    await nodeCpu('mp4 join', () => joinMp4(segments, sound, output));
  } catch (err) {
    if (!(err instanceof JoinUnsupported)) throw err;
    console.warn(`[render] joined by ffmpeg: ${err.message}`);
    await ffmpegJoin();
  }
}

/** Runs a segment's ffmpeg with its feeds, each feed's program built first if this machine has none yet. */
export async function runSegmentCommand(command: SegmentCommand, timeoutMs: number): Promise<ToolResult> {
  const feeds = await Promise.all(command.feeds.map(async (feed) => ({ command: await nativeProgram(feed.program), args: feed.args, fd: feed.fd })));
  return runTool('ffmpeg', command.args, timeoutMs, feeds);
}

/** How a mix is brought to the target loudness (audio-graph.ts' Leveling), from a reading of the mix. */
export async function levelingOf(plan: AudioPlan, sources: AudioSources): Promise<Leveling> {
  const { inputs, filters } = mixGraph(plan, sources);
  const reading = await loudness.readGraph(inputs, filters, '[mix]');
  if (!(reading.integrated > -70)) return null;
  const gain = linearGain(reading, LOUDNESS, { rangeLimit: true });
  if (gain !== null) return { gain };
  if (reading.range <= LOUDNESS.range) {
    // Only the peaks stand in the way (a mix of songs mastered near the ceiling, say): a limiter shaves them. What it
    // shaves off the loudness is made up by a last gain, or, when that gain would lift the peaks over the ceiling
    // again, by limiting once more from that much higher.
    let gain = LOUDNESS.integrated - reading.integrated;
    for (let pass = 0; pass < 2; pass++) {
      const limiter = limitedGain(gain, LOUDNESS.truePeak);
      const limited = await loudness.readGraph(inputs, [...filters, `[mix]${limiter}[limited]`], '[limited]');
      const rest = LOUDNESS.integrated - limited.integrated;
      if (limited.truePeak + rest <= LOUDNESS.truePeak) return { gain: rest, limiter };
      gain += rest;
    }
  }
  // A range too wide for the target (or peaks no limiting tamed): loudnorm's dynamic mode compresses it.
  const { stderr } = await runTool('ffmpeg', measureArgs(plan, sources), ten(plan.duration / 4));
  const measure = parseMeasure(stderr);
  return measure && { measure };
}

/** The only code that runs ffmpeg and ffprobe for renders. Every output is written to the path it is given. */
export function renderRepository() {
  return {
    /** One segment from a command made by compile/segment-graph.ts, with the programs that feed it. */
    async segment(command: SegmentCommand, seconds: number): Promise<void> {
      await runSegmentCommand(command, ten(seconds));
    },

    /**
     * The mixed sound at the target loudness: ebur128 measures the mix, then one pass applies the gain that levels
     * it (loudnorm's linear mode, at the mix's own 48 kHz rather than loudnorm's 192) and encodes it; a mix one gain
     * cannot level goes through loudnorm's two passes. `also`: the same sound encoded again by that pass (the web
     * video's, the DVD's).
     */
    async audio(plan: AudioPlan, sources: AudioSources, bitrate: string, output: string, also: AlsoOutput[] = []): Promise<void> {
      const leveling = hasSound(plan) ? await levelingOf(plan, sources) : null;
      if (!also.length) {
        await runTool('ffmpeg', finalArgs(plan, sources, leveling, bitrate, output, ['-f', 'mp4']), ten(plan.duration / 4));
        return;
      }
      // HD's sound is made by the ffmpeg that mixes; the others by a second one beside it, fed the levelled samples
      // through a pipe (alsoArgs): on two cores the sound job takes about half as long (a song's volume edit waits on it).
      const mixer = finalArgs(plan, sources, leveling, bitrate, output, ['-f', 'mp4'], [{ bitrate: '', output: 'pipe:1', codec: 'pcm' }]);
      await runTool('ffmpeg', alsoArgs(also, 3), ten(plan.duration / 4), [{ command: 'ffmpeg', args: mixer, fd: 3 }]);
    },

    /**
     * The preview's sound as fragmented MP4 written while it is made, so the first seconds can be served at
     * once. Resolves when ffmpeg finishes.
     */
    previewAudio(plan: AudioPlan, sources: AudioSources, bitrate: string, output: string): Promise<void> {
      // Flushed at every packet: ffmpeg's 256 KB output buffer would hold back about 16 s of sound at 128k, and the
      // preview's first 2 s wait for the sound under them.
      const args = finalArgs(plan, sources, null, bitrate, output, ['-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '1000000', '-flush_packets', '1', '-f', 'mp4']);
      return runTool('ffmpeg', args, ten(plan.duration / 4)).then(() => undefined);
    },

    /**
     * Joins segments without re-encoding and adds the sound; the index goes first so playback starts at once, and
     * the file is written once (ffmpeg's fallback keeps room for the index at the start, moovRoom: faststart would
     * write it all and then read and write it all again to move the index forward).
     */
    async assemble(segments: string[], audio: string, frames: number, output: string): Promise<void> {
      await copyJoin(segments, audio, output, () => withConcatList(segments, (list) =>
        joinIndexFirst([...FFMPEG, '-f', 'concat', '-safe', '0', '-i', list, '-i', audio, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-f', 'mp4', output], frames),
      ));
    },

    /** Joins segments without re-encoding into a silent clip (the showcase's previews). */
    async join(segments: string[], output: string): Promise<void> {
      await copyJoin(segments, null, output, () => withConcatList(segments, (list) =>
        runTool('ffmpeg', [...FFMPEG, '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', output], ten(60)),
      ));
    },

    /**
     * The web video from its pieces (made with the HD segments), joined without re-encoding, with its sound: the
     * web's own (made beside HD's, copied) or else the HD file's, encoded at the web's bit rate.
     */
    async webJoin(segments: string[], sound: { web: string } | { hd: string }, frames: number, output: string): Promise<void> {
      const audio = 'web' in sound ? ['-i', sound.web, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'] : ['-i', sound.hd, '-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', 'aac', '-b:a', WEB.audioBitrate, '-ar', '48000', '-ac', '2'];
      const concat = () => withConcatList(segments, (list) => joinIndexFirst([...FFMPEG, '-f', 'concat', '-safe', '0', '-i', list, ...audio, '-f', 'mp4', output], frames));
      // The web's own sound is copied as it is; the HD file's is encoded again, which only ffmpeg does.
      await ('web' in sound ? copyJoin(segments, sound.web, output, concat) : concat());
    },

    /** The smaller web video from the finished HD file (when its pieces are gone from the cache). */
    async web(hd: string, seconds: number, output: string): Promise<void> {
      await runTool(
        'ffmpeg',
        [
          ...FFMPEG, '-i', hd, '-map', '0:v:0', '-map', '0:a:0', '-vf', `scale=${WEB.width}:${WEB.height}:flags=bicubic`, ...WEB.video,
          '-c:a', 'aac', '-b:a', WEB.audioBitrate, '-ar', '48000', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', output,
        ],
        ten(seconds),
      );
    },

    /** One frame as JPEG (the snapshot). */
    async frame(file: string, atSeconds: number, output: string): Promise<void> {
      await runTool('ffmpeg', [...FFMPEG, '-ss', atSeconds.toFixed(3), '-i', file, '-frames:v', '1', '-q:v', '3', '-f', 'image2', output], 120_000);
    },

    /** Whether a clip has a sound track (its sound is mixed in only then). */
    async hasAudio(file: string): Promise<boolean> {
      const { stdout } = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', file], 60_000);
      return stdout.trim().length > 0;
    },

    async probe(file: string, countFrames = false): Promise<RenderProbe> {
      const { stdout } = await runTool(
        'ffprobe',
        ['-v', 'error', ...(countFrames ? ['-count_frames'] : []), '-print_format', 'json', '-show_format', '-show_streams', file],
        300_000,
      );
      const raw = JSON.parse(stdout) as { streams?: RawStream[]; format?: { duration?: string } };
      const v = raw.streams?.find((s) => s.codec_type === 'video');
      const a = raw.streams?.find((s) => s.codec_type === 'audio');
      return {
        duration: Number(raw.format?.duration ?? NaN),
        video: v
          ? {
              codec: v.codec_name ?? '', profile: v.profile ?? '', level: v.level ?? 0, pixelFormat: v.pix_fmt ?? '', width: v.width ?? 0, height: v.height ?? 0,
              frameRate: v.r_frame_rate ?? '', frames: Number(v.nb_read_frames ?? v.nb_frames ?? 0),
              colorPrimaries: v.color_primaries, colorTransfer: v.color_transfer, colorSpace: v.color_space,
            }
          : null,
        audio: a ? { codec: a.codec_name ?? '', profile: a.profile ?? '', sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } : null,
      };
    },

    /** Integrated loudness (LUFS), true peak (dBTP) and range of a file's sound, as EBU R128 measures them. */
    loudness(file: string): Promise<LoudnessReading> {
      return loudness.read(file);
    },

    /** Raw grey frames of a file at the given size (tests and the benchmark look at pixels). */
    async grayFrames(file: string, width: number, height: number, extra: string[] = []): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        const child = spawn('ffmpeg', [...FFMPEG, '-i', file, ...extra, '-vf', `scale=${width}:${height}:flags=area,format=gray`, '-f', 'rawvideo', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks: Buffer[] = [];
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => chunks.push(c));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.once('error', reject);
        child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-500)}`))));
      });
    },
  };
}

export type RenderRepository = ReturnType<typeof renderRepository>;
