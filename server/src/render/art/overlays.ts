import { OVERLAY } from '../plan/look.ts';

/**
 * The overlays we draw ourselves (SVG, rendered by sharp): pictures laid over the whole frame. A drifting overlay
 * is larger than the frame and slides across it over the picture's time.
 */
export interface OverlayArt {
  svg: string;
  width: number;
  height: number;
  /** Where it starts and how far it travels over the picture's whole time, in frame sizes. */
  start: { x: number; y: number };
  travel: { x: number; y: number };
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const svg = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function vignette(w: number, h: number, strength: number): string {
  return svg(
    w,
    h,
    `<defs><radialGradient id="v" cx="50%" cy="50%" r="75%"><stop offset="0.45" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#v)"/>`,
  );
}

function lightLeak(w: number, h: number): string {
  const W = Math.round(w * 1.6);
  const blob = (cx: number, cy: number, r: number, colour: string, opacity: number, id: string) =>
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 1.3}" fill="url(#${id})"/>`;
  return svg(
    W,
    h,
    blob(W * 0.12, h * 0.2, h * 0.7, '#ff9a3c', 0.42, 'a') + blob(W * 0.3, h * 0.85, h * 0.55, '#ff5e7e', 0.28, 'b') + blob(W * 0.9, h * 0.1, h * 0.6, '#ffd27a', 0.3, 'c'),
  );
}

function bokeh(w: number, h: number): string {
  const H = Math.round(h * 1.5);
  const rand = random(1907);
  const colours = ['#ffffff', '#ffe7b8', '#ffd1dc', '#d8ecff'];
  let circles = '<defs><filter id="f"><feGaussianBlur stdDeviation="' + (h / 240).toFixed(1) + '"/></filter></defs><g filter="url(#f)">';
  for (let i = 0; i < 26; i++) {
    const r = h * (0.015 + rand() * 0.05);
    circles += `<circle cx="${(rand() * w).toFixed(1)}" cy="${(rand() * H).toFixed(1)}" r="${r.toFixed(1)}" fill="${colours[i % colours.length]}" fill-opacity="${(0.1 + rand() * 0.16).toFixed(2)}"/>`;
  }
  return svg(w, H, `${circles}</g>`);
}

/** The art of an overlay for a frame of w x h, or null when it is not a picture (none, soft glow, grain alone). */
export function overlayArt(overlayId: number, w: number, h: number): OverlayArt | null {
  switch (overlayId) {
    case OVERLAY.vignette:
      return { svg: vignette(w, h, 0.62), width: w, height: h, start: { x: 0, y: 0 }, travel: { x: 0, y: 0 } };
    case OVERLAY.filmGrain:
      return { svg: vignette(w, h, 0.35), width: w, height: h, start: { x: 0, y: 0 }, travel: { x: 0, y: 0 } };
    case OVERLAY.lightLeak:
      return { svg: lightLeak(w, h), width: Math.round(w * 1.6), height: h, start: { x: 0, y: 0 }, travel: { x: -0.6, y: 0 } };
    case OVERLAY.bokeh:
      return { svg: bokeh(w, h), width: w, height: Math.round(h * 1.5), start: { x: 0, y: 0 }, travel: { x: 0, y: -0.5 } };
    default:
      return null;
  }
}
