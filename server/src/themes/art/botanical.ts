import {
  centreVeil, fullRect, grainFilter, grainLayer, lighten, n, random, sceneSeed, svgDocument, vignette,
  type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Botanical line art: stems that wander as they grow, leaves set alternately along them with a midrib, and
 * small five- or six-petalled flowers at the tips, inked in one colour with a light wash, as in a herbarium plate.
 */

interface Spray {
  x: number;
  y: number;
  /** Radians; 0 points right, -PI/2 up. */
  heading: number;
  length: number;
  scale: number;
}

interface Ink {
  line: string;
  leaf: string;
  petal: string;
  opacity: number;
}

/** Each scene places its sprays so the centre stays open. */
function spraysFor(scene: Scene, rnd: Random): Spray[] {
  const j = (v: number, by: number): number => v + rnd.range(-by, by);
  switch (scene) {
    case 'background':
      return [
        { x: j(20, 20), y: 740, heading: j(-1.15, 0.1), length: 300, scale: 0.85 },
        { x: j(1260, 20), y: -20, heading: j(2.0, 0.1), length: 300, scale: 0.85 },
      ];
    case 'intro':
      // Along the lower left and upper right edges, curling round the frame rather than into the words.
      return [
        { x: j(-10, 20), y: 730, heading: j(-0.55, 0.08), length: 520, scale: 1.1 },
        { x: j(-10, 10), y: j(560, 30), heading: j(-1.25, 0.08), length: 300, scale: 0.85 },
        { x: j(1290, 20), y: -10, heading: j(2.6, 0.08), length: 500, scale: 1.05 },
        { x: j(1290, 10), y: j(150, 30), heading: j(1.9, 0.08), length: 280, scale: 0.8 },
      ];
    case 'outro':
      return [
        { x: j(1290, 10), y: 740, heading: j(-2.05, 0.08), length: 440, scale: 1.05 },
        { x: j(1140, 30), y: 740, heading: j(-1.65, 0.1), length: 240, scale: 0.8 },
        { x: j(-10, 10), y: -20, heading: j(1.0, 0.1), length: 360, scale: 0.9 },
      ];
    case 'dvd':
      return [
        { x: j(-10, 10), y: 740, heading: j(-1.2, 0.08), length: 560, scale: 1.15 },
        { x: j(120, 20), y: 740, heading: j(-1.45, 0.08), length: 330, scale: 0.9 },
        { x: j(-20, 10), y: j(420, 30), heading: j(-0.55, 0.1), length: 260, scale: 0.8 },
      ];
  }
}

function leaf(x: number, y: number, angle: number, length: number, ink: Ink, rnd: Random): string {
  const w = length * rnd.range(0.28, 0.36);
  const deg = (angle * 180) / Math.PI;
  const shape = `M0,0 C${n(length * 0.25)},${n(-w)} ${n(length * 0.7)},${n(-w * 0.8)} ${n(length)},0 C${n(length * 0.7)},${n(w * 0.8)} ${n(length * 0.25)},${n(w)} 0,0Z`;
  const veins = [0.3, 0.5, 0.7]
    .map((t) => `M${n(length * t)},0 L${n(length * (t + 0.14))},${n(-w * 0.55)} M${n(length * t)},0 L${n(length * (t + 0.14))},${n(w * 0.55)}`)
    .join(' ');
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(deg)})"><path d="${shape}" fill="${ink.leaf}" fill-opacity="0.32" stroke="${ink.line}" stroke-width="1.6"/><path d="M0,0 L${n(length * 0.92)},0 ${veins}" fill="none" stroke="${ink.line}" stroke-width="0.8" stroke-opacity="0.8"/></g>`;
}

function flower(x: number, y: number, size: number, ink: Ink, rnd: Random): string {
  const petals = rnd.pick([5, 5, 6]);
  const turn = rnd.range(0, 360);
  const shapes = Array.from({ length: petals }, (_, i) => {
    const deg = turn + (i * 360) / petals;
    return `<path d="M0,0 C${n(size * 0.3)},${n(-size * 0.5)} ${n(size * 1.05)},${n(-size * 0.42)} ${n(size)},0 C${n(size * 1.05)},${n(size * 0.42)} ${n(size * 0.3)},${n(size * 0.5)} 0,0Z" transform="rotate(${n(deg)})"/>`;
  }).join('');
  const stamens = Array.from({ length: 7 }, () => {
    const a = rnd.range(0, Math.PI * 2);
    const r = size * rnd.range(0.12, 0.3);
    return `<circle cx="${n(Math.cos(a) * r)}" cy="${n(Math.sin(a) * r)}" r="${n(size * 0.045)}"/>`;
  }).join('');
  return `<g transform="translate(${n(x)} ${n(y)})"><g fill="${ink.petal}" fill-opacity="0.4" stroke="${ink.line}" stroke-width="1.3">${shapes}</g><g fill="${ink.line}">${stamens}</g></g>`;
}

