/**
 * The stock video clips (spec 2 "Stock video dialog"): short, quiet backgrounds that ffmpeg draws from its own
 * sources (lavfi), so the product ships them without footage of anyone else's. Each clip is drawn small (480x270,
 * where ffmpeg's per-pixel filters are cheap), eased out of its own blur by the upscale to 1920x1080, and encoded
 * once; the library caches the files by STOCK_CLIP_VERSION. This module is pure: it only builds the filter graphs.
 */

/** Bump whenever a recipe or the encoding changes: cached clips of another version are never read. */
export const STOCK_CLIP_VERSION = 1;
export const STOCK_CLIP_SECONDS = 8;
export const STOCK_CLIP_FPS = 30;
const W = 480;
const H = 270;

type Rgb = [number, number, number];

/** A field of slow waves (skies, water, silk, candle glow), coloured between a dark and a light colour. */
interface FieldRecipe {
  kind: 'field';
  /** geq luminance expression over X, Y, T on the 480x270 canvas, 0..255. */
  lum: string;
  dark: Rgb;
  light: Rgb;
  blur: number;
}

/** Soft discs drifting over a slowly turning gradient (bokeh, particles, snow, fireflies). */
interface SpritesRecipe {
  kind: 'sprites';
  colours: [string, string];
  count: number;
  /** Disc size range in pixels of the 480x270 canvas. */
  size: [number, number];
  /** Pixels a second: x drift and y drift (negative rises). */
  drift: [number, number];
  /** Wobble amplitude in pixels (fireflies, petals). */
  wobble: number;
  tint: Rgb;
  opacity: [number, number];
  /** Twinkle: opacity follows a sine of this many cycles a second (0: steady). */
  twinkle: number;
  seed: number;
}

export interface StockClipSeed {
  /** Stable name of the recipe (stock_videos.generator). */
  key: string;
  title: string;
  tags: string;
  recipe: FieldRecipe | SpritesRecipe;
}

const field = (lum: string, dark: Rgb, light: Rgb, blur = 4): FieldRecipe => ({ kind: 'field', lum, dark, light, blur });

const CLOUDS = (speed: number) => `128+55*sin(X/41+T*${speed})*sin(Y/29-T*${speed * 0.7})+45*sin((X+2*Y)/67+T*${speed * 0.5})`;
const WAVES = (speed: number) => `128+70*sin(Y/6+3*sin(X/53+T*${speed * 0.4})+T*${speed})*(0.4+Y/${H * 1.7})`;
const RIPPLES = `128+90*sin(hypot(X-${W / 2},(Y-${H / 2})*1.6)/7-T*2.2)*exp(-hypot(X-${W / 2},Y-${H / 2})/260)`;
const FLAME = (x: number, phase: number) =>
  `255*exp(-(pow(X-${x}-2.5*sin(T*5.3+${phase}),2)/(90*(1+0.15*sin(T*11+${phase})))+pow(Y-150+18*(1+0.1*sin(T*7+${phase})),2)/900))`;
const GLOW = `200*exp(-(pow(X-${W / 2},2)+pow(Y-${H * 0.62},2))/(9000*(1+0.12*sin(T*6.1)+0.06*sin(T*13.7))))+20`;
const RAYS = `110+70*pow(abs(sin(atan2(X-${W / 2},Y+60)*9+0.25*sin(T*0.8))),6)*(1-Y/${H * 1.3})+40*(1-Y/${H})`;
const AURORA = `30+170*exp(-pow(Y-90-30*sin(X/57+T*0.5)-12*sin(X/19-T*0.9),2)/500)*(0.6+0.4*sin(X/23+T*0.7))`;

const sprites = (r: Omit<SpritesRecipe, 'kind'>): SpritesRecipe => ({ kind: 'sprites', ...r });

