import {
  blobPoints, centreVeil, mix, n, fullRect, grainFilter, grainLayer, HEIGHT, lighten, random, sceneSeed, smoothClosedPath, svgDocument, vignette,
  WIDTH, type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Watercolour washes: translucent pigment blobs whose edges a turbulence field bends, with the darker rim
 * pigment leaves where a wash dries, over cold-pressed paper grain.
 */

interface Wash {
  x: number;
  y: number;
  r: number;
  colour: string;
  /** Wet-in-wet: a second pigment the first runs into across the wash. */
  bleed: string;
  opacity: number;
}

/** Where the washes gather: round the edges for the intro and outro, in one corner cluster for the DVD menu. */
function washes(rnd: Random, scene: Scene, palette: string[]): Wash[] {
  const inks = [palette[2], palette[3], mix(palette[3], palette[4], 0.5), mix(palette[2], palette[1], 0.4)];
  const result: Wash[] = [];
  const count = scene === 'background' ? 9 : 14;
  for (let i = 0; i < count; i++) {
    let x: number;
    let y: number;
    if (scene === 'dvd') {
      // Upper left and lower right, leaving the centre and the 4:3 middle for the menu.
      const corner = i % 2 === 0;
      x = corner ? rnd.range(-80, 360) : rnd.range(920, 1360);
      y = corner ? rnd.range(-80, 260) : rnd.range(460, 800);
    } else {
      // Spread evenly round the frame so no side is heavier than the other.
      const a = (i / count) * Math.PI * 2 + rnd.range(-0.25, 0.25);
      const reach = scene === 'background' ? rnd.range(0.75, 1.05) : rnd.range(0.85, 1.15);
      x = WIDTH / 2 + Math.cos(a) * (WIDTH / 2) * reach;
      y = HEIGHT / 2 + Math.sin(a) * (HEIGHT / 2) * reach;
    }
    const large = i < count / 2;
    result.push({
      x,
      y,
      r: large ? rnd.range(200, 320) : rnd.range(90, 170),
      colour: large ? inks[i % 2 === 0 ? 3 : 0] : inks[i % inks.length],
      bleed: inks[(i + 1 + rnd.int(0, 2)) % inks.length],
      opacity: (scene === 'background' ? 0.7 : 1) * (large ? rnd.range(0.16, 0.24) : rnd.range(0.22, 0.36)),
    });
  }
  // Broad pale washes first, smaller richer ones over them, as a painter would lay them.
  return result.sort((a, b) => b.r - a.r);
}

function washPath(rnd: Random, w: Wash): string {
  return smoothClosedPath(blobPoints(rnd, w.x, w.y, w.r, w.r * rnd.range(0.6, 0.9), 0.28, 11));
}

export const drawWatercolour: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light] = art.palette;
  const seed = art.seed % 997;
  const defs = [
    // Bent edges: a low-frequency field pushes each blob's outline around.
    `<filter id="bleed" x="-30%" y="-30%" width="160%" height="160%"><feTurbulence type="fractalNoise" baseFrequency="0.013" numOctaves="4" seed="${seed}" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="60" xChannelSelector="R" yChannelSelector="G" result="d"/><feGaussianBlur in="d" stdDeviation="2.2"/></filter>`,
    `<filter id="rim" x="-30%" y="-30%" width="160%" height="160%"><feTurbulence type="fractalNoise" baseFrequency="0.013" numOctaves="4" seed="${seed}" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="60" xChannelSelector="R" yChannelSelector="G" result="d"/><feGaussianBlur in="d" stdDeviation="1.2"/></filter>`,
    // Pigment collects unevenly inside a wash: a mottled mask thins some parts.
    `<filter id="mottle" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${seed + 3}"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 -1.3 1.15"/></filter>`,
    grainFilter('grain', art.seed, 0.75),
    centreVeil('veil', lighten(ground, 0.35), scene === 'background' ? 0.8 : 0.9, scene === 'dvd' ? 0.36 : 0.4, 0.42),
    vignette('vig', art.palette[4], 0.12),
  ];
  const list = washes(rnd, scene, art.palette).map((w) => ({ ...w, d: washPath(rnd, w) }));
  const gradients = list.map((w, i) => {
    const a = rnd.range(0, Math.PI * 2);
    const [x1, y1, x2, y2] = [0.5 - Math.cos(a) / 2, 0.5 - Math.sin(a) / 2, 0.5 + Math.cos(a) / 2, 0.5 + Math.sin(a) / 2].map(n);
    return `<linearGradient id="w${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${w.colour}" stop-opacity="${n(w.opacity * 1.25)}"/><stop offset="0.55" stop-color="${w.colour}" stop-opacity="${n(w.opacity * 0.75)}"/><stop offset="1" stop-color="${w.bleed}" stop-opacity="${n(w.opacity * 0.9)}"/></linearGradient>`;
  });
  const fills = list.map((w, i) => `<path d="${w.d}" fill="url(#w${i})"/>`).join('');
  // The same outline again as a thin stroke: the dried edge of each wash is a little darker than its middle.
  const rims = list
    .map((w) => `<path d="${w.d}" fill="none" stroke="${w.colour}" stroke-width="3" stroke-opacity="${(w.opacity * 0.9).toFixed(3)}"/>`)
    .join('');
  defs.push(...gradients);
  const body = [
    fullRect(ground),
    fullRect(light, ' opacity="0.35"'),
    `<g filter="url(#bleed)">${fills}</g>`,
    `<g filter="url(#rim)">${rims}</g>`,
    fullRect(lighten(ground, 0.5), ' filter="url(#mottle)" opacity="0.3"'),
    fullRect('url(#veil)'),
    grainLayer('grain', 0.1),
    fullRect('url(#vig)'),
  ].join('');
  return svgDocument(defs.join(''), body);
};
