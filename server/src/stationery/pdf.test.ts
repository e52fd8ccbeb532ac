import assert from 'node:assert/strict';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { FONTS } from '../themes/fonts.ts';
import { layoutToPdf } from './pdf.ts';

const TEXT = 'Walter Brooks 1941';

/** The font programs the PDF carries (FontFile2: TrueType; FontFile3: OpenType/CFF), parsed back. */
async function embeddedFonts(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  const faces = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const ref = object.get(PDFName.of('FontFile2')) ?? object.get(PDFName.of('FontFile3'));
    const stream = doc.context.lookup(ref as PDFRef) as PDFRawStream;
    faces.push(fontkit.create(Buffer.from(decodePDFRawStream(stream).decode())));
  }
  return faces;
}

describe('label PDF type', () => {
  it('embeds every theme font with the outlines of the letters it sets', async function () {
    this.timeout(60_000);
    const letters = new Set(TEXT.replace(/ /g, '')).size;
    for (const spec of Object.values(FONTS)) {
      const font = { file: spec.file, family: spec.family, weight: spec.weight ?? 400, style: spec.style ?? 'normal' } as const;
      const pdf = await layoutToPdf({ width: 300, height: 100, images: {}, shapes: [{ kind: 'text', text: TEXT, x: 10, y: 50, size: 20, font, colour: '#000000', anchor: 'start' }] }, { title: 't', subject: 's' });
      const [face] = await embeddedFonts(pdf);
      assert.ok(face, `${spec.key}: no font in the PDF`);
      // A subset keeps only the glyphs used and no character map; a whole font is looked up by its map.
      const glyphs = face.numGlyphs < 64 ? Array.from({ length: face.numGlyphs }, (_, id) => face.getGlyph(id)) : face.layout(TEXT).glyphs;
      const outlined = glyphs.filter((glyph) => glyph.path.cbox.maxX > glyph.path.cbox.minX).length;
      assert.ok(outlined >= letters, `${spec.key}: ${outlined} glyphs with outlines for ${letters} letters`);
    }
  });
});
