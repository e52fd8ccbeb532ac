import { writeFile } from 'node:fs/promises';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { borderArt, roundedMask, type PixelRect } from '../render/art/borders.ts';
import { overlayArt } from '../render/art/overlays.ts';
import { litWhenPlain, softLightSvg } from '../render/art/soft-light.ts';
import { escapeMarkup, fontDescription, splitColour } from '../render/art/text.ts';
import type { WorkImage } from '../render/compile/geometry.ts';
import { OVERLAY } from '../render/plan/look.ts';
import { photoPlacement } from '../render/plan/motion.ts';
import type { Caption, TextLine, Visual } from '../render/plan/types.ts';

/** The largest scene drawn before the moving part is cut out of it (a deep custom zoom is blown up from here). */
const MAX_SCENE_WIDTH = 3840;

export interface SceneSources {
  /** The edited photo (the big derived image). */
  photo?: string;
  /** The picture behind: the theme's background art, or its intro or outro scene. */
  art?: string;
  /** Used when there is no art file. */
  fallbackColour: string;
}

export interface Placed {
  file: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function textImage(text: string, font: TextLine['font'], pixels: number, colour: string, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${splitColour(colour).rgb}">${escapeMarkup(text)}</span>`,
      font: fontDescription(font, pixels),
      fontfile: font.file,
      width: Math.max(1, Math.round(width)),
      align: 'centre',
      rgba: true,
      dpi: 72,
      wrap: 'word-char',
      spacing: Math.round(pixels * 0.25),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The text with a soft dark shadow under it, for words over pictures without a backdrop. */
async function shadowed(text: string, font: TextLine['font'], pixels: number, colour: string, width: number) {
  const front = await textImage(text, font, pixels, colour, width);
  const back = await textImage(text, font, pixels, '#000000', width);
  const pad = Math.ceil(pixels * 0.3);
  const data = await sharp({ create: { width: front.width + 2 * pad, height: front.height + 2 * pad, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: await sharp(back.data).extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } }).blur(Math.max(0.5, pixels / 14)).toBuffer(), left: 0, top: Math.round(pixels / 24) },
      { input: front.data, left: pad, top: pad },
    ])
    .png()
    .toBuffer();
  return { data, width: front.width + 2 * pad, height: front.height + 2 * pad };
}

