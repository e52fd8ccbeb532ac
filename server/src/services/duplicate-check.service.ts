import { AppError } from '../http/errors.ts';
import { compareSmallPictures, isSamePhoto, type SmallPicture } from '../media/similarity.ts';
import type { SlideRepository } from '../repositories/slide.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import type { Caller } from './slide.service.ts';

/** A browser may ask about this many pairs at once; a big upload asks again as fingerprints arrive. */
export const MAX_PAIRS = 300;
/** Verdicts kept in memory, keyed by both thumbnails' versions (an edit makes a new key). */
const CACHE_SIZE = 20_000;

export interface PairVerdict {
  ids: [number, number];
  duplicate: boolean;
  structure: number;
  colour: number;
}

export interface DuplicateCheckDeps {
  slides: SlideRepository;
  findSlide: (id: number) => Promise<SlideMediaRow | undefined>;
  /** The slide's thumbnail as the grid shows it (every edit applied), made if missing. */
  thumbFile: (slide: SlideMediaRow) => Promise<string>;
  /** Names the thumbnail's version; equal names mean equal pixels. */
  thumbVersion: (slide: SlideMediaRow) => string;
  smallPicture: (file: string) => Promise<SmallPicture>;
  /** Soft-deletes and tells the other editors (the slide service's delete). */
  remove: (caller: Caller, ids: number[]) => Promise<number[]>;
  notify: (videoId: number, owner: string | null) => Promise<void>;
}

const isPhoto = (s: Pick<SlideMediaRow, 'is_text' | 'is_video'>) => !s.is_text && !s.is_video;

/** Reads `[[a, b], ...]` (or JSON text of it) into pairs of two different positive ids. */
export function parsePairs(value: unknown): [number, number][] {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      throw new AppError(400, 'pairs must be a list of two slide ids each');
    }
  }
  if (!Array.isArray(list)) throw new AppError(400, 'pairs must be a list of two slide ids each');
  if (list.length > MAX_PAIRS) throw new AppError(400, `At most ${MAX_PAIRS} pairs at a time`);
  return list.map((pair) => {
    const ids = Array.isArray(pair) ? pair.map(Number) : [];
    if (ids.length !== 2 || !ids.every((n) => Number.isSafeInteger(n) && n > 0) || ids[0] === ids[1]) throw new AppError(400, 'pairs must be a list of two slide ids each');
    return [ids[0], ids[1]];
  });
}

/**
 * The server's second opinion on the browser's candidate pairs (media/similarity.ts), and spec 2's
 * POST /r/slides/mark_duplicate.
 */
export function duplicateCheckService(deps: DuplicateCheckDeps) {
  const verdicts = new Map<string, { duplicate: boolean; structure: number; colour: number }>();

  async function judge(a: SlideMediaRow, b: SlideMediaRow) {
    const key = [deps.thumbVersion(a), deps.thumbVersion(b)].sort().join('|');
    const known = verdicts.get(key);
    if (known) return known;
    const [pa, pb] = await Promise.all([deps.thumbFile(a).then(deps.smallPicture), deps.thumbFile(b).then(deps.smallPicture)]);
    const similarity = compareSmallPictures(pa, pb);
    const verdict = { duplicate: isSamePhoto(similarity), structure: similarity.structure, colour: similarity.colour };
    if (verdicts.size >= CACHE_SIZE) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
    return verdict;
  }

  return {
    /** Pairs naming a slide that is not a ready photo of this video are left out of the answer. */
    async check(caller: Caller, pairs: [number, number][]): Promise<PairVerdict[]> {
      const videoId = caller.access.video.id;
      const wanted = [...new Set(pairs.flat())];
      const rows = new Map<number, SlideMediaRow>();
      for (const id of wanted) {
        const row = await deps.findSlide(id);
        if (row && row.video_id === videoId && isPhoto(row) && !row.deleted_at && row.processing_state === 'ready') rows.set(id, row);
      }
      const answer: PairVerdict[] = [];
      for (const [a, b] of pairs) {
        const ra = rows.get(a);
        const rb = rows.get(b);
        if (!ra || !rb) continue;
        answer.push({ ids: [a, b], ...(await judge(ra, rb)) });
      }
      return answer;
    },

    /** Removals are deleted (Restore Deleted brings them back) and stay marked; keepers are explicit keeps. */
    async mark(caller: Caller, remove: number[], keep: number[]): Promise<{ removed: number[]; kept: number[] }> {
      const videoId = caller.access.video.id;
      const keepOnly = keep.filter((id) => !remove.includes(id));
      const known = new Set((await deps.slides.findMany(videoId, [...remove, ...keepOnly])).map((s) => s.id));
      if ((remove.length || keepOnly.length) && !known.size) throw new AppError(404, 'Not found');
      const removeIds = remove.filter((id) => known.has(id));
      const keepIds = keepOnly.filter((id) => known.has(id));
      if (removeIds.length) await deps.slides.updateMany(videoId, removeIds, { duplicate: true });
      if (keepIds.length) await deps.slides.updateMany(videoId, keepIds, { duplicate: false });
      const removed = removeIds.length ? await deps.remove(caller, removeIds) : [];
      // A delete has told the other editors already; keeps alone change what their alert shows too.
      if (!removed.length && keepIds.length) await deps.notify(videoId, caller.socketId);
      return { removed, kept: keepIds };
    },
  };
}

export type DuplicateCheckService = ReturnType<typeof duplicateCheckService>;
