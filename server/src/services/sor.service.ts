import path from 'node:path';
import { NEW_TEXT_BACKGROUND } from '../../../common/text-backgrounds.ts';
import { AppError } from '../http/errors.ts';
import type { Body } from '../http/request.ts';
import type { SlideRepository, SlideRow } from '../repositories/slide.repository.ts';
import type { CoverPhoto, FinishedVideo, SorRepository } from '../repositories/sor.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { VideoRepository, VideoRow } from '../repositories/video.repository.ts';
import type { WireSorCreated, WireSorVideoCount } from '../wire/sor.ts';
import { CAPTION_FONT, TEXT_SLIDE_FONT } from './slide-attributes.ts';

export const SOR_ERRORS = {
  noOrganization: 'Only members of an organization can create a Service of Remembrance.',
  badDate: 'Enter the dates as YYYY-MM-DD.',
  backwards: 'The start date must be on or before the end date.',
  empty: 'No videos were finished between those dates.',
} as const;

const bad = (message: string, status = 400): never => {
  throw new AppError(status, message);
};

/** A calendar day as local midnight; refuses impossible days such as 2026-02-30. */
export function parseDay(value: unknown): Date {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (!match) return bad(SOR_ERRORS.badDate);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return bad(SOR_ERRORS.badDate);
  return date;
}

/** Form checkboxes arrive as '1', 'true' or 'on' when ticked. */
const ticked = (value: unknown): boolean => value === true || value === '1' || value === 'true' || value === 'on';

export interface SorRange {
  from: Date;
  /** The day after the end date: the range is [from, to). */
  to: Date;
  year: number;
  captionRemoveBackdrop: boolean;
}

export function parseSorRequest(body: Body): SorRange {
  const from = parseDay(body.start_date);
  const end = parseDay(body.end_date);
  if (from > end) bad(SOR_ERRORS.backwards);
  const to = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  return { from, to, year: end.getFullYear(), captionRemoveBackdrop: ticked(body.caption_remove_backdrop) };
}

export interface SorDeps {
  sor: SorRepository;
  videos: VideoRepository;
  slides: SlideRepository;
  /** Makes a new photo slide's derived images: queued where workers run, at once otherwise. */
  process: (slideId: number) => Promise<void>;
}

/** The slide that remembers one video: its cover photo with the title as caption, or the title alone. */
function slideFor(video: FinishedVideo, cover: CoverPhoto | undefined, remembrance: VideoRow, position: number, removeBackdrop: boolean): Partial<SlideRow> & { video_id: number } {
  const base = { video_id: remembrance.id, position, slide_caption: video.title, caption_remove_backdrop: removeBackdrop };
  if (!cover) {
    return { ...base, is_text: true, font: TEXT_SLIDE_FONT, font_size: 50, slide_background: NEW_TEXT_BACKGROUND, processing_state: 'ready' };
  }
  const { video_id: _source, orig_path: _path, ...photo } = cover;
  return { ...base, ...photo, font: CAPTION_FONT, processing_state: 'pending' };
}

/** Service of Remembrance (spec 1, sections 2.4 and 4): a yearly video with one slide for each video finished. */
export function sorService({ sor, videos, slides, process }: SorDeps) {
  const organizationOf = (user: UserWithOrg): number => user.organization_id ?? bad(SOR_ERRORS.noOrganization, 403);

  return {
    async create(user: UserWithOrg, body: Body): Promise<WireSorCreated> {
      const organizationId = organizationOf(user);
      const range = parseSorRequest(body);
      const finished = await sor.finishedBetween(organizationId, range.from, range.to);
      if (finished.length === 0) bad(SOR_ERRORS.empty, 422);
      const covers = await sor.coverPhotos(finished.map((v) => v.id));
      const remembrance = await videos.create({
        title: `Service of Remembrance ${range.year}`,
        organization_id: organizationId,
        user_id: user.id,
        is_sor: true,
        caption_remove_backdrop: range.captionRemoveBackdrop,
      });
      const pending: number[] = [];
      try {
        for (const [i, video] of finished.entries()) {
          const cover = covers.get(video.id);
          const row = await slides.insert(slideFor(video, cover, remembrance, i + 1, range.captionRemoveBackdrop));
          if (!cover?.orig_path) continue;
          const key = `videos/${remembrance.id}/slides/${row.id}/original${path.extname(cover.orig_path)}`;
          await sor.copyOriginal(cover.orig_path, key);
          await slides.update(row.id, { orig_path: key });
          pending.push(row.id);
        }
      } catch (err) {
        // A half-made remembrance video is no use to anyone: it goes to the rubbish like a deleted video.
        await videos.softDelete(remembrance.id);
        throw err;
      }
      for (const slideId of pending) await process(slideId);
      return { video_id: remembrance.id, video_count: finished.length };
    },

    async videoCount(user: UserWithOrg, now = new Date()): Promise<WireSorVideoCount> {
      if (user.organization_id === null) return { video_count: 0 };
      return { video_count: await sor.countFinished(user.organization_id, new Date(now.getFullYear(), 0, 1)) };
    },

    /** The banner stays away for the rest of the year. */
    async dismiss(user: UserWithOrg, now = new Date()): Promise<void> {
      await sor.dismiss(user.id, now.getFullYear());
    },
  };
}
