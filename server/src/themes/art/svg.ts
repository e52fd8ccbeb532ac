/** Small pure helpers the art generators share: a seeded random source, colour arithmetic and SVG pieces. */

export const WIDTH = 1280;
export const HEIGHT = 720;

/** What a generator draws: the background behind photos, the intro and outro scenes, the DVD menu art. */
export type Scene = 'background' | 'intro' | 'outro' | 'dvd';

export const SCENES: readonly Scene[] = ['background', 'intro', 'outro', 'dvd'];

export interface ArtInput {
  seed: number;
  /** [ground, light, mid, accent, deep] */
  palette: string[];
}

export type ArtGenerator = (scene: Scene, art: ArtInput) => string;

/** The same mulberry32 source the music composer uses: a seed always draws the same picture. */
import type { Random } from '../../media/random.ts';
export { seededRandom as random, type Random } from '../../media/random.ts';

/** A different but fixed stream per scene, so the intro is not a copy of the background. */
export const sceneSeed = (seed: number, scene: Scene): number => (seed * 31 + SCENES.indexOf(scene) * 7919 + 1) >>> 0;

/** Numbers in SVG text: two decimals are plenty at 1280x720 and keep the markup short. */
export const n = (value: number): string => String(Math.round(value * 100) / 100);

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const hex2 = (v: number): string => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0');

/** Linear mix of two #rrggbb colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return `#${hex2(ar + (br - ar) * t)}${hex2(ag + (bg - ag) * t)}${hex2(ab + (bb - ab) * t)}`;
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** Relative luminance 0..1 (sRGB, rough): decides light or dark text. */
export function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

export function svgDocument(defs: string, body: string, width = WIDTH, height = HEIGHT): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** A closed smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: [number, number][]): string {
  const count = points.length;
  const at = (i: number): [number, number] => points[(i + count) % count];
  let d = `M${n(points[0][0])},${n(points[0][1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** An irregular round blob: radius wobbles around r by up to `wobble` (a fraction). */
export function blobPoints(rnd: Random, cx: number, cy: number, rx: number, ry: number, wobble: number, count = 10): [number, number][] {
  const turn = rnd.range(0, Math.PI * 2);
  return Array.from({ length: count }, (_, i) => {
    const a = turn + (i / count) * Math.PI * 2;
    const k = 1 + rnd.range(-wobble, wobble);
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as [number, number];
  });
}

/** Fine paper grain laid over a picture; strength is the grain's opacity. */
export function grainFilter(id: string, seed: number, frequency = 0.9): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="${seed % 1000}"/><feColorMatrix type="saturate" values="0"/></filter>`;
}

export function grainLayer(id: string, strength: number, blend = 'multiply'): string {
  return `<rect width="${WIDTH}" height="${HEIGHT}" filter="url(#${id})" opacity="${strength}" style="mix-blend-mode:${blend}"/>`;
}

/**
 * A soft veil over the frame's centre: behind photos (background) it quiets the art where the photo sits;
 * on the intro it clears room for the title.
 */
export function centreVeil(id: string, colour: string, opacity: number, rx = 0.42, ry = 0.46): string {
  return `<radialGradient id="${id}" cx="50%" cy="50%" r="50%" gradientTransform="translate(0.5 0.5) scale(${rx * 2} ${ry * 2}) translate(-0.5 -0.5)"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="0.6" stop-color="${colour}" stop-opacity="${opacity * 0.75}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/** Darkens the edges a little, as a lens does; keeps the eye in the middle. */
export function vignette(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}" cx="50%" cy="50%" r="75%"><stop offset="0.55" stop-color="${colour}" stop-opacity="0"/><stop offset="1" stop-color="${colour}" stop-opacity="${opacity}"/></radialGradient>`;
}

export const fullRect = (fill: string, extra = ''): string => `<rect width="${WIDTH}" height="${HEIGHT}" fill="${fill}"${extra}/>`;
