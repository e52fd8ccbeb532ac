import { NEW_TEXT_BACKGROUND } from '../../../common/text-backgrounds.ts';
import { AppError } from '../http/errors.ts';
import { normalizeAngle, rotateCrop } from '../media/crop.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { WireSlide } from '../wire/slide.ts';
import { toWireSlide, type SlideUrls } from '../wire/slide.wire.ts';
import { addWithinLinkLimit } from './link-limit.ts';
import { parseSlideAttributes, TEXT_SLIDE_FONT } from './slide-attributes.ts';
import { toolImageUrls } from './slide-tool-images.ts';
import type { VideoAccess } from './video-access.ts';

export interface SlideServiceDeps {
  slides: SlideRepository;
  urls: (slide: SlideRow, securityHash?: string) => SlideUrls;
  /** Tells the video's other editors; owner is the socket id of the caller (never told about its own change). */
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

/** Who is calling, for wire URLs (family links carry their hash) and live-sync ownership. */
export interface Caller {
  access: VideoAccess;
  securityHash?: string;
  socketId: string | null;
}


const isPhoto = (s: Pick<SlideRow, 'is_text' | 'is_video'>) => !s.is_text && !s.is_video;
const kindName = (s: Pick<SlideRow, 'is_text'>) => (s.is_text ? 'Text slide' : 'Video clip');

export function ids(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
}

export function slideService(deps: SlideServiceDeps) {
  const { slides } = deps;
  const wire = (caller: Caller, rows: SlideRow[], indexOf?: Map<number, number>): WireSlide[] =>
    rows.map((row, i) => ({ ...toWireSlide(row, indexOf?.get(row.id) ?? i, deps.urls(row, caller.securityHash)), ...toolImageUrls(row, caller.securityHash) }));

  async function indexMap(videoId: number): Promise<Map<number, number>> {
    return new Map((await slides.listActive(videoId)).map((s, i) => [s.id, i]));
  }

  async function changed(caller: Caller): Promise<void> {
    await deps.notify(caller.access.video.id, caller.socketId);
  }

  /** The slides of this video among `slideIds`; refuses when none is found. */
  async function pick(caller: Caller, slideIds: number[]): Promise<SlideRow[]> {
    const rows = await slides.findMany(caller.access.video.id, slideIds);
    if (!rows.length) throw new AppError(404, 'Not found');
    return rows;
  }

  return {
    async list(caller: Caller, options: { deleted?: boolean } = {}): Promise<WireSlide[]> {
      const videoId = caller.access.video.id;
      return wire(caller, options.deleted ? await slides.listDeleted(videoId) : await slides.listActive(videoId));
    },

    async reorder(caller: Caller, orderedIds: number[]): Promise<void> {
      const videoId = caller.access.video.id;
      const current = await slides.listActive(videoId);
      const byId = new Map(current.map((s) => [s.id, s]));
      const order = orderedIds.filter((id) => byId.has(id));
      const rest = current.filter((s) => !order.includes(s.id));
      const first = byId.get(order[0]) ?? rest[0];
      if (first && !isPhoto(first) && current.some(isPhoto)) {
        throw new AppError(400, `${kindName(first)} cannot be the first slide. Move it after the cover photo and try again.`);
      }
      await slides.reorder(videoId, order);
      await changed(caller);
    },

    async remove(caller: Caller, slideIds: number[]): Promise<number[]> {
      const removed = await slides.softDelete(caller.access.video.id, slideIds);
      if (removed.length) await changed(caller);
      return removed;
    },

    async undelete(caller: Caller, slideIds: number[]): Promise<number[]> {
      const videoId = caller.access.video.id;
      const restored = await addWithinLinkLimit(
        slides,
        caller.access,
        // Only slides the restore brings back count: deleted ones that had finished uploading (as slides.undelete).
        async (trx) => (await slides.findMany(videoId, slideIds, trx)).filter((s) => s.deleted_at && (s.processing_state === 'pending' || s.processing_state === 'ready')).length,
        (trx) => slides.undelete(videoId, slideIds, trx),
      );
      if (restored.length) await changed(caller);
      return restored;
    },

    async duplicate(caller: Caller, slideIds: number[]): Promise<WireSlide[]> {
      const videoId = caller.access.video.id;
      await pick(caller, slideIds);
      const copies = await addWithinLinkLimit(
        slides,
        caller.access,
        async (trx) => (await slides.findMany(videoId, slideIds, trx)).filter((s) => !s.deleted_at).length,
        (trx) => slides.duplicate(videoId, slideIds, trx),
      );
      await changed(caller);
      return wire(caller, copies, await indexMap(caller.access.video.id));
    },

    /** `angles[i]` is the change for `slideIds[i]` in degrees (multiples of 90, either sign). */
    async rotate(caller: Caller, slideIds: number[], angles: number[]): Promise<WireSlide[]> {
      const rows = await pick(caller, slideIds);
      if (rows.some((s) => s.is_text)) throw new AppError(400, 'Text slides cannot be rotated.');
      const updated: SlideRow[] = [];
      for (const row of rows) {
        const delta = normalizeAngle(Number(angles[slideIds.indexOf(row.id)] ?? 0));
        if (delta === 0) {
          updated.push(row);
          continue;
        }
        const crop = row.crop ? rotateCrop(row.crop, delta / 90) : null;
        updated.push(await slides.update(row.id, { angle: normalizeAngle(row.angle + delta), crop }));
      }
      await changed(caller);
      return wire(caller, updated, await indexMap(caller.access.video.id));
    },

    /** Enhance skips text and video slides and slides already at the requested value. */
    async enhance(caller: Caller, slideIds: number[], value: boolean): Promise<WireSlide[]> {
      const rows = await pick(caller, slideIds);
      const targets = rows.filter((s) => isPhoto(s) && s.enhance !== value).map((s) => s.id);
      if (targets.length) {
        await slides.updateMany(caller.access.video.id, targets, { enhance: value });
        await changed(caller);
      }
      return wire(caller, await slides.findMany(caller.access.video.id, rows.map((r) => r.id)), await indexMap(caller.access.video.id));
    },

    /** POST /slides/save: updates a slide, or creates a text slide when no slide_id is given. */
    async save(caller: Caller, body: Record<string, unknown>): Promise<WireSlide> {
      const videoId = caller.access.video.id;
      const slideId = Number(body.slide_id);
      let row: SlideRow;
      if (!body.slide_id) {
        const attrs = parseSlideAttributes(body, { is_text: true, is_video: false, clip_duration: null });
        row = await addWithinLinkLimit(
          slides,
          caller.access,
          () => 1,
          async (trx) =>
            slides.insert(
              {
                video_id: videoId,
                position: await slides.nextPosition(videoId, trx),
                is_text: true,
                font: TEXT_SLIDE_FONT,
                font_size: 50,
                slide_background: NEW_TEXT_BACKGROUND,
                slide_caption: '',
                processing_state: 'ready',
                via_upload_link: caller.access.linkLevel !== undefined,
                ...attrs,
              },
              trx,
            ),
        );
      } else {
        const [current] = await pick(caller, [slideId]);
        if (current.deleted_at) throw new AppError(404, 'Not found');
        const attrs = parseSlideAttributes(body, current);
        row = Object.keys(attrs).length ? await slides.update(current.id, attrs) : current;
      }
      await changed(caller);
      const [out] = wire(caller, [row], await indexMap(videoId));
      return out;
    },

    async processing(caller: Caller, slideIds: number[]) {
      const rows = await slides.findMany(caller.access.video.id, slideIds);
      return rows.map((r) => ({ id: r.id, processing_state: r.processing_state, processing_error: r.processing_error }));
    },

    async findForDownload(caller: Caller, slideId: number): Promise<SlideRow> {
      const [row] = await pick(caller, [slideId]);
      if (!row.orig_path) throw new AppError(404, 'This slide has no original file to download.');
      return row;
    },
  };
}

export type SlideService = ReturnType<typeof slideService>;
