import { FPS, type Segment, type Visual } from '../plan/types.ts';
import { workMove, type WorkImage } from './geometry.ts';
import { dvdFilter, dvdVideoArgs, type DvdPiece } from './dvd-pieces.ts';
import { WEB, type Profile } from './profiles.ts';

/** A picture drawn on top of the frame at a fixed place (a caption, titles) or drifting (light leak, bokeh). */
export interface ImageLayer {
  file: string;
  x: number;
  y: number;
  /** Pixels per frame of the visual's clock. */
  dx?: number;
  dy?: number;
  /** Fades in over `frames` from frame `start` of the visual's clock: transparent before, opaque after. */
  fadeIn?: { start: number; frames: number } | null;
}

/** The files one visual needs, drawn and resolved by the segment service. */
export interface VisualLayers {
  visual: Visual;
  /** The still the motion (or stillness) is taken from: photo, text and theme scenes, as packed RGB (stillInput). */
  still: { file: string; work: WorkImage } | null;
  /** A video clip: its file, played from `start` seconds on its own background. */
  clip: { file: string; start: number; angle: number; background: { file: string } | { colour: string } | 'blur' } | null;
  images: ImageLayer[];
  grain: boolean;
}

/**
 * A program whose output ffmpeg reads as one of its inputs (`pipe:fd`): the kenburns program, which draws a moving
 * still's frames. `program` is resolved to the built file by the code that runs the command.
 */
export interface Feed {
  program: 'kenburns';
  args: string[];
  /** The descriptor ffmpeg reads it from: 3 for the first feed, then 4... */
  fd: number;
}

/** One ffmpeg run and the programs that feed it. */
export interface SegmentCommand {
  args: string[];
  feeds: Feed[];
}

