import { createHash } from 'node:crypto';
import { AUDIO_KBPS, DVD_VERSION, sdColour, STANDARD, videoKbps } from '../../dvd/plan.ts';
import type { RenderPlan } from './render-plan.ts';

/**
 * The NTSC DVD's pieces, made by each HD segment's ffmpeg from the same frames as a third output (segment-graph.ts),
 * so the disc is a join of them made as soon as the HD file is (dvd.service.ts). A PAL disc (25 fps) is still made
 * from the finished HD file in a pass of its own.
 *
 * NTSC plays 30000/1001 frames a second where the render has 30: the disc leaves out the last frame of every 1001
 * of the video, counted from the video's first frame, so it lasts as long as the HD video. Which frames a segment
 * leaves out depends on where in that cycle it starts (`phase`), so a piece is named by that too.
 */
export const NTSC_CYCLE = 1001;

/** How many frames of the disc show the video's first `frames` frames. */
export const ntscFrames = (frames: number): number => frames - Math.floor(frames / NTSC_CYCLE);

const NTSC = STANDARD.ntsc;

/**
 * MPEG-2 as the DVD-Video format wants it (ffmpeg's ntsc-dvd target's rates and buffer, a group of pictures at most
 * 18 frames), every group closed, so the pieces join end to end and each segment's first frame starts a group (and
 * a navigation unit: chapters start there). Closed groups need scene-cut detection off.
 */
export const dvdVideoArgs = (kbps: number): string[] => [
  '-c:v', 'mpeg2video', '-pix_fmt', 'yuv420p', '-b:v', `${kbps}k`, '-maxrate', '9000k', '-minrate', '0', '-bufsize', '1835008',
  '-g', '18', '-bf', '2', '-flags', '+cgop', '-sc_threshold', '1000000000', '-aspect', '16:9',
  '-color_primaries', 'smpte170m', '-color_trc', 'smpte170m', '-colorspace', 'smpte170m', '-color_range', 'tv',
  '-f', 'mpeg2video',
];

/**
 * The filters from a segment's 1280x720 frames (label in) to its disc piece's: the left-out frames dropped, the
 * picture scaled to 720x480, anamorphic 16:9, then brought to the standard-definition colour matrix, on the disc's
 * clock. The matrix is changed by the colorspace filter (its matrix alone, `fast`: the primaries and transfer are
 * taken as equal, as before) on the smaller picture: swscale's own yuv-to-yuv matrix change (in_color_matrix and
 * out_color_matrix on the scale), used until dvd-2, cost five times the plain scale, 0.12 CPU s a second of video,
 * half the piece's whole cost, and was two levels off in the luma (97 for a colour whose BT.601 luma is 98.7).
 */
export function dvdFilter(phase: number, input: string, output: string): string {
  return `[${input}]select='lt(mod(n+${phase},${NTSC_CYCLE}),${NTSC_CYCLE - 1})',` +
    `scale=${NTSC.width}:${NTSC.height}:flags=bicubic,${sdColour('ntsc')},setsar=${NTSC.sar},settb=1001/30000,setpts=N[${output}]`;
}

export interface DvdPiece {
  hash: string;
  key: string;
  /** Where the segment's first frame falls in the 1001-frame cycle. */
  phase: number;
  /** Frames of the disc in this piece. */
  frames: number;
  kbps: number;
}

const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Segment `index`'s piece of the disc, or null when its plan makes none (not an HD plan for an NTSC disc). */
export function dvdPiece(plan: Pick<RenderPlan, 'dvd' | 'timeline' | 'hashes' | 'profile'>, index: number): DvdPiece | null {
  if (plan.dvd !== 'ntsc' || plan.profile !== 'hd') return null;
  const segment = plan.timeline.segments[index];
  const phase = segment.start % NTSC_CYCLE;
  const frames = ntscFrames(segment.start + segment.frames) - ntscFrames(segment.start);
  const kbps = videoKbps(plan.timeline.duration);
  const hash = sha(['dvd', DVD_VERSION, plan.hashes[index], phase, frames, kbps]);
  return { hash, key: `render-cache/hd-dvd/${hash.slice(0, 2)}/${hash}.m2v`, phase, frames, kbps };
}

/** The disc's sound, AC-3 from the same levelled mix as the HD and web sound (made by the sound job beside them). */
export const dvdAudioKey = (audioHash: string): string => `render-cache/hd-dvd/audio/${audioHash}.ac3`;
export const dvdAudioHash = (audioHash: string): string => sha(['dvd', audioHash]);
export const DVD_AUDIO_BITRATE = `${AUDIO_KBPS}k`;
