import { readFile } from 'node:fs/promises';
import { runTool } from '../repositories/run-tool.ts';
import { keyframeTimes, sdColour, STANDARD, type DvdPlan } from './plan.ts';

/** ffmpeg's MPEG-2 encoder runs many times faster than the video plays; a stuck run is stopped well after a slow one. */
const timeoutMs = (seconds: number): number => Math.max(120_000, seconds * 4_000);

/**
 * The ffmpeg arguments of the disc's video: the DVD target of the standard (MPEG-2 in an MPEG program stream with
 * navigation packs, AC-3 sound at 48 kHz), 16:9 anamorphic (the picture scaled to the full 720 wide frame and
 * flagged 16:9, so a widescreen TV fills the screen and a 4:3 one letterboxes it) in the standard's colour matrix
 * (sdColour), at the plan's rate, with a new
 * group of pictures at each chapter. The HD file is 30 fps: NTSC's 29.97 drops one frame in a thousand and PAL's
 * 25 one in six, so the disc lasts exactly as long as the HD video.
 */
export function encodeArgs(hdFile: string, plan: DvdPlan, output: string, progressFile?: string): string[] {
  const standard = STANDARD[plan.standard];
  const keyframes = keyframeTimes(plan.chapters);
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    ...(progressFile ? ['-progress', progressFile, '-stats_period', '1'] : []),
    '-i', hdFile, '-map', '0:v:0', '-map', '0:a:0',
    '-target', standard.target,
    '-vf', `scale=${standard.width}:${standard.height}:flags=bicubic,${sdColour(plan.standard)},setsar=${standard.sar}`, '-aspect', '16:9',
    '-b:v', `${plan.videoKbps}k`,
    ...(keyframes.length ? ['-force_key_frames', keyframes.join(',')] : []),
    '-c:a', 'ac3', '-b:a', `${plan.audioKbps}k`, '-ac', '2', '-ar', '48000',
    output,
  ];
}

/** The seconds of output ffmpeg reports in its latest -progress block, or null before the first. */
export function progressSeconds(text: string): number | null {
  const matches = [...text.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = matches.at(-1);
  return last ? Number(last[1]) / 1e6 : null;
}

/** Encodes the HD file to the disc's MPEG-2 program stream, telling `onProgress` the share done (0..1) every second. */
export async function encodeDvd(hdFile: string, plan: DvdPlan, output: string, onProgress: (share: number) => void): Promise<void> {
  const progressFile = `${output}.progress`;
  const timer = setInterval(() => {
    readFile(progressFile, 'utf8').then(
      (text) => {
        const seconds = progressSeconds(text);
        if (seconds !== null) onProgress(Math.min(1, seconds / Math.max(1, plan.duration)));
      },
      () => undefined,
    );
  }, 1000);
  try {
    await runTool('ffmpeg', encodeArgs(hdFile, plan, output, progressFile), timeoutMs(plan.duration));
  } finally {
    clearInterval(timer);
  }
}

/**
 * ffmpeg's arguments that multiplex the disc's pieces (MPEG-2 made with the HD segments, render/compile/dvd-pieces.ts),
 * read end to end from `pipe:3`, with the AC-3 sound into the DVD program stream, copying both. The pieces are raw
 * MPEG-2: its parser gives the pictures in decoding order without times, so they are counted from the frame rate
 * (genpts); without them the multiplexer starts no new navigation unit at the groups' first pictures.
 *
 * The pipe's input queue holds 512 packets instead of ffmpeg's 8: with two inputs ffmpeg reads each in a thread of
 * its own and, whenever a non-seekable input's queue is empty, sleeps 10 ms. With 8 packets of a pipe that runs dry
 * at once, the multiplex of a ten-minute disc (500 MB, no encoding) took 15 to 16 s of waiting for 1.4 CPU s; with
 * 512 it takes about a second, byte for byte the same program stream.
 */
export function muxArgs(sound: string, output: string): string[] {
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    '-fflags', '+genpts', '-thread_queue_size', '512', '-f', 'mpegvideo', '-framerate', '30000/1001', '-i', 'pipe:3', '-i', sound,
    '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-f', 'dvd', '-muxrate', '10080000', '-packetsize', '2048', output,
  ];
}

/** The disc's program stream from its pieces and sound, without encoding anything again. */
export async function muxPieces(pieces: string[], sound: string, plan: DvdPlan, output: string): Promise<void> {
  // cat reads the pieces into ffmpeg's pipe: their names as arguments of one program, never one argument of ffmpeg's.
  await runTool('ffmpeg', muxArgs(sound, output), timeoutMs(plan.duration), [{ command: 'cat', args: ['--', ...pieces], fd: 3 }]);
}