/** ffmpeg's input arguments for a drawn still: packed 8-bit RGB at the work image's size, no header to parse. */
export function stillInput(file: string, work: WorkImage): string[] {
  return ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${work.width}x${work.height}`, '-framerate', String(FPS), '-i', file];
}

interface Built {
  inputs: string[];
  filters: string[];
  feeds: Feed[];
  /** The last stage drawn: the benchmark cuts the graph after a stage to see what each one costs. */
  upTo: Stage;
}

/**
 * The stages of a segment in the order ffmpeg runs them: the pictures read and scaled once (a clip is read, fitted
 * and laid on its background here too), the Ken Burns motion, the pictures laid over it (captions, titles, overlay art), the film
 * grain, the transition into the next visual (which draws that visual's first frames too), the encode, the web
 * video's encode from the same frames, and the DVD's.
 */
export const STAGES = ['decode', 'motion', 'overlays', 'grain', 'transition', 'encode', 'web', 'dvd'] as const;
export type Stage = (typeof STAGES)[number];
const reaches = (built: Built, stage: Stage): boolean => STAGES.indexOf(built.upTo) >= STAGES.indexOf(stage);

const BT709_SCALE = 'out_color_matrix=bt709:out_range=tv';

/**
 * The filter chain of one visual for `frames` frames of its clock from `first`, ending in [label], in the
 * output size, yuv420p, 30 fps with timestamps counted in frames.
 */
function chain(layers: VisualLayers, first: number, frames: number, profile: Profile, label: string, built: Built): void {
  const { width: W, height: H } = profile;
  const input = (args: string[]): number => {
    built.inputs.push(...args);
    return built.inputs.filter((a) => a === '-i').length - 1;
  };
  const clock = `settb=1/${FPS},setpts=N`;
  let current: string;
  if (layers.clip) {
    const { clip } = layers;
    const idx = input(['-ss', (clip.start + first / FPS).toFixed(4), '-t', ((frames + 2) / FPS).toFixed(4), '-i', clip.file]);
    const turn = { 90: 'transpose=clock,', 180: 'hflip,vflip,', 270: 'transpose=cclock,' }[((clip.angle % 360) + 360) % 360] ?? '';
    const fit = `${turn}scale=${W}:${H}:force_original_aspect_ratio=decrease:in_color_matrix=auto:${BT709_SCALE},setsar=1`;
    const background = clip.background;
    if (background === 'blur') {
      built.filters.push(`[${idx}:v]fps=${FPS},${fit},format=yuv420p,split[${label}f][${label}s]`);
      built.filters.push(`[${label}s]scale=64:36,boxblur=4:2,scale=${W}:${H},eq=brightness=-0.12,setsar=1[${label}b]`);
    } else {
      built.filters.push(`[${idx}:v]fps=${FPS},${fit},format=yuv420p[${label}f]`);
      const source = 'file' in background
        ? `[${input(['-framerate', String(FPS), '-i', background.file])}:v]scale=${W}:${H}:${BT709_SCALE},format=yuv420p,setsar=1,loop=loop=-1:size=1:start=0`
        : `color=c=${background.colour}:s=${W}x${H}:r=${FPS},format=yuv420p,setsar=1`;
      built.filters.push(`${source}[${label}b]`);
    }
    // A clip shorter than its time holds its last picture.
    built.filters.push(
      `[${label}b][${label}f]overlay=x=(W-w)/2:y=(H-h)/2:eof_action=repeat:shortest=0,tpad=stop_mode=clone:stop=${frames},trim=end_frame=${frames},${clock}[${label}m]`,
    );
    current = `${label}m`;
  } else {
    if (!layers.still) throw new Error(`A ${layers.visual.kind} visual needs a picture or a clip`);
    const { file, work } = layers.still;
    if (reaches(built, 'motion') && layers.visual.motion) {
      // ffmpeg's perspective filter counted its frames from 1, so each frame showed the rectangle of the next frame
      // of the visual's clock; the move keeps that timing, and with it every frame of render-2's picture.
      const m = workMove(layers.visual, work, first + 1);
      const fd = 3 + built.feeds.length;
      built.feeds.push({ program: 'kenburns', fd, args: [file, work.width, work.height, W, H, frames, m.x, m.y, m.w, m.h, m.dx, m.dy, m.dw, m.dh].map(String) });
      const idx = input(['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-framerate', String(FPS), '-i', `pipe:${fd}`]);
      built.filters.push(`[${idx}:v]setsar=1,${clock}[${label}m]`);
    } else {
      const idx = input(stillInput(file, work));
      const size = reaches(built, 'motion') ? `${W}:${H}` : `${work.width}:${work.height}`;
      built.filters.push(
        `[${idx}:v]scale=${size}:${BT709_SCALE},format=yuv420p,setsar=1,loop=loop=${frames - 1}:size=1:start=0,${clock}[${label}m]`,
      );
    }
    current = `${label}m`;
  }
  if (reaches(built, 'overlays')) layers.images.forEach((image, i) => {
    const idx = input(['-framerate', String(FPS), '-i', image.file]);
    // A fading picture becomes a stream timed on the visual's clock, faded, then counted from this segment's start.
    const fade = image.fadeIn;
    const fadeIn = fade && fade.frames > 0 && first < fade.start + fade.frames
      ? `,loop=loop=${frames - 1}:size=1:start=0,settb=1/${FPS},setpts=N+${first},fade=t=in:st=${(fade.start / FPS).toFixed(6)}:d=${(fade.frames / FPS).toFixed(6)}:alpha=1,setpts=N`
      : '';
    const x = image.dx ? `'${image.x.toFixed(3)}+${image.dx.toFixed(5)}*(n+${first})'` : String(Math.round(image.x));
    const y = image.dy ? `'${image.y.toFixed(3)}+${image.dy.toFixed(5)}*(n+${first})'` : String(Math.round(image.y));
    built.filters.push(`[${idx}:v]format=yuva420p${fadeIn}[${label}i${i}]`);
    built.filters.push(`[${current}][${label}i${i}]overlay=x=${x}:y=${y}:format=yuv420:eof_action=repeat:eval=frame,${clock}[${label}o${i}]`);
    current = `${label}o${i}`;
  });
  if (layers.grain && reaches(built, 'grain')) {
    built.filters.push(`[${current}]noise=c0s=9:c0f=t+u:all_seed=${4242 + first},${clock}[${label}g]`);
    current = `${label}g`;
  }
  // Every chain ends square-pixelled: a scale between near-equal shapes would otherwise leave a stray aspect ratio.
  built.filters.push(`[${current}]setsar=1[${label}]`);
}

/**
 * Where a segment is written: the profile's file, and for HD the web video's piece and the NTSC DVD's piece made
 * from the same frames.
 */
export interface SegmentOutputs {
  file: string;
  web?: string;
  dvd?: { file: string; piece: DvdPiece };
}

/**
 * ffmpeg arguments for one segment: its visual from `segment.offset` for `segment.frames` frames, the last
 * frames blending into the next visual's first frames with the segment's transition. Video only. With `web`
 * (and `dvd`), the same frames are also scaled to the web video's size (and the disc's) and encoded alongside: the
 * web video and the disc are then joins of these pieces, never a second decode of the finished HD file.
 */
export function segmentArgs(segment: Segment, layers: VisualLayers, next: VisualLayers | null, profile: Profile, outputs: SegmentOutputs): SegmentCommand {
  return graphArgs(segment, layers, next, profile, outputs.dvd ? 'dvd' : outputs.web ? 'web' : 'encode', outputs);
}

/**
 * The segment's graph up to `stage` (inclusive), its frames thrown away before the encode: the benchmark times each
 * stage as the difference between two of these.
 */
export function stageArgs(segment: Segment, layers: VisualLayers, next: VisualLayers | null, profile: Profile, stage: Stage, outputs: SegmentOutputs): SegmentCommand {
  return graphArgs(segment, layers, next, profile, stage, outputs);
}

function graphArgs(segment: Segment, layers: VisualLayers, next: VisualLayers | null, profile: Profile, upTo: Stage, outputs: SegmentOutputs): SegmentCommand {
  const built: Built = { inputs: [], filters: [], feeds: [], upTo };
  chain(layers, segment.offset, segment.frames, profile, 'a', built);
  let out = 'a';
  if (segment.transition && next && reaches(built, 'transition')) {
    const t = segment.transition.frames;
    chain(next, 0, t, profile, 'b', built);
    built.filters.push(
      `[a][b]xfade=transition=${segment.transition.name}:duration=${(t / FPS).toFixed(4)}:offset=${((segment.frames - t) / FPS).toFixed(4)},${`settb=1/${FPS},setpts=N`}[x]`,
    );
    out = 'x';
  }
  const timing = ['-frames:v', String(segment.frames), '-r', String(FPS), '-fps_mode', 'cfr', '-an'];
  const web = reaches(built, 'web') && outputs.web;
  const dvd = reaches(built, 'dvd') && outputs.dvd;
  const copies = ['hd', ...(web ? ['w'] : []), ...(dvd ? ['d'] : [])];
  if (copies.length > 1) built.filters.push(`[${out}]split=${copies.length}${copies.map((c) => `[${c}]`).join('')}`);
  if (web) built.filters.push(`[w]scale=${WEB.width}:${WEB.height}:flags=bicubic,setsar=1[web]`);
  if (dvd) built.filters.push(dvdFilter(dvd.piece.phase, 'd', 'dvd'));
  const main = copies.length > 1 ? 'hd' : out;
  const args = [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    ...built.inputs,
    '-filter_complex', built.filters.join(';'),
    '-map', `[${main}]`, ...timing,
    ...(reaches(built, 'encode') ? [...profile.video, ...profile.container, outputs.file] : ['-f', 'null', '-']),
    ...(web ? ['-map', '[web]', ...timing, ...WEB.video, ...WEB.container, web] : []),
    ...(dvd ? ['-map', '[dvd]', '-frames:v', String(dvd.piece.frames), '-r', '30000/1001', '-fps_mode', 'cfr', '-an', ...dvdVideoArgs(dvd.piece.kbps), dvd.file] : []),
  ];
  return { args, feeds: built.feeds };
}