export const STOCK_CLIPS: StockClipSeed[] = [
  { key: 'sky-drifting-clouds', title: 'Drifting Clouds', tags: 'sky clouds blue heaven peaceful calm', recipe: field(CLOUDS(0.35), [110, 150, 205], [246, 250, 255], 6) },
  { key: 'sky-dawn', title: 'Dawn Sky', tags: 'sky dawn morning sunrise warm clouds light', recipe: field(CLOUDS(0.25), [235, 150, 120], [255, 236, 205], 6) },
  { key: 'sky-sunset', title: 'Sunset Glow', tags: 'sky sunset evening pink warm clouds', recipe: field(CLOUDS(0.3), [125, 95, 150], [250, 190, 150], 6) },
  { key: 'sky-lavender', title: 'Lavender Sky', tags: 'sky clouds purple lilac soft evening', recipe: field(CLOUDS(0.2), [120, 105, 160], [230, 222, 245], 7) },
  { key: 'sky-aurora', title: 'Northern Lights', tags: 'sky night aurora lights green stars', recipe: field(AURORA, [8, 20, 40], [120, 255, 190], 3) },
  { key: 'light-rays', title: 'Rays of Light', tags: 'light rays heaven sky faith gold glow', recipe: field(RAYS, [120, 105, 80], [255, 244, 210], 3) },
  { key: 'candle-flame', title: 'Candle Flame', tags: 'candle flame light memorial warm glow night', recipe: field(FLAME(W / 2, 0), [12, 6, 2], [255, 196, 110], 2) },
  { key: 'candle-three', title: 'Three Candles', tags: 'candle candles flame memorial warm light', recipe: field(`${FLAME(150, 0)}+${FLAME(240, 2)}+${FLAME(330, 4)}`, [10, 5, 2], [255, 190, 100], 2) },
  { key: 'candle-glow', title: 'Warm Glow', tags: 'candle glow warm light evening gold', recipe: field(GLOW, [20, 10, 4], [255, 180, 90], 4) },
  { key: 'water-waves', title: 'Gentle Waves', tags: 'water sea ocean waves blue calm', recipe: field(WAVES(1.6), [20, 70, 110], [170, 220, 235], 2) },
  { key: 'water-ripples', title: 'Ripples', tags: 'water ripples pond calm blue reflection', recipe: field(RIPPLES, [30, 80, 100], [180, 225, 230], 2) },
  { key: 'water-dusk', title: 'Lake at Dusk', tags: 'water lake evening dusk calm purple reflection', recipe: field(WAVES(0.9), [40, 40, 80], [240, 170, 140], 3) },
  { key: 'silk-ivory', title: 'Ivory Silk', tags: 'silk fabric ivory soft classic paper linen', recipe: field(CLOUDS(0.15), [205, 190, 165], [250, 246, 236], 8) },
  {
    key: 'bokeh-gold', title: 'Golden Bokeh', tags: 'bokeh gold warm lights glow candle',
    recipe: sprites({ colours: ['0x2a1d14', '0x5a3b22'], count: 18, size: [30, 90], drift: [4, -2], wobble: 6, tint: [255, 205, 130], opacity: [0.25, 0.6], twinkle: 0, seed: 3 }),
  },
  {
    key: 'bokeh-blue', title: 'Twilight Bokeh', tags: 'bokeh blue night evening lights',
    recipe: sprites({ colours: ['0x10162a', '0x27324a'], count: 18, size: [30, 90], drift: [-4, 1], wobble: 6, tint: [170, 190, 255], opacity: [0.25, 0.55], twinkle: 0, seed: 9 }),
  },
  {
    key: 'bokeh-rose', title: 'Rose Bokeh', tags: 'bokeh pink rose soft lights feminine',
    recipe: sprites({ colours: ['0x3a2026', '0x7a4652'], count: 16, size: [36, 96], drift: [3, -3], wobble: 8, tint: [255, 190, 200], opacity: [0.25, 0.55], twinkle: 0, seed: 21 }),
  },
  {
    key: 'particles-snow', title: 'Falling Snow', tags: 'particles snow winter white night peaceful',
    recipe: sprites({ colours: ['0x1b2533', '0x3d4d63'], count: 40, size: [5, 14], drift: [6, 28], wobble: 10, tint: [255, 255, 255], opacity: [0.5, 0.95], twinkle: 0, seed: 5 }),
  },
  {
    key: 'particles-dust', title: 'Golden Dust', tags: 'particles gold dust light warm rising',
    recipe: sprites({ colours: ['0x1d140c', '0x3b2a18'], count: 36, size: [4, 12], drift: [3, -14], wobble: 8, tint: [255, 215, 140], opacity: [0.35, 0.9], twinkle: 0.6, seed: 7 }),
  },
  {
    key: 'particles-fireflies', title: 'Fireflies', tags: 'particles fireflies night garden green lights nature',
    recipe: sprites({ colours: ['0x07140c', '0x173222'], count: 24, size: [6, 16], drift: [2, -3], wobble: 18, tint: [220, 255, 150], opacity: [0.3, 1], twinkle: 0.8, seed: 11 }),
  },
  {
    key: 'particles-stars', title: 'Starry Night', tags: 'particles stars night sky navy twinkle',
    recipe: sprites({ colours: ['0x070b18', '0x1a2340'], count: 40, size: [3, 8], drift: [1.5, 0], wobble: 0, tint: [255, 250, 230], opacity: [0.3, 1], twinkle: 0.5, seed: 17 }),
  },
  {
    key: 'particles-lanterns', title: 'Floating Lanterns', tags: 'particles lanterns lights rising evening warm memorial',
    recipe: sprites({ colours: ['0x1a1230', '0x4a2f45'], count: 14, size: [10, 22], drift: [2, -16], wobble: 6, tint: [255, 170, 80], opacity: [0.6, 0.95], twinkle: 0.3, seed: 13 }),
  },
];

