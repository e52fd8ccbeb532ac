import {
  fullRect, grainFilter, grainLayer, HEIGHT, lighten, mix, n, random, sceneSeed, svgDocument, vignette, WIDTH,
  type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Soft bokeh light: out-of-focus points of light, as candles or fairy lights seen through a long lens, in three
 * depths (far: large and very soft; middle: discs with the brighter rim a lens gives; near: small and clearer)
 * over a deep graded ground.
 */

interface Layer {
  count: number;
  radius: [number, number];
  opacity: [number, number];
  blur: number;
}

const LAYERS: Layer[] = [
  { count: 22, radius: [70, 150], opacity: [0.06, 0.14], blur: 22 },
  { count: 34, radius: [26, 62], opacity: [0.14, 0.32], blur: 3.5 },
  { count: 14, radius: [10, 26], opacity: [0.25, 0.5], blur: 1.2 },
];

/** How likely a light is kept at (x, y): each scene leaves its quiet part mostly dark. */
function keep(scene: Scene, x: number, y: number): number {
  const dx = (x - WIDTH / 2) / (WIDTH / 2);
  const dy = (y - HEIGHT / 2) / (HEIGHT / 2);
  switch (scene) {
    case 'background':
      return Math.min(1, Math.max(0.04, dx * dx + dy * dy - 0.35));
    case 'intro':
      // A band of light running up from lower left to upper right, thin across the middle.
      return Math.max(0.08, 1 - Math.abs(dy + dx * 0.55) * 0.9) * (Math.abs(dy) > 0.3 || Math.abs(dx) > 0.55 ? 1 : 0.25);
    case 'outro':
      return Math.max(0.05, (dy + 0.2) * 1.1);
    case 'dvd':
      return Math.max(0.05, (dx - dy) * 0.7 - 0.1);
  }
}

function place(rnd: Random, scene: Scene): [number, number] {
  for (let tries = 0; tries < 40; tries++) {
    const x = rnd.range(-60, WIDTH + 60);
    const y = rnd.range(-60, HEIGHT + 60);
    if (rnd.next() < keep(scene, x, y)) return [x, y];
  }
  return [rnd.range(-60, WIDTH + 60), rnd.pick([-40, HEIGHT + 40])];
}

/** A lens disc: even light with a slightly brighter rim and a soft falloff. */
function discGradient(id: string, colour: string): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/><stop offset="0.8" stop-color="${colour}" stop-opacity="0.7"/><stop offset="0.94" stop-color="${lighten(colour, 0.25)}" stop-opacity="1"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

export const drawBokeh: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light, mid, accent, deep] = art.palette;
  const lights = [accent, lighten(accent, 0.3), light, mix(light, accent, 0.6)];
  const glowX = scene === 'dvd' ? 0.8 : rnd.range(0.25, 0.75);
  const glowY = scene === 'outro' ? 0.85 : rnd.range(0.2, 0.45);
  const defs = [
    `<linearGradient id="ground" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${mix(deep, mid, 0.35)}"/><stop offset="0.6" stop-color="${deep}"/><stop offset="1" stop-color="${mix(deep, '#000000', 0.35)}"/></linearGradient>`,
    `<radialGradient id="glow" cx="${n(glowX)}" cy="${n(glowY)}" r="0.7"><stop offset="0" stop-color="${accent}" stop-opacity="${scene === 'background' ? 0.22 : 0.38}"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    ...lights.map((c, i) => discGradient(`d${i}`, c)),
    ...LAYERS.map((layer, i) => `<filter id="b${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${layer.blur}"/></filter>`),
    grainFilter('grain', art.seed, 0.85),
    vignette('vig', '#000000', scene === 'background' ? 0.5 : 0.4),
    `<radialGradient id="hush" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${deep}" stop-opacity="${scene === 'outro' ? 0.3 : 0.55}"/><stop offset="1" stop-color="${deep}" stop-opacity="0"/></radialGradient>`,
  ];
  const scale = scene === 'background' ? 0.75 : 1;
  const layers = LAYERS.map((layer, li) => {
    const circles = Array.from({ length: Math.round(layer.count * scale) }, () => {
      const [x, y] = place(rnd, scene);
      const r = rnd.range(...layer.radius);
      const fill = li === 0 ? rnd.pick(lights) : `url(#d${rnd.int(0, lights.length - 1)})`;
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" opacity="${n(rnd.range(...layer.opacity) * scale)}"/>`;
    }).join('');
    return `<g filter="url(#b${li})" style="mix-blend-mode:screen">${circles}</g>`;
  });
  const body = [
    fullRect(ground),
    fullRect('url(#ground)'),
    fullRect('url(#glow)'),
    fullRect('url(#hush)'),
    ...layers,
    grainLayer('grain', 0.06, 'overlay'),
    fullRect('url(#vig)'),
  ].join('');
  return svgDocument(defs.join(''), body);
};
