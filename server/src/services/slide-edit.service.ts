import { copyFile, open } from 'node:fs/promises';
import { photoGeometry } from '../../../common/photo-geometry.ts';
import { AppError } from '../http/errors.ts';
import { CROP_SPACE } from '../media/image-recipe.ts';
import { MAX_PIXELS, maxBytesFor } from '../media/limits.ts';
import { MediaError } from '../media/media-error.ts';
import { SNIFF_BYTES, sniffMedia } from '../media/media-types.ts';
import type { ImageRepository } from '../repositories/image.repository.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { WireCrop, WireSlide, WireSlideInspection } from '../wire/slide.ts';
import { toWireSlide, type SlideUrls } from '../wire/slide.wire.ts';
import { addWithinLinkLimit } from './link-limit.ts';
import { MEDIA_MESSAGES, tooManyBytesMessage, tooManyPixelsMessage } from './slide-media.service.ts';
import type { Caller } from './slide.service.ts';
import { toolImageUrls } from './slide-tool-images.ts';

/** Effect 5 is the custom zoom (spec 2 section 9). */
export const CUSTOM_ZOOM_EFFECT = 5;
/** Spec 2: a crop smaller than 16 (in the photo's pixels) in either dimension is invalid. */
export const CROP_MINIMUM = 16;
/** A replacement whose shape differs by more than this keeps no red-eye or blemish marks. */
const SAME_ASPECT = 0.01;

/** Every edit Undo All Changes takes back: the photo as it was uploaded. */
export const ORIGINAL_LOOK: Partial<SlideRow> = {
  angle: 0, crop: null, hue: 0, brightness: 100, contrast: 100, saturation: 100, straighten: 0, enhance: false,
  redeyes: [], blemishes: [], has_been_edited: false,
};

const bad = (message: string): never => {
  throw new AppError(400, message);
};

/** A rectangle in crop space, from numbers or numeric strings; anything else is refused. */
export function parseRect(value: unknown, what: string): WireCrop {
  const v = (value ?? {}) as Record<string, unknown>;
  const n = (key: string) => (v[key] === '' || v[key] === null || v[key] === undefined ? NaN : Number(v[key]));
  const rect = { x1: n('x1'), x2: n('x2'), y1: n('y1'), y2: n('y2') };
  const inside = Object.values(rect).every((c) => Number.isFinite(c) && c >= 0 && c <= CROP_SPACE);
  if (!inside || rect.x2 <= rect.x1 || rect.y2 <= rect.y1) bad(`The ${what} is not a valid rectangle.`);
  return { x1: Math.round(rect.x1), x2: Math.round(rect.x2), y1: Math.round(rect.y1), y2: Math.round(rect.y2) };
}

/** The custom zoom's start and end: [start, end], {start, end}, or either as JSON text. */
export function parseKenBurns(coords: unknown): [WireCrop, WireCrop] {
  let value = coords;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      bad('The custom zoom positions are not valid.');
    }
  }
  const pair = Array.isArray(value) ? value : value && typeof value === 'object' ? [(value as Record<string, unknown>).start, (value as Record<string, unknown>).end] : [];
  if (pair.length !== 2) bad('The custom zoom needs a starting and an ending position.');
  return [parseRect(pair[0], 'starting position'), parseRect(pair[1], 'ending position')];
}

/** Marks in pixels of the old original, on the new one: scaled when the shape is the same, else dropped. */
export function carriedMarks(marks: [number, number, number][], from: { width: number | null; height: number | null }, to: { width: number; height: number }): [number, number, number][] {
  if (!marks.length || !from.width || !from.height) return [];
  const before = from.width / from.height;
  const after = to.width / to.height;
  if (Math.abs(after - before) / before > SAME_ASPECT) return [];
  const scale = to.width / from.width;
  return marks.map(([x, y, r]) => [x * scale, y * scale, r * scale]);
}