/** A small deterministic generator, so a recipe draws the same clip on every machine. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const n = (v: number): string => (Math.round(v * 1000) / 1000).toString();
const lut = (channel: 0 | 1 | 2, dark: Rgb, light: Rgb) => `${n(dark[channel])}+val*${n((light[channel] - dark[channel]) / 255)}`;

/** The filter graph drawing one clip at 480x270; the caller adds the upscale and encoding. Output label [clip]. */
export function clipGraph(recipe: StockClipSeed['recipe']): string {
  const d = STOCK_CLIP_SECONDS;
  const r = STOCK_CLIP_FPS;
  if (recipe.kind === 'field') {
    const { dark, light } = recipe;
    // Fields are drawn at half the canvas (a quarter of geq's per-pixel work) in the canvas's own coordinates.
    const lum = recipe.lum.replace(/\bX\b/g, '(2*X)').replace(/\bY\b/g, '(2*Y)');
    return (
      `nullsrc=s=${W / 2}x${H / 2}:r=${r}:d=${d},format=gray,geq=lum='clip(${lum},0,255)',format=rgb24,` +
      `lutrgb=r='${lut(0, dark, light)}':g='${lut(1, dark, light)}':b='${lut(2, dark, light)}',gblur=sigma=${n(recipe.blur / 2)}[clip]`
    );
  }
  const rand = random(recipe.seed);
  const parts = [`gradients=s=${W}x${H}:r=${r}:d=${d}:c0=${recipe.colours[0]}:c1=${recipe.colours[1]}:n=2:speed=0.002:seed=${recipe.seed},format=rgba[bg0]`];
  const [tr, tg, tb] = recipe.tint;
  parts.push(`nullsrc=s=64x64:r=${r}:d=${d},format=rgba,geq=r=${tr}:g=${tg}:b=${tb}:a='255*exp(-(pow(X-32,2)+pow(Y-32,2))/260)',split=${recipe.count}${Array.from({ length: recipe.count }, (_, i) => `[s${i}]`).join('')}`);
  for (let i = 0; i < recipe.count; i++) {
    const size = Math.round(recipe.size[0] + rand() * (recipe.size[1] - recipe.size[0]));
    const alpha = recipe.opacity[0] + rand() * (recipe.opacity[1] - recipe.opacity[0]);
    const x0 = rand() * (W + size);
    const y0 = rand() * (H + size);
    const speed = 0.6 + rand() * 0.8;
    const phase = rand() * 6.28;
    const twinkle = recipe.twinkle ? `*(0.55+0.45*sin(T*${n(recipe.twinkle * 6.28)}+${n(phase)}))` : '';
    parts.push(`[s${i}]scale=${size}:${size},geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*${n(alpha)}${twinkle}'[p${i}]`);
    // Positions wrap around the frame (plus the disc's size), so the drift never empties the picture.
    const x = `mod(${n(x0)}+t*${n(recipe.drift[0] * speed)}+${n(recipe.wobble)}*sin(t*${n(0.5 + speed * 0.4)}+${n(phase)}),${W + size})-${size}`;
    const y = `mod(${n(y0)}+t*${n(recipe.drift[1] * speed)}+${n(H * 8 + size)},${H + size})-${size}`;
    parts.push(`[bg${i}][p${i}]overlay=x='${x}':y='${y}':eval=frame[bg${i + 1}]`);
  }
  parts.push(`[bg${recipe.count}]format=rgb24[clip]`);
  return parts.join(';');
}

/** ffmpeg arguments that write the 1920x1080 clip to `out` (H.264, no sound, small: the picture is soft). */
export function clipArgs(recipe: StockClipSeed['recipe'], out: string): string[] {
  return [
    '-v', 'error', '-y',
    '-filter_complex', `${clipGraph(recipe)};[clip]scale=1920:1080:flags=bicubic,format=yuv420p[out]`,
    '-map', '[out]', '-t', String(STOCK_CLIP_SECONDS), '-r', String(STOCK_CLIP_FPS),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-movflags', '+faststart', out,
  ];
}

/**
 * The tile's still (534x300, shown at 267x150) and its hover preview (the same size, a few hundred KB at most). The
 * still is the frame at `stillAt` seconds: 3 for the drawn clips; an uploaded clip may be shorter than that.
 */
export function tileArgs(clip: string, thumb: string, preview: string, stillAt = 3): string[][] {
  return [
    ['-v', 'error', '-y', '-ss', String(stillAt), '-i', clip, '-frames:v', '1', '-vf', 'scale=534:300', '-q:v', '4', thumb],
    ['-v', 'error', '-y', '-i', clip, '-vf', 'scale=534:300,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-an', '-movflags', '+faststart', preview],
  ];
}
