import { createHash } from 'node:crypto';
import { composePixels, pixelsToJpeg, rasterizeSvg, type Pixels } from '../repositories/image.repository.ts';
import type { ThemeFilesRepository } from '../repositories/theme-files.repository.ts';
import { limiter } from '../services/limiter.ts';
import { ART, ART_VERSION, titleOverlay } from './art/index.ts';
import { HEIGHT, WIDTH } from './art/svg.ts';
import { fontFile } from './fonts.ts';
import type { ThemeAssets, ThemeDesign } from './types.ts';

/** File names of a theme's pictures inside themes/{id}/. */
export const ASSET_FILES: Record<keyof ThemeAssets, string> = {
  background: 'background.jpg',
  introScene: 'intro.jpg',
  outroScene: 'outro.jpg',
  icon: 'icon.jpg',
  poster: 'poster.jpg',
  dvdArtwork: 'dvd.jpg',
};

/**
 * A theme's pictures come in two parts, drawn apart: the opening part is what the theme picker shows and what the
 * theme's looping preview is made of; the closing part (the last scene and the disc artwork) only a full render and
 * a label need. A new installation draws every theme's opening part first, so the picker is complete minutes sooner.
 */
export const PICTURE_PARTS = {
  opening: ['introScene', 'poster', 'icon', 'background'],
  closing: ['outroScene', 'dvdArtwork'],
} as const satisfies Record<string, readonly (keyof ThemeAssets)[]>;
export type PicturePart = keyof typeof PICTURE_PARTS;
export const ALL_PARTS: readonly PicturePart[] = ['opening', 'closing'];

/** The part a picture belongs to: serving a picker's icon must not wait for the disc artwork to be drawn. */
export const partOf = (picture: keyof ThemeAssets): PicturePart =>
  ALL_PARTS.find((part) => (PICTURE_PARTS[part] as readonly (keyof ThemeAssets)[]).includes(picture))!;

/** The part's file names, and where its version is noted in storage and kept in the cache. */
export function partFiles(part: PicturePart) {
  return {
    names: PICTURE_PARTS[part].map((k) => ASSET_FILES[k]),
    marker: part === 'opening' ? 'version' : `version-${part}`,
    cacheKey: (version: string) => (part === 'opening' ? version : `${version}-${part}`),
  };
}

export const ICON_SIZE = { width: 176, height: 99 };

export const themeFolder = (id: number): string => `themes/${id}`;

/** The looping preview video the render engine makes from a theme. */
export const themePreviewKey = (id: number): string => `${themeFolder(id)}/preview.mp4`;

export function themeAssetKeys(id: number): ThemeAssets {
  const folder = themeFolder(id);
  return Object.fromEntries(Object.entries(ASSET_FILES).map(([k, name]) => [k, `${folder}/${name}`])) as unknown as ThemeAssets;
}

/** Names what the pictures are drawn from: the design's art, title and type, and the generators' version. */
export function assetVersion(design: ThemeDesign): string {
  const { art, title, fonts, colours } = design;
  const type = (f: ThemeDesign['fonts']['title']) => [f.family, f.weight ?? 400, f.style ?? 'normal'];
  // Listed field by field: a design read back from jsonb has its keys in another order.
  const basis = JSON.stringify([ART_VERSION, art.family, art.seed, art.palette, title, type(fonts.title), type(fonts.body), colours.title, colours.text]);
  return createHash('sha256').update(basis).digest('hex').slice(0, 16);
}

/** Draws one part of a theme's pictures; about two seconds a scene (sky and watercolour take longer). */
async function draw(design: ThemeDesign, part: PicturePart): Promise<Record<string, Buffer>> {
  // librsvg quietly swaps a missing font for another; a theme must fail loudly instead.
  for (const font of Object.values(design.fonts)) fontFile(font);
  const generate = ART[design.art.family];
  // Each scene is drawn once to raw pixels; every picture made from it is encoded once from those.
  const scene = (name: 'background' | 'intro' | 'outro' | 'dvd'): Promise<Pixels> => rasterizeSvg(generate(name, design.art), WIDTH, HEIGHT);
  if (part === 'closing') {
    return {
      [ASSET_FILES.outroScene]: await pixelsToJpeg(await scene('outro')),
      [ASSET_FILES.dvdArtwork]: await pixelsToJpeg(await scene('dvd')),
    };
  }
  const intro = await scene('intro');
  return {
    [ASSET_FILES.introScene]: await pixelsToJpeg(intro),
    [ASSET_FILES.poster]: await pixelsToJpeg(await composePixels(intro, [titleOverlay(design, 'poster')])),
    [ASSET_FILES.icon]: await pixelsToJpeg(await composePixels(intro, [titleOverlay(design, 'icon')]), 90, ICON_SIZE),
    [ASSET_FILES.background]: await pixelsToJpeg(await scene('background')),
  };
}