/** Pixels handed from one sharp pipeline to the next: 8-bit, unpacked, so nothing is compressed only to be read back. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

async function pixelsOf(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const fromPixels = ({ data, width, height, channels }: Pixels): Sharp => sharp(data, { raw: { width, height, channels } });
const layerOf = ({ data, width, height, channels }: Pixels, left: number, top: number): OverlayOptions => ({ input: data, raw: { width, height, channels }, left, top });

/** The only code that draws the engine's pictures (sharp): scenes, captions, titles and overlays. */
export function renderArtRepository() {
  async function background(visual: Visual, sources: SceneSources, width: number, height: number): Promise<Sharp> {
    // Behind still words a plain colour is softly lit, or their background's move would not show.
    const plain = (colour: string): Sharp => {
      const lit = litWhenPlain(visual) ? softLightSvg(colour, width, height) : null;
      return lit ? sharp(Buffer.from(lit)) : sharp({ create: { width, height, channels: 3, background: colour } });
    };
    if (visual.background.kind === 'colour') return plain(visual.background.colour);
    if (visual.background.kind === 'blur' && sources.photo) {
      const small = await sharp(sources.photo).resize(320, 180, { fit: 'cover' }).blur(5).modulate({ brightness: 0.78 }).toBuffer();
      return sharp(small).resize(width, height, { kernel: 'cubic' });
    }
    if (sources.art) return sharp(sources.art).resize(width, height, { fit: 'cover' });
    return plain(sources.fallbackColour);
  }

  async function photoLayers(visual: Visual, photo: string, width: number, height: number): Promise<OverlayOptions[]> {
    const place = photoPlacement(visual.aspect, visual.borderId);
    const rect: PixelRect = {
      left: Math.round(place.x * width),
      top: Math.round(place.y * height),
      width: Math.max(1, Math.round(place.w * width)),
      height: Math.max(1, Math.round(place.h * height)),
    };
    const border = borderArt(visual.borderId, width, height, rect, height / 720);
    let picture = sharp(photo).resize(rect.width, rect.height, { fit: 'fill' });
    if (border.radius > 0) {
      picture = fromPixels(await pixelsOf(picture)).composite([{ input: Buffer.from(roundedMask(rect.width, rect.height, border.radius)), blend: 'dest-in' }]);
    }
    const layers: OverlayOptions[] = [];
    if (border.under) layers.push({ input: Buffer.from(border.under), left: 0, top: 0 });
    layers.push(layerOf(await pixelsOf(picture), rect.left, rect.top));
    return layers;
  }

  return {
    /**
     * The still a visual's motion is taken from: the scene (background, photo and border) drawn at the size the
     * region needs, cut to the region and written as packed 8-bit RGB at the work image's size (stillInput).
     */
    async scene(visual: Visual, work: WorkImage, sources: SceneSources, out: string): Promise<void> {
      const width = Math.min(MAX_SCENE_WIDTH, Math.round(work.width / work.region.w));
      const height = Math.round((width * 9) / 16);
      const layers = visual.kind === 'photo' && sources.photo ? await photoLayers(visual, sources.photo, width, height) : [];
      let scene = await pixelsOf((await background(visual, sources, width, height)).composite(layers).removeAlpha());
      if (visual.overlayId === OVERLAY.softGlow) {
        const glow = await pixelsOf(fromPixels(scene).blur(Math.max(1, width / 110)).modulate({ brightness: 1.08 }).ensureAlpha(0.42));
        scene = await pixelsOf(fromPixels(scene).composite([{ ...layerOf(glow, 0, 0), blend: 'screen' }]).removeAlpha());
      }
      const region = {
        left: Math.max(0, Math.round(work.region.x * width)),
        top: Math.max(0, Math.round(work.region.y * height)),
        width: Math.min(width, Math.round(work.region.w * width)),
        height: Math.min(height, Math.round(work.region.h * height)),
      };
      region.width = Math.min(region.width, width - region.left);
      region.height = Math.min(region.height, height - region.top);
      // Packed RGB, no PNG: nothing to compress here and decompress in ffmpeg or the kenburns program.
      const { data, info } = await fromPixels(scene).extract(region).resize(work.width, work.height, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 3 || info.width !== work.width || info.height !== work.height) throw new Error(`A scene came out ${info.width}x${info.height}x${info.channels}, not ${work.width}x${work.height} RGB`);
      await writeFile(out, data);
    },

    /** A caption at the top or bottom of a frame of frameW x frameH, on its backdrop or with a shadow. */
    async caption(caption: Caption, frameW: number, frameH: number, out: string): Promise<Placed> {
      const scale = frameH / 720;
      const pixels = caption.size * scale;
      const maxWidth = frameW * 0.84;
      let image: { data: Buffer; width: number; height: number };
      if (caption.backdrop) {
        const text = await textImage(caption.text, caption.font, pixels, caption.colour, maxWidth);
        const padX = Math.round(pixels * 0.5);
        const padY = Math.round(pixels * 0.3);
        const width = text.width + 2 * padX;
        const height = text.height + 2 * padY;
        const { rgb, alpha } = splitColour(caption.backdrop);
        const plate = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(pixels * 0.3)}" fill="${rgb}" fill-opacity="${alpha}"/></svg>`;
        const data = await sharp(Buffer.from(plate)).composite([{ input: text.data, left: padX, top: padY }]).png().toBuffer();
        image = { data, width, height };
      } else {
        image = await shadowed(caption.text, caption.font, pixels, caption.colour, maxWidth);
      }
      await writeFile(out, image.data);
      const margin = Math.round(frameH * 0.06);
      const y = caption.position === 'top' ? margin : frameH - margin - image.height;
      return { file: out, x: Math.round((frameW - image.width) / 2), y: Math.max(0, y), width: image.width, height: image.height };
    },

    /** Lines of text stacked and centred in the frame (text slides, intro and outro titles). */
    async lines(lines: TextLine[], frameW: number, frameH: number, shadow: boolean, out: string): Promise<Placed | null> {
      if (!lines.length) return null;
      const scale = frameH / 720;
      const maxWidth = frameW * 0.82;
      const drawn = [];
      for (const line of lines) {
        const pixels = line.size * scale;
        drawn.push(shadow ? await shadowed(line.text, line.font, pixels, line.colour, maxWidth) : await textImage(line.text, line.font, pixels, line.colour, maxWidth));
      }
      const gap = Math.round(18 * scale);
      const width = Math.max(...drawn.map((d) => d.width));
      const height = Math.min(frameH, drawn.reduce((sum, d) => sum + d.height, 0) + gap * (drawn.length - 1));
      const layers: OverlayOptions[] = [];
      let top = 0;
      for (const d of drawn) {
        if (top + d.height > height) break;
        layers.push({ input: d.data, left: Math.round((width - d.width) / 2), top });
        top += d.height + gap;
      }
      await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite(layers).png().toFile(out);
      return { file: out, x: Math.round((frameW - width) / 2), y: Math.round((frameH - height) / 2), width, height };
    },

    /** An overlay's picture for a frame of frameW x frameH, or null when the overlay draws none. */
    async overlay(overlayId: number, frameW: number, frameH: number, out: string): Promise<void> {
      const art = overlayArt(overlayId, frameW, frameH);
      if (art) await sharp(Buffer.from(art.svg)).png().toFile(out);
    },

    /** A JPEG of the picture at exactly width x height (the cover image). */
    async jpeg(source: string, width: number, height: number, out: string): Promise<void> {
      await sharp(source).resize(width, height, { fit: 'cover' }).jpeg({ quality: 90 }).toFile(out);
    },
  };
}

export type RenderArtRepository = ReturnType<typeof renderArtRepository>;