export interface SlideEditDeps {
  slides: SlideRepository;
  files: MediaFileRepository;
  images: Pick<ImageRepository, 'readInfo'>;
  urls: (slide: SlideRow, securityHash?: string) => SlideUrls;
  /** Makes the derived images of a slide left pending (upload processing). */
  process: (slideId: number) => Promise<void>;
  camera: (file: string) => Promise<string | null>;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

export interface UploadedFile {
  path: string;
  originalname: string;
  size: number;
}

/** The photo editor's calls beyond /slides/save: crop, undo all, custom zoom, upload and replace, inspection. */
export function slideEditService(deps: SlideEditDeps) {
  const { slides } = deps;

  async function wire(caller: Caller, rows: SlideRow[]): Promise<WireSlide[]> {
    const order = new Map((await slides.listActive(caller.access.video.id)).map((s, i) => [s.id, i]));
    return rows.map((row) => ({
      ...toWireSlide(row, order.get(row.id) ?? 0, deps.urls(row, caller.securityHash)),
      ...toolImageUrls(row, caller.securityHash),
    }));
  }

  async function one(caller: Caller, row: SlideRow): Promise<WireSlide> {
    await deps.notify(caller.access.video.id, caller.socketId);
    return (await wire(caller, [row]))[0];
  }

  /** The slide of this video, not deleted; anything else looks missing. */
  async function live(caller: Caller, slideId: number): Promise<SlideRow> {
    const [row] = await slides.findMany(caller.access.video.id, [slideId]);
    if (!row || row.deleted_at) throw new AppError(404, 'Not found');
    return row;
  }

  function photo(row: SlideRow, tool: 'crop' | 'zoom'): void {
    if (tool === 'crop' && row.is_video) bad('Cannot crop video');
    if (tool === 'crop' && row.is_text) bad('Cannot crop text slide');
    if (row.is_video || row.is_text) bad('Custom zoom cannot be used on video or text slides.');
    if (row.processing_state !== 'ready') bad('This photo is still being processed. Please try again in a moment.');
  }

  return {
    /** POST /r/slides/crop/: a crop in crop space of the straightened photo; `asNew` crops a copy (Crop as New). */
    async crop(caller: Caller, slideId: number, rect: unknown, asNew: boolean): Promise<WireSlide> {
      const row = await live(caller, slideId);
      photo(row, 'crop');
      const crop = parseRect(rect, 'crop');
      if (row.width && row.height) {
        const { window } = photoGeometry({ angle: row.angle, straighten: row.straighten, crop: null }, { width: row.width, height: row.height });
        const w = ((crop.x2 - crop.x1) / CROP_SPACE) * window.width;
        const h = ((crop.y2 - crop.y1) / CROP_SPACE) * window.height;
        if (w < CROP_MINIMUM || h < CROP_MINIMUM) bad(`A crop must be at least ${CROP_MINIMUM} pixels wide and high.`);
      }
      const full = crop.x1 === 0 && crop.y1 === 0 && crop.x2 === CROP_SPACE && crop.y2 === CROP_SPACE;
      const values = { crop: full ? null : crop, has_been_edited: true };
      if (!asNew) return one(caller, await slides.update(row.id, values));
      const [copy] = await addWithinLinkLimit(slides, caller.access, () => 1, (trx) => slides.duplicate(caller.access.video.id, [row.id], trx));
      return one(caller, await slides.update(copy.id, values));
    },

    /** POST /r/slides/revert: Undo All Changes. The derived images are those of the untouched original again. */
    async revert(caller: Caller, slideId: number): Promise<WireSlide> {
      const row = await live(caller, slideId);
      if (row.is_text) bad('A text slide has no photo to restore.');
      return one(caller, await slides.update(row.id, ORIGINAL_LOOK));
    },

    /** POST /r/effects/save_ken_burns: the custom zoom (effect 5) moves from the start to the end rectangle. */
    async saveKenBurns(caller: Caller, slideId: number, coords: unknown): Promise<WireSlide> {
      const row = await live(caller, slideId);
      photo(row, 'zoom');
      const kenburns = parseKenBurns(coords);
      return one(caller, await slides.update(row.id, { effect_data: { kenburns }, effect_id: CUSTOM_ZOOM_EFFECT, user_set_effect: true }));
    },

    /** POST /r/effects/clear_ken_burns: back to the automatic effect. */
    async clearKenBurns(caller: Caller, slideId: number): Promise<WireSlide> {
      const row = await live(caller, slideId);
      const effect = row.effect_id === CUSTOM_ZOOM_EFFECT ? { effect_id: 0, user_set_effect: false } : {};
      return one(caller, await slides.update(row.id, { effect_data: null, ...effect }));
    },

    /**
     * POST /slides/edit_slide_image/{videoId}/{slideId}: a new original for a photo. Crop and custom zoom live in
     * crop space (fractions of the photo), so they scale by themselves; red-eye and blemish marks (pixels) are
     * scaled, or dropped when the new photo has another shape. The old original stays on disk (purged later).
     */
    async replace(caller: Caller, slideId: number, upload: UploadedFile | undefined): Promise<WireSlide> {
      const row = await live(caller, slideId);
      if (row.is_text || row.is_video) bad('Upload and replace works on photos.');
      if (!upload) bad('Please choose a photo to upload.');
      const file = upload!;
      const head = Buffer.alloc(SNIFF_BYTES);
      const handle = await open(file.path, 'r');
      try {
        await handle.read(head, 0, SNIFF_BYTES, 0);
      } finally {
        await handle.close();
      }
      const sniffed = sniffMedia(head);
      if (!sniffed || sniffed.kind !== 'image') bad('Please choose a photo (JPEG, PNG, HEIC, GIF, WebP or TIFF).');
      if (file.size > maxBytesFor('image')) bad(tooManyBytesMessage('image', file.size));
      const key = `videos/${row.video_id}/slides/${row.id}/original-${Date.now()}.upload`;
      await deps.files.writeVia(key, (tmp) => copyFile(file.path, tmp));
      let info: { width: number; height: number };
      try {
        info = await deps.images.readInfo(key, sniffed!.mime);
      } catch (err) {
        if (err instanceof MediaError) bad(MEDIA_MESSAGES[err.problem]);
        throw err;
      }
      if (info!.width * info!.height > MAX_PIXELS) bad(tooManyPixelsMessage(info!.width, info!.height));
      await slides.update(row.id, {
        orig_path: key,
        orig_filename: file.originalname || row.orig_filename,
        mime: sniffed!.mime,
        sha256: null,
        processing_state: 'pending',
        processing_error: null,
        redeyes: carriedMarks(row.redeyes, row, info!),
        blemishes: carriedMarks(row.blemishes, row, info!),
      });
      await deps.process(row.id);
      const after = await slides.find(row.id);
      if (!after || after.processing_state !== 'ready') bad(after?.processing_error ?? MEDIA_MESSAGES.damaged);
      return one(caller, after!);
    },

    /** GET /r/slides/{id}/inspect: what the photo inspection dialog shows. */
    async inspect(caller: Caller, slideId: number): Promise<WireSlideInspection> {
      const row = await live(caller, slideId);
      const camera = row.orig_path && !row.is_video && !row.is_text ? await deps.camera(await deps.files.local(row.orig_path)) : null;
      return {
        file_name: row.orig_filename,
        type: row.mime,
        bytes: row.bytes === null ? null : Number(row.bytes),
        width: row.width,
        height: row.height,
        taken_at: row.datetime ? new Date(row.datetime).toISOString() : null,
        uploaded_at: new Date(row.created_at).toISOString(),
        camera,
      };
    },
  };
}

export type SlideEditService = ReturnType<typeof slideEditService>;