/** Themes drawn at once: librsvg draws a picture on one core, so two keep a two-core machine busy. */
export const DRAW_CONCURRENCY = 2;

// Shared by every service in the process: drawing never draws a version twice, at most DRAW_CONCURRENCY at once,
// and one folder is filled by one writer at a time.
const drawSlot = limiter(DRAW_CONCURRENCY);
const drawing = new Map<string, Promise<Record<string, Buffer>>>();
const filling = new Map<string, Promise<boolean>>();

function drawOnce(design: ThemeDesign, version: string, part: PicturePart, files: ThemeFilesRepository): Promise<Record<string, Buffer>> {
  const key = partFiles(part).cacheKey(version);
  let job = drawing.get(key);
  if (!job) {
    job = drawSlot(async () => {
      const set = await draw(design, part);
      await files.writeCached(key, set);
      return set;
    });
    drawing.set(key, job);
    void job.then(() => drawing.delete(key), () => drawing.delete(key));
  }
  return job;
}

/**
 * Keeps each theme's pictures in storage under fixed keys (themes/{id}/intro.jpg ...), redrawn when its design or
 * the generators change. Drawn sets are cached by version outside storage, so a machine draws each version once.
 * Each part (PICTURE_PARTS) is placed, drawn and versioned on its own.
 */
export function themeAssetsService(files: ThemeFilesRepository) {
  const current = new Map<string, string>();
  const currentKey = (design: ThemeDesign, part: PicturePart): string => `${design.id}:${part}`;

  /** Puts the part's current pictures in place from storage or the cache; false when they must be drawn first. */
  async function place(design: ThemeDesign, version: string, part: PicturePart): Promise<boolean> {
    const folder = themeFolder(design.id);
    const { names, marker, cacheKey } = partFiles(part);
    if ((await files.readVersion(folder, marker)) !== version) {
      const set = await files.readCached(cacheKey(version), names);
      if (!set) return false;
      await files.writeSet(folder, set, version, marker);
    }
    current.set(currentKey(design, part), version);
    return true;
  }

  async function refresh(design: ThemeDesign, version: string, part: PicturePart): Promise<boolean> {
    if (await place(design, version, part)) return true;
    const set = await drawOnce(design, version, part, files);
    await files.writeSet(themeFolder(design.id), set, version, partFiles(part).marker);
    current.set(currentKey(design, part), version);
    return true;
  }

  const slotOf = (design: ThemeDesign, version: string, part: PicturePart): string => `${files.slot(themeFolder(design.id))}@${version}:${part}`;

  /** Runs `work` for the part's files unless a writer is already at it, then waits for that writer. */
  function alone(design: ThemeDesign, version: string, part: PicturePart, work: () => Promise<boolean>): Promise<boolean> {
    const slot = slotOf(design, version, part);
    const running = filling.get(slot);
    if (running) return running;
    const job = work().finally(() => filling.delete(slot));
    filling.set(slot, job);
    return job;
  }

  return {
    version: assetVersion,

    /** Makes sure the theme's pictures (by default every part) in storage match its design; answers their keys. */
    async ensure(design: ThemeDesign, parts: readonly PicturePart[] = ALL_PARTS): Promise<ThemeAssets> {
      const version = assetVersion(design);
      for (const part of parts) {
        if (current.get(currentKey(design, part)) === version) continue;
        const fill = (): Promise<boolean> => alone(design, version, part, () => refresh(design, version, part));
        // A writer that was only placing cached pictures answers false when there were none; then this one draws.
        if (!(await fill())) await fill();
        current.set(currentKey(design, part), version);
      }
      return themeAssetKeys(design.id);
    },

    /** The looping preview the render engine makes from a theme, once it exists. */
    async previewExists(id: number): Promise<boolean> {
      return files.exists(themePreviewKey(id));
    },

    /**
     * Like ensure for one part, without drawing: answers false when its pictures still have to be drawn, or are being
     * drawn now (a page asking how far the library is must not wait for a drawing).
     */
    async placed(design: ThemeDesign, part: PicturePart = 'opening'): Promise<boolean> {
      const version = assetVersion(design);
      if (current.get(currentKey(design, part)) === version) return true;
      if (filling.has(slotOf(design, version, part))) return false;
      return alone(design, version, part, () => place(design, version, part));
    },
  };
}

export type ThemeAssetsService = ReturnType<typeof themeAssetsService>;