function bud(x: number, y: number, angle: number, size: number, ink: Ink): string {
  const deg = (angle * 180) / Math.PI;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(deg)})"><path d="M0,0 C${n(size * 0.2)},${n(-size * 0.45)} ${n(size * 0.9)},${n(-size * 0.35)} ${n(size)},0 C${n(size * 0.9)},${n(size * 0.35)} ${n(size * 0.2)},${n(size * 0.45)} 0,0Z" fill="${ink.petal}" fill-opacity="0.45" stroke="${ink.line}" stroke-width="1.2"/><path d="M0,0 Q${n(size * 0.3)},${n(-size * 0.3)} ${n(size * 0.45)},${n(-size * 0.1)} M0,0 Q${n(size * 0.3)},${n(size * 0.3)} ${n(size * 0.45)},${n(size * 0.1)}" fill="none" stroke="${ink.line}" stroke-width="1"/></g>`;
}

/** One stem: a heading that drifts as it grows, leaves alternating sides, branches when depth allows. */
function stem(rnd: Random, s: Spray, ink: Ink, depth: number, out: string[]): void {
  const step = 10 * s.scale;
  const steps = Math.round(s.length / step);
  let { x, y, heading } = s;
  const curl = rnd.range(0.008, 0.02) * (rnd.next() < 0.5 ? 1 : -1);
  const points: [number, number][] = [[x, y]];
  const ornaments: string[] = [];
  let side = rnd.next() < 0.5 ? 1 : -1;
  for (let i = 1; i <= steps; i++) {
    heading += curl + rnd.range(-0.035, 0.035);
    x += Math.cos(heading) * step;
    y += Math.sin(heading) * step;
    points.push([x, y]);
    const t = i / steps;
    if (i > 3 && i % 4 === 0 && t < 0.94) {
      const size = (1 - t * 0.55) * 62 * s.scale * rnd.range(0.8, 1.1);
      ornaments.push(leaf(x, y, heading + side * rnd.range(0.6, 0.95), size, ink, rnd));
      side = -side;
    }
    if (depth > 0 && i % 11 === 6 && t < 0.75) {
      stem(rnd, { x, y, heading: heading + side * rnd.range(0.5, 0.8), length: s.length * rnd.range(0.3, 0.45), scale: s.scale * 0.8 }, ink, depth - 1, out);
    }
  }
  const d = points.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${n(px)},${n(py)}`).join('');
  out.push(`<path d="${d}" fill="none" stroke="${ink.line}" stroke-width="${n(2.2 * s.scale)}" stroke-linecap="round" stroke-linejoin="round"/>`);
  out.push(...ornaments);
  if (depth === 0 || rnd.next() < 0.6) out.push(flower(x, y, 34 * s.scale * rnd.range(0.85, 1.15), ink, rnd));
  else out.push(bud(x, y, heading, 30 * s.scale, ink));
}

export const drawBotanical: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light, mid, accent, deep] = art.palette;
  const ink: Ink = { line: deep, leaf: mid, petal: accent, opacity: scene === 'background' ? 0.55 : 0.9 };
  const drawn: string[] = [];
  for (const spray of spraysFor(scene, rnd)) stem(rnd, spray, ink, 2, drawn);
  const defs = [
    grainFilter('grain', art.seed, 0.8),
    `<filter id="ink" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" baseFrequency="0.05" numOctaves="2" seed="${art.seed % 991}" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="2.5" xChannelSelector="R" yChannelSelector="G"/></filter>`,
    centreVeil('veil', lighten(ground, 0.4), 0.55, 0.4, 0.42),
    vignette('vig', mid, 0.14),
    // Lines fade out before they reach the words in the middle of the frame.
    `<radialGradient id="clear" cx="50%" cy="50%" r="50%" gradientTransform="translate(0.5 0.5) scale(0.72 0.5) translate(-0.5 -0.5)"><stop offset="0.55" stop-color="#000"/><stop offset="1" stop-color="#fff"/></radialGradient><mask id="open"><rect width="100%" height="100%" fill="url(#clear)"/></mask>`,
    `<linearGradient id="tint" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${ground}" stop-opacity="0"/></linearGradient>`,
  ];
  const body = [
    fullRect(ground),
    fullRect('url(#tint)'),
    fullRect('url(#veil)'),
    `<g mask="url(#open)"><g filter="url(#ink)" opacity="${ink.opacity}">${drawn.join('')}</g></g>`,
    grainLayer('grain', 0.1),
    fullRect('url(#vig)'),
  ].join('');
  return svgDocument(defs.join(''), body);
};
