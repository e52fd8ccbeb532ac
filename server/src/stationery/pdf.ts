import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import {
  appendBezierCurve,
  clip as clipPath,
  clipEvenOdd,
  closePath,
  degrees,
  endPath,
  fill,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFImage,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { qrRuns, type Clip, type Layout, type LayoutFont, type Shape } from './layout.ts';

/** The Bézier handle length that makes four curves a circle (within 0.03%). */
const KAPPA = 0.5522847498;

function colour(hex: string) {
  const h = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  return rgb(r, g, b);
}

/** A circle as four curves, starting at its rightmost point (PDF coordinates, y up). */
function circleOps(cx: number, cy: number, r: number): PDFOperator[] {
  const k = r * KAPPA;
  return [
    moveTo(cx + r, cy),
    appendBezierCurve(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
    appendBezierCurve(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
    appendBezierCurve(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
    appendBezierCurve(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
    closePath(),
  ];
}

/**
 * Draws a layout as one PDF page with pdf-lib: vector shapes and type (fonts embedded, subset), images at full
 * resolution, QR modules as filled squares so they print sharp at any size.
 */
export async function layoutToPdf(layout: Layout, meta: { title: string; subject: string }): Promise<Buffer> {
  return layoutsToPdf([layout], meta);
}

/** Several layouts as the pages of one PDF (a batch of invoices), each font embedded once for all of them. */
export async function layoutsToPdf(layouts: Layout[], meta: { title: string; subject: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setCreator('Tribute');
  doc.setProducer('Tribute stationery (pdf-lib)');
  const fonts = new Map<string, PDFFont>();
  for (const layout of layouts) await drawPage(doc, layout, fonts);
  return Buffer.from(await doc.save());
}

async function drawPage(doc: PDFDocument, layout: Layout, fonts: Map<string, PDFFont>): Promise<void> {
  const page = doc.addPage([layout.width, layout.height]);
  const H = layout.height;

  const images = new Map<string, PDFImage>();
  for (const [name, image] of Object.entries(layout.images)) {
    images.set(name, image.type === 'jpg' ? await doc.embedJpg(image.data) : await doc.embedPng(image.data));
  }
  const fontOf = async (font: LayoutFont): Promise<PDFFont> => {
    let embedded = fonts.get(font.file);
    if (!embedded) {
      // TrueType fonts are subset (only the letters used); CFF-flavoured OpenType (.otf) ones go in whole, as
      // fontkit's CFF subsets are the part of this path that print workflows have been known to misread.
      embedded = await doc.embedFont(await readFile(font.file), { subset: !/\.otf$/i.test(font.file) });
      fonts.set(font.file, embedded);
    }
    return embedded;
  };

  const applyClip = (target: PDFPage, c: Clip): void => {
    if (c.kind === 'rect') {
      target.pushOperators(rectangle(c.x, H - c.y - c.h, c.w, c.h), clipPath(), endPath());
      return;
    }
    // Outer circle and hole together, even-odd: the hole stays unpainted.
    const hole = c.hole > 0 ? circleOps(c.cx, H - c.cy, c.hole) : [];
    target.pushOperators(...circleOps(c.cx, H - c.cy, c.r), ...hole, c.hole > 0 ? clipEvenOdd() : clipPath(), endPath());
  };

  const draw = async (shape: Shape): Promise<void> => {
    switch (shape.kind) {
      case 'clip':
        page.pushOperators(pushGraphicsState());
        applyClip(page, shape.clip);
        for (const child of shape.shapes) await draw(child);
        page.pushOperators(popGraphicsState());
        return;
      case 'image':
        page.drawImage(images.get(shape.image)!, { x: shape.x, y: H - shape.y - shape.h, width: shape.w, height: shape.h });
        return;
      case 'rect':
        page.drawRectangle({ x: shape.x, y: H - shape.y - shape.h, width: shape.w, height: shape.h, color: colour(shape.fill), opacity: shape.opacity ?? 1, borderWidth: 0 });
        return;
      case 'line':
        page.drawLine({ start: { x: shape.x1, y: H - shape.y1 }, end: { x: shape.x2, y: H - shape.y2 }, thickness: shape.width, color: colour(shape.stroke) });
        return;
      case 'text': {
        const font = await fontOf(shape.font);
        const width = font.widthOfTextAtSize(shape.text, shape.size);
        const back = shape.anchor === 'middle' ? width / 2 : shape.anchor === 'end' ? width : 0;
        const angle = ((shape.rotate ?? 0) * Math.PI) / 180;
        // The anchor moves back along the text's own direction, which a rotation turns.
        page.drawText(shape.text, {
          x: shape.x - back * Math.cos(angle),
          y: H - shape.y - back * Math.sin(angle),
          size: shape.size,
          font,
          color: colour(shape.colour),
          rotate: degrees(shape.rotate ?? 0),
        });
        return;
      }
      case 'qr': {
        const cell = shape.size / shape.matrix.size;
        const squares = qrRuns(shape.matrix).map((run) => rectangle(shape.x + run.column * cell, H - shape.y - (run.row + 1) * cell, run.length * cell, cell));
        const { red, green, blue } = colour(shape.colour) as { red: number; green: number; blue: number };
        page.pushOperators(pushGraphicsState(), setFillingRgbColor(red, green, blue), ...squares, fill(), popGraphicsState());
        return;
      }
    }
  };
  for (const shape of layout.shapes) await draw(shape);
}
