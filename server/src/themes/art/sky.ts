import {
  fullRect, grainFilter, grainLayer, HEIGHT, lighten, mix, n, random, sceneSeed, svgDocument, WIDTH,
  type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Sky and clouds: a graded sky, a glow where the sun sits with soft rays from it, and cumulus clouds built from
 * overlapping puffs whose edges turbulence roughens, lit from above and shaded underneath.
 */

interface CloudPlan {
  x: number;
  y: number;
  width: number;
  height: number;
  opacity: number;
}

interface SkyPlan {
  sun: [number, number];
  rays: boolean;
  clouds: CloudPlan[];
}

function planFor(scene: Scene, rnd: Random): SkyPlan {
  const bank = (y: number, count: number, size: number, opacity: number): CloudPlan[] =>
    Array.from({ length: count }, (_, i) => ({
      x: ((i + rnd.range(0.1, 0.9)) / count) * (WIDTH + 300) - 150,
      y: y + rnd.range(-30, 30),
      width: size * rnd.range(0.8, 1.3),
      height: size * rnd.range(0.28, 0.4),
      opacity,
    }));
  switch (scene) {
    case 'background':
      return { sun: [rnd.range(300, 980), -40], rays: false, clouds: [...bank(110, 4, 240, 0.35), ...bank(700, 5, 320, 0.55)] };
    case 'intro':
      return { sun: [WIDTH / 2 + rnd.range(-120, 120), 250], rays: true, clouds: [...bank(150, 3, 240, 0.55), ...bank(640, 5, 380, 0.95), ...bank(720, 4, 420, 1)] };
    case 'outro':
      return { sun: [WIDTH / 2 + rnd.range(-80, 80), 620], rays: true, clouds: [...bank(160, 4, 260, 0.6), ...bank(700, 5, 400, 0.95)] };
    case 'dvd':
      return { sun: [980, 120], rays: true, clouds: [...bank(610, 5, 360, 0.95), ...bank(700, 4, 420, 1)] };
  }
}

/** One cumulus: puffs heaped into a dome over a flattish base, each lit on top and shaded underneath. */
function cloud(c: CloudPlan, rnd: Random, lit: string, shade: string): string {
  const puffs = Array.from({ length: 22 }, () => {
    const t = rnd.range(-0.5, 0.5);
    const dome = Math.cos(t * Math.PI);
    const r = c.height * rnd.range(0.3, 0.75) * (0.55 + dome * 0.6);
    return { x: c.x + t * c.width, y: c.y - rnd.range(0, 1) * dome * c.height * 0.9, r };
  }).sort((a, b) => b.y - a.y);
  const shadeCircles = puffs.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y + p.r * 0.22)}" r="${n(p.r)}"/>`).join('');
  const litCircles = puffs.map((p) => `<circle cx="${n(p.x - p.r * 0.08)}" cy="${n(p.y - p.r * 0.12)}" r="${n(p.r * 0.86)}"/>`).join('');
  // A blurred copy first: the mist round a real cloud, which keeps its edge from looking cut out.
  return `<g opacity="${n(c.opacity * 0.6)}" filter="url(#mist)" fill="${lit}">${litCircles}</g><g opacity="${n(c.opacity)}" filter="url(#fluff)"><g fill="${shade}">${shadeCircles}</g><g fill="${lit}" opacity="0.9">${litCircles}</g></g>`;
}

function rays(sun: [number, number], colour: string, rnd: Random): string {
  const wedges = Array.from({ length: 9 }, () => {
    const a = rnd.range(-Math.PI, Math.PI);
    const spread = rnd.range(0.03, 0.08);
    const reach = 1400;
    const p1 = [sun[0] + Math.cos(a - spread) * reach, sun[1] + Math.sin(a - spread) * reach];
    const p2 = [sun[0] + Math.cos(a + spread) * reach, sun[1] + Math.sin(a + spread) * reach];
    return `<path d="M${n(sun[0])},${n(sun[1])} L${n(p1[0])},${n(p1[1])} L${n(p2[0])},${n(p2[1])}Z" opacity="${n(rnd.range(0.05, 0.12))}"/>`;
  }).join('');
  return `<g fill="${colour}" filter="url(#rayblur)" style="mix-blend-mode:screen">${wedges}</g>`;
}

export const drawSky: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light, mid, accent, deep] = art.palette;
  const plan = planFor(scene, rnd);
  const [sx, sy] = plan.sun;
  // The fluff's region reaches past a cloud only as far as its displacement (15 px) and blur can carry it: the picture
  // is the same to the last bit as with a wider region, and each cloud costs librsvg about a third less.
  const defs = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(mid, deep, 0.45)}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="0.85" stop-color="${mix(mid, ground, 0.6)}"/><stop offset="1" stop-color="${mix(ground, accent, 0.4)}"/></linearGradient>`,
    `<radialGradient id="sun" gradientUnits="userSpaceOnUse" cx="${n(sx)}" cy="${n(sy)}" r="${scene === 'background' ? 520 : 640}"><stop offset="0" stop-color="${lighten(accent, 0.6)}" stop-opacity="0.95"/><stop offset="0.25" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<filter id="fluff" x="-10%" y="-25%" width="120%" height="150%"><feTurbulence type="fractalNoise" baseFrequency="0.028" numOctaves="4" seed="${art.seed % 883}" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="30" xChannelSelector="R" yChannelSelector="G" result="d"/><feGaussianBlur in="d" stdDeviation="5.5"/></filter>`,
    `<filter id="mist" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="22"/></filter>`,
    `<filter id="rayblur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>`,
    grainFilter('grain', art.seed, 0.9),
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0.75" stop-color="${ground}" stop-opacity="0"/><stop offset="1" stop-color="${mix(ground, accent, 0.3)}" stop-opacity="0.6"/></linearGradient>`,
    `<radialGradient id="calm" cx="50%" cy="48%" r="50%"><stop offset="0" stop-color="${mix(mid, light, 0.3)}" stop-opacity="${scene === 'background' ? 0.45 : 0.2}"/><stop offset="1" stop-color="${mid}" stop-opacity="0"/></radialGradient>`,
  ];
  const lit = lighten(light, 0.5);
  const shade = mix(lit, mix(mix(mid, deep, 0.25), accent, 0.15), 0.6);
  const body = [
    fullRect(ground),
    fullRect('url(#sky)'),
    fullRect('url(#sun)', ' style="mix-blend-mode:screen"'),
    plan.rays ? rays(plan.sun, lighten(accent, 0.5), rnd) : '',
    fullRect('url(#calm)'),
    ...plan.clouds.map((c) => cloud(c, rnd, lit, shade)),
    fullRect('url(#haze)'),
    grainLayer('grain', 0.05, 'overlay'),
  ].join('');
  return svgDocument(defs.join(''), body, WIDTH, HEIGHT);
};
