/**
 * The reference of the benchmark's picture check: the segment graph as render-2 drew it (supersampled Ken Burns,
 * x264 veryfast CRF 20), kept here unchanged so every faster engine is compared with the same pictures. It reads
 * the layers the engine draws today; only what it used then is looked at.
 */
import { HD, type Profile } from '../../../server/src/render/compile/profiles.ts';
import { stillInput, type VisualLayers } from '../../../server/src/render/compile/segment-graph.ts';
import { workMove, type WorkImage } from '../../../server/src/render/compile/geometry.ts';
import { FPS, type Segment, type Visual } from '../../../server/src/render/plan/types.ts';

interface Built {
  inputs: string[];
  filters: string[];
}

const BT709_SCALE = 'out_color_matrix=bt709:out_range=tv';

const num = (n: number): string => (Math.abs(n) < 1e-9 ? '0' : n.toFixed(6).replace(/\.?0+$/, ''));

/** render-2's motion: ffmpeg's perspective filter at the work image's size, each corner a straight line in `in`. */
function perspectiveFilter(visual: Visual, work: WorkImage, first: number): string {
  const m = workMove(visual, work, first);
  const line = (start: number, step: number) => `'${num(start)}+${num(step)}*in'`;
  const corners = [
    ['x0', line(m.x, m.dx)], ['y0', line(m.y, m.dy)],
    ['x1', line(m.x + m.w, m.dx + m.dw)], ['y1', line(m.y, m.dy)],
    ['x2', line(m.x, m.dx)], ['y2', line(m.y + m.h, m.dy + m.dh)],
    ['x3', line(m.x + m.w, m.dx + m.dw)], ['y3', line(m.y + m.h, m.dy + m.dh)],
  ];
  return `perspective=${corners.map(([k, v]) => `${k}=${v}`).join(':')}:interpolation=linear:eval=frame`;
}

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
    const idx = input(stillInput(file, work));
    const motion = layers.visual.motion ? `,${perspectiveFilter(layers.visual, work, first)}` : '';
    const down = work.width !== W || work.height !== H ? `,scale=${W}:${H}:flags=bicubic` : '';
    built.filters.push(
      `[${idx}:v]scale=${work.width}:${work.height}:${BT709_SCALE},format=yuv420p,setsar=1,loop=loop=${frames - 1}:size=1:start=0,${clock}${motion}${down}[${label}m]`,
    );
    current = `${label}m`;
  }
  layers.images.forEach((image, i) => {
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
  if (layers.grain) {
    built.filters.push(`[${current}]noise=c0s=9:c0f=t+u:all_seed=${4242 + first},${clock}[${label}g]`);
    current = `${label}g`;
  }
  // Every chain ends square-pixelled: a scale between near-equal shapes would otherwise leave a stray aspect ratio.
  built.filters.push(`[${current}]setsar=1[${label}]`);
}

/**
 * ffmpeg arguments for one segment: its visual from `segment.offset` for `segment.frames` frames, the last
 * frames blending into the next visual's first frames with the segment's transition. Video only.
 */
/** HD's video settings of render-2. */
const REFERENCE_VIDEO = [
  '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high', '-level:v', '4.0', '-pix_fmt', 'yuv420p',
  '-maxrate', '12M', '-bufsize', '24M', '-g', '60', '-keyint_min', '30', '-sc_threshold', '0',
  '-x264-params', 'colorprim=bt709:transfer=bt709:colormatrix=bt709',
  '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv',
];

/**
 * `frames`: the luma of the frames before the encode, as raw 8-bit grey, instead of the encoded file (the picture
 * check compares the graphs' frames as well as their encodes).
 */
export function referenceArgs(segment: Segment, layers: VisualLayers, next: VisualLayers | null, output: string, profile: Profile = HD, frames = false): string[] {
  const built: Built = { inputs: [], filters: [] };
  chain(layers, segment.offset, segment.frames, profile, 'a', built);
  let out = 'a';
  if (segment.transition && next) {
    const t = segment.transition.frames;
    chain(next, 0, t, profile, 'b', built);
    built.filters.push(
      `[a][b]xfade=transition=${segment.transition.name}:duration=${(t / FPS).toFixed(4)}:offset=${((segment.frames - t) / FPS).toFixed(4)},${`settb=1/${FPS},setpts=N`}[x]`,
    );
    out = 'x';
  }
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-y',
    ...built.inputs,
    '-filter_complex', built.filters.join(';'),
    '-map', `[${out}]`, '-frames:v', String(segment.frames), '-r', String(FPS), '-fps_mode', 'cfr',
    ...(frames ? ['-pix_fmt', 'gray', '-f', 'rawvideo'] : [...REFERENCE_VIDEO, '-an', '-f', 'mp4']), output,
  ];
}
