import {
  darken, fullRect, grainFilter, HEIGHT, lighten, mix, n, random, sceneSeed, svgDocument, WIDTH,
  type ArtGenerator, type Random, type Scene,
} from './svg.ts';

/**
 * Stained-glass geometry: a Voronoi mosaic of coloured panes joined by lead cames, around a pale medallion
 * (an oval or a pointed arch) that leaves room for words; light falls through from above.
 */

type Point = [number, number];

/** Keeps the part of a convex polygon on the site's side of the perpendicular bisector of site and other. */
function clip(polygon: Point[], site: Point, other: Point): Point[] {
  const [mx, my] = [(site[0] + other[0]) / 2, (site[1] + other[1]) / 2];
  const [dx, dy] = [other[0] - site[0], other[1] - site[1]];
  const side = (p: Point): number => (p[0] - mx) * dx + (p[1] - my) * dy;
  const out: Point[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    const sa = side(a);
    const sb = side(b);
    if (sa <= 0) out.push(a);
    if ((sa < 0 && sb > 0) || (sa > 0 && sb < 0)) {
      const t = sa / (sa - sb);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
  }
  return out;
}

/** Voronoi cells of the sites inside the frame (plus a margin), by clipping against near neighbours. */
export function voronoi(sites: Point[], reach: number): Point[][] {
  const frame: Point[] = [[-20, -20], [WIDTH + 20, -20], [WIDTH + 20, HEIGHT + 20], [-20, HEIGHT + 20]];
  return sites.map((site) => {
    let cell = frame;
    for (const other of sites) {
      if (other === site || Math.abs(other[0] - site[0]) > reach || Math.abs(other[1] - site[1]) > reach) continue;
      cell = clip(cell, site, other);
      if (cell.length === 0) break;
    }
    return cell;
  });
}

/** Sites on a jittered grid: even pane sizes, as a glazier would cut them. */
function sites(rnd: Random, columns: number, rows: number): Point[] {
  const w = (WIDTH + 40) / columns;
  const h = (HEIGHT + 40) / rows;
  const list: Point[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) list.push([-20 + (c + rnd.range(0.15, 0.85)) * w, -20 + (r + rnd.range(0.15, 0.85)) * h]);
  }
  return list;
}

/** The medallion's outline: an oval, or a pointed (lancet) arch for the outro and the DVD menu. */
function medallion(scene: Scene): string {
  if (scene === 'background') return '';
  if (scene === 'intro') return `M${n(WIDTH / 2 - 420)},${n(HEIGHT / 2)} A420,235 0 1,1 ${n(WIDTH / 2 + 420)},${n(HEIGHT / 2)} A420,235 0 1,1 ${n(WIDTH / 2 - 420)},${n(HEIGHT / 2)}Z`;
  const [w, top, bottom] = scene === 'dvd' ? [620, 60, 660] : [560, 90, 640];
  const [l, r] = [WIDTH / 2 - w / 2, WIDTH / 2 + w / 2];
  // A drop arch: two arcs of radius 0.62 w meeting in a point.
  const radius = w * 0.62;
  const spring = top + w * Math.sqrt(0.62 * 0.62 - 0.12 * 0.12);
  return `M${n(l)},${n(bottom)} L${n(l)},${n(spring)} A${n(radius)},${n(radius)} 0 0,1 ${n(WIDTH / 2)},${n(top)} A${n(radius)},${n(radius)} 0 0,1 ${n(r)},${n(spring)} L${n(r)},${n(bottom)}Z`;
}

const pathOf = (cell: Point[]): string => `M${cell.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}Z`;

export const drawStainedGlass: ArtGenerator = (scene, art) => {
  const rnd = random(sceneSeed(art.seed, scene));
  const [ground, light, mid, accent, deep] = art.palette;
  const cells = voronoi(sites(rnd, 15, 9), 300);
  const lead = darken(deep, 0.7);
  // Colour follows distance from the centre, so the panes radiate like a designed window, not a quilt.
  const bands = [lighten(light, 0.3), light, mix(light, mid, 0.5), mid, accent, deep];
  const quiet = scene === 'background' ? 0.78 : 0.5;
  const panes = cells
    .map((cell) => {
      const cx = cell.reduce((sum, p) => sum + p[0], 0) / cell.length;
      const cy = cell.reduce((sum, p) => sum + p[1], 0) / cell.length;
      const d = Math.hypot((cx - WIDTH / 2) / (WIDTH / 2), (cy - HEIGHT / 2) / (HEIGHT / 2));
      const t = Math.max(0, Math.min(0.999, (d - quiet) / (1.35 - quiet) + rnd.range(-0.18, 0.18)));
      const colour = d < quiet ? mix(bands[0], bands[1], rnd.range(0, 0.6)) : bands[1 + Math.floor(t * (bands.length - 1))];
      const shade = rnd.range(-0.12, 0.12);
      const fill = shade < 0 ? darken(colour, -shade) : lighten(colour, shade);
      return `<path d="${pathOf(cell)}" fill="${fill}"/>`;
    })
    .join('');
  const came = cells.map(pathOf).join('');
  const shape = medallion(scene);
  const defs = [
    // Hand-made glass is never even: seeds and streaks in the pane, lit from behind.
    `<filter id="seedy" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.018 0.05" numOctaves="3" seed="${art.seed % 811}"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0.9 0 0 0 -0.25"/></filter>`,
    `<radialGradient id="daylight" cx="50%" cy="0%" r="110%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.05"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></radialGradient>`,
    `<radialGradient id="pale" cx="50%" cy="40%" r="65%"><stop offset="0" stop-color="${lighten(ground, 0.6)}"/><stop offset="1" stop-color="${mix(ground, light, 0.5)}"/></radialGradient>`,
    `<filter id="came" x="-2%" y="-2%" width="104%" height="104%"><feGaussianBlur in="SourceAlpha" stdDeviation="1.2" result="b"/><feSpecularLighting in="b" surfaceScale="3" specularConstant="0.6" specularExponent="18" lighting-color="#ffffff" result="s"><feDistantLight azimuth="225" elevation="50"/></feSpecularLighting><feComposite in="s" in2="SourceAlpha" operator="in" result="h"/><feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="h"/></feMerge></filter>`,
    grainFilter('grain', art.seed, 0.9),
  ];
  const body = [
    fullRect(ground),
    `<g>${panes}</g>`,
    fullRect(light, ' filter="url(#seedy)" opacity="0.35" style="mix-blend-mode:soft-light"'),
    fullRect('url(#daylight)'),
    shape ? `<path d="${shape}" fill="url(#pale)"/><path d="${shape}" fill="${light}" filter="url(#seedy)" opacity="0.25"/>` : '',
    `<g filter="url(#came)"><path d="${came}" fill="none" stroke="${lead}" stroke-width="${scene === 'background' ? 4 : 6}" stroke-linejoin="round" opacity="${scene === 'background' ? 0.7 : 1}" ${shape ? `mask="url(#outside)"` : ''}/>${shape ? `<path d="${shape}" fill="none" stroke="${lead}" stroke-width="12"/><path d="${shape}" fill="none" stroke="${accent}" stroke-width="3" transform="translate(0 0)" opacity="0.8"/>` : ''}</g>`,
  ];
  if (shape) defs.push(`<mask id="outside"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/><path d="${shape}" fill="#000"/></mask>`);
  return svgDocument(defs.join(''), body.join(''));
};
