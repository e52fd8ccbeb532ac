import { BORDER } from '../plan/look.ts';

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a border adds around a photo: art drawn under it (mats, frames, shadows) and rounded corners. */
export interface BorderArt {
  under: string | null;
  radius: number;
}

const svg = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function shadow(photo: PixelRect, u: number, radius: number, opacity: number): string {
  const blur = (10 * u).toFixed(1);
  return (
    `<defs><filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>` +
    `<rect x="${photo.left + 4 * u}" y="${photo.top + 7 * u}" width="${photo.width}" height="${photo.height}" rx="${radius}" fill="#000" fill-opacity="${opacity}" filter="url(#s)"/>`
  );
}

function mat(photo: PixelRect, pad: number, fill: string, radius = 0): string {
  return `<rect x="${photo.left - pad}" y="${photo.top - pad}" width="${photo.width + 2 * pad}" height="${photo.height + 2 * pad}" rx="${radius}" fill="${fill}"/>`;
}

function frame(photo: PixelRect, u: number): string {
  const pad = 22 * u;
  return (
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a6238"/><stop offset="0.5" stop-color="#b48a57"/><stop offset="1" stop-color="#5e3d1f"/></linearGradient></defs>` +
    mat(photo, pad, 'url(#w)') +
    `<rect x="${photo.left - 5 * u}" y="${photo.top - 5 * u}" width="${photo.width + 10 * u}" height="${photo.height + 10 * u}" fill="#e9dcc0"/>` +
    `<rect x="${photo.left - pad}" y="${photo.top - pad}" width="${photo.width + 2 * pad}" height="${photo.height + 2 * pad}" fill="none" stroke="#3f2812" stroke-width="${2 * u}"/>`
  );
}

/** `u` is one pixel of the 720-line frame in scene pixels, so borders keep their look at every size. */
export function borderArt(borderId: number, width: number, height: number, photo: PixelRect, u: number): BorderArt {
  switch (borderId) {
    case BORDER.thinWhite:
      return { under: svg(width, height, shadow(photo, u, 0, 0.35) + mat(photo, 5 * u, '#ffffff')), radius: 0 };
    case BORDER.wideWhite:
      return { under: svg(width, height, shadow(photo, u, 0, 0.4) + mat(photo, 18 * u, '#fbfaf6')), radius: 0 };
    case BORDER.rounded:
      return { under: svg(width, height, shadow(photo, u, 22 * u, 0.45)), radius: 22 * u };
    case BORDER.shadow:
      return { under: svg(width, height, shadow(photo, u, 0, 0.6)), radius: 0 };
    case BORDER.photoFrame:
      return { under: svg(width, height, shadow(photo, u, 0, 0.5) + frame(photo, u)), radius: 0 };
    default:
      return { under: null, radius: 0 };
  }
}

export function roundedMask(width: number, height: number, radius: number): string {
  return svg(width, height, `<rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/>`);
}
