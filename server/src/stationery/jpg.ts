import { svgToJpeg } from '../repositories/image.repository.ts';
import { escapeXml } from '../themes/art/svg.ts';
import { qrRuns, type Clip, type Layout, type Shape } from './layout.ts';

/** The preview's resolution: sharp enough to read the type and scan the QR code off a screen. */
export const JPG_DPI = 150;

const num = (value: number): string => String(Math.round(value * 100) / 100);

function clipElement(id: string, clip: Clip): string {
  if (clip.kind === 'rect') return `<clipPath id="${id}"><rect x="${num(clip.x)}" y="${num(clip.y)}" width="${num(clip.w)}" height="${num(clip.h)}"/></clipPath>`;
  const circle = (r: number): string =>
    `M${num(clip.cx + r)},${num(clip.cy)} A${num(r)},${num(r)} 0 1 0 ${num(clip.cx - r)},${num(clip.cy)} A${num(r)},${num(r)} 0 1 0 ${num(clip.cx + r)},${num(clip.cy)} Z`;
  const hole = clip.hole > 0 ? ` ${circle(clip.hole)}` : '';
  return `<clipPath id="${id}"><path clip-rule="evenodd" d="${circle(clip.r)}${hole}"/></clipPath>`;
}

/** The layout as SVG in points (the viewBox), drawn at `dpi`: the same shapes the PDF has, for librsvg. */
export function layoutToSvg(layout: Layout, dpi = JPG_DPI): string {
  const defs: string[] = [];
  let clips = 0;
  const element = (shape: Shape): string => {
    switch (shape.kind) {
      case 'clip': {
        const id = `clip${++clips}`;
        defs.push(clipElement(id, shape.clip));
        return `<g clip-path="url(#${id})">${shape.shapes.map(element).join('')}</g>`;
      }
      case 'image': {
        const image = layout.images[shape.image];
        const href = `data:image/${image.type === 'jpg' ? 'jpeg' : 'png'};base64,${image.data.toString('base64')}`;
        return `<image x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.w)}" height="${num(shape.h)}" preserveAspectRatio="none" href="${href}"/>`;
      }
      case 'rect':
        return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.w)}" height="${num(shape.h)}" fill="${shape.fill}"${shape.opacity !== undefined ? ` fill-opacity="${shape.opacity}"` : ''}/>`;
      case 'line':
        return `<line x1="${num(shape.x1)}" y1="${num(shape.y1)}" x2="${num(shape.x2)}" y2="${num(shape.y2)}" stroke="${shape.stroke}" stroke-width="${shape.width}"/>`;
      case 'text': {
        const anchor = { start: 'start', middle: 'middle', end: 'end' }[shape.anchor];
        // SVG turns clockwise in its y-down space: a counter-clockwise angle is negative here.
        const turn = shape.rotate ? ` transform="rotate(${-shape.rotate} ${num(shape.x)} ${num(shape.y)})"` : '';
        const font = `font-family="${escapeXml(shape.font.family)}" font-weight="${shape.font.weight}" font-style="${shape.font.style}"`;
        return `<text x="${num(shape.x)}" y="${num(shape.y)}" ${font} font-size="${num(shape.size)}" fill="${shape.colour}" text-anchor="${anchor}"${turn}>${escapeXml(shape.text)}</text>`;
      }
      case 'qr': {
        const cell = shape.size / shape.matrix.size;
        const d = qrRuns(shape.matrix)
          .map((run) => `M${num(shape.x + run.column * cell)},${num(shape.y + run.row * cell)}h${num(run.length * cell)}v${num(cell)}h${num(-run.length * cell)}z`)
          .join('');
        return `<path d="${d}" fill="${shape.colour}" shape-rendering="crispEdges"/>`;
      }
    }
  };
  const body = layout.shapes.map(element).join('');
  const scale = dpi / 72;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(layout.width * scale)}" height="${Math.round(layout.height * scale)}" viewBox="0 0 ${num(layout.width)} ${num(layout.height)}"><defs>${defs.join('')}</defs><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`;
}

/** The layout as a JPEG preview (and a print for those who print pictures). */
export async function layoutToJpg(layout: Layout, dpi = JPG_DPI): Promise<Buffer> {
  return svgToJpeg(layoutToSvg(layout, dpi));
}
