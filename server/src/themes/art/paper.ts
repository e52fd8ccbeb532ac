import {
  darken, fullRect, grainFilter, grainLayer, HEIGHT, lighten, n, random, sceneSeed, svgDocument, vignette, WIDTH,
  type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Paper and linen: a woven linen ground (warp and weft threads drawn from stretched turbulence, with the
 * unevenness of natural fibre), and for the intro, outro and DVD menu a deckle-edged card laid on it with a
 * ruled border and, on some, a satin ribbon across a corner.
 */

interface Card {
  x: number;
  y: number;
  w: number;
  h: number;
}

function cardFor(scene: Scene, rnd: Random): Card | null {
  const w = scene === 'dvd' ? 820 : scene === 'outro' ? rnd.range(700, 760) : rnd.range(800, 880);
  const h = scene === 'dvd' ? 560 : scene === 'outro' ? rnd.range(380, 420) : rnd.range(430, 470);
  if (scene === 'background') return null;
  return { x: (WIDTH - w) / 2, y: (HEIGHT - h) / 2 + (scene === 'outro' ? 10 : 0), w, h };
}

function weaveFilters(seed: number): string {
  // Threads: noise stretched along one axis becomes fine lines; its alpha carries the thread shading.
  const threads = (id: string, freq: string, s: number): string =>
    `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="3" seed="${s}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  1.6 0 0 0 -0.62"/></filter>`;
  return [
    threads('weft', '0.006 0.55', seed % 877),
    threads('warp', '0.55 0.006', (seed + 5) % 877),
    `<filter id="fibre" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="4" seed="${(seed + 9) % 877}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  1.4 0 0 0 -0.55"/></filter>`,
    `<filter id="deckle" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" baseFrequency="0.09" numOctaves="3" seed="${(seed + 13) % 877}" result="t"/><feDisplacementMap in="SourceGraphic" in2="t" scale="7" xChannelSelector="R" yChannelSelector="G"/></filter>`,
    `<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur in="SourceAlpha" stdDeviation="14"/><feOffset dy="10"/><feComponentTransfer><feFuncA type="linear" slope="0.32"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  ].join('');
}

function rules(card: Card, colour: string, double: boolean): string {
  const inset = 26;
  const frame = (d: number, width: number): string =>
    `<rect x="${n(card.x + d)}" y="${n(card.y + d)}" width="${n(card.w - 2 * d)}" height="${n(card.h - 2 * d)}" fill="none" stroke="${colour}" stroke-width="${width}"/>`;
  const corners = [
    [card.x + inset, card.y + inset],
    [card.x + card.w - inset, card.y + inset],
    [card.x + inset, card.y + card.h - inset],
    [card.x + card.w - inset, card.y + card.h - inset],
  ]
    .map(([cx, cy]) => `<path d="M${n(cx)},${n(cy - 7)} L${n(cx + 7)},${n(cy)} L${n(cx)},${n(cy + 7)} L${n(cx - 7)},${n(cy)}Z" fill="${colour}"/>`)
    .join('');
  return frame(inset, 1.6) + (double ? frame(inset + 7, 0.8) : '') + corners;
}

/** A satin sash laid across one corner of the frame and over the card, with a sheen along its length. */
function ribbon(card: Card, colour: string, rnd: Random): string {
  const right = rnd.next() < 0.5;
  // Runs corner to corner past the card's corner, 70 px wide, off the frame at both ends.
  const [cx, cy] = right ? [card.x + card.w - 40, card.y + 40] : [card.x + 40, card.y + 40];
  const along = right ? [1, 1] : [1, -1];
  const across = [-along[1], along[0]].map((v) => (v * 35) / Math.SQRT2);
  const reach = 900;
  const [ax, ay] = [cx - (along[0] * reach) / Math.SQRT2, cy - (along[1] * reach) / Math.SQRT2];
  const [bx, by] = [cx + (along[0] * reach) / Math.SQRT2, cy + (along[1] * reach) / Math.SQRT2];
  const band = `M${n(ax + across[0])},${n(ay + across[1])} L${n(bx + across[0])},${n(by + across[1])} L${n(bx - across[0])},${n(by - across[1])} L${n(ax - across[0])},${n(ay - across[1])}Z`;
  const edge = (k: number): string => `M${n(ax + across[0] * k)},${n(ay + across[1] * k)} L${n(bx + across[0] * k)},${n(by + across[1] * k)}`;
  const x1 = n(0.5 + across[0] / 70);
  const y1 = n(0.5 + across[1] / 70);
  const x2 = n(0.5 - across[0] / 70);
  const y2 = n(0.5 - across[1] / 70);
  return `<linearGradient id="sheen" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${darken(colour, 0.15)}"/><stop offset="0.4" stop-color="${lighten(colour, 0.3)}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${darken(colour, 0.25)}"/></linearGradient><g filter="url(#shadow)"><path d="${band}" fill="url(#sheen)"/></g><path d="${edge(0.8)} ${edge(-0.8)}" stroke="${lighten(colour, 0.45)}" stroke-width="1" stroke-opacity="0.7" fill="none"/>`;
}

export const drawPaper: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light, mid, accent, deep] = art.palette;
  const card = cardFor(scene, rnd);
  const defs = [
    weaveFilters(art.seed),
    grainFilter('grain', art.seed, 0.7),
    vignette('vig', darken(mid, 0.3), scene === 'background' ? 0.3 : 0.4),
    `<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
  ];
  const body = [
    fullRect(ground),
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${darken(mid, 0.1)}" filter="url(#fibre)" opacity="0.16"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${darken(mid, 0.35)}" filter="url(#weft)" opacity="0.16"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${darken(mid, 0.35)}" filter="url(#warp)" opacity="0.13"/>`,
    fullRect('url(#light)'),
  ];
  if (card) {
    body.push(
      `<g filter="url(#shadow)"><rect x="${n(card.x)}" y="${n(card.y)}" width="${n(card.w)}" height="${n(card.h)}" fill="${light}" filter="url(#deckle)"/></g>`,
      `<rect x="${n(card.x)}" y="${n(card.y)}" width="${n(card.w)}" height="${n(card.h)}" fill="${darken(mid, 0.2)}" filter="url(#fibre)" opacity="0.05"/>`,
      rules(card, accent, rnd.next() < 0.6),
    );
    if (scene !== 'dvd' && rnd.next() < 0.7) body.push(ribbon(card, scene === 'outro' ? deep : accent, rnd));
  }
  body.push(grainLayer('grain', 0.12), fullRect('url(#vig)'));
  return svgDocument(defs.join(''), body.join(''));
};
