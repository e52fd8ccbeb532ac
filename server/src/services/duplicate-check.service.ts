import { AppError } from '../http/errors.ts';
import { compareSmallPictures, isSamePhoto, type SmallPicture } from '../media/similarity.ts';
import { cropCandidatePairs, windowPrints, type WindowPrints } from '../media/window-prints.ts';
import type { SlideRepository } from '../repositories/slide.repository.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import type { SlidePrintsRepository } from '../repositories/slide-prints.repository.ts';
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
  /** The video's slides that are not deleted (any kind, any state). */
  listSlides: (videoId: number) => Promise<SlideMediaRow[]>;
  prints: Pick<SlidePrintsRepository, 'forVideo' | 'save'>;
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
const isReadyPhoto = (s: SlideMediaRow) => isPhoto(s) && !s.deleted_at && s.processing_state === 'ready';

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
 * The server's second opinion on the browser's candidate pairs (media/similarity.ts), its own crop candidates put
 * to the same check, and spec 2's POST /r/slides/mark_duplicate.
 */
export function duplicateCheckService(deps: DuplicateCheckDeps) {
  const verdicts = new Map<string, { duplicate: boolean; structure: number; colour: number }>();

  const verdictKey = (a: SlideMediaRow, b: SlideMediaRow) => [deps.thumbVersion(a), deps.thumbVersion(b)].sort().join('|');

  async function judge(a: SlideMediaRow, b: SlideMediaRow) {
    const key = verdictKey(a, b);
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
        if (row && row.video_id === videoId && isReadyPhoto(row)) rows.set(id, row);
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

    /**
     * The second source of candidate pairs (media/window-prints.ts): light crops the browser's fingerprints cannot
     * see as near. Each ready photo's window prints are made once per thumbnail version and kept; every candidate
     * is put to the same check as the browser's pairs, and only the confirmed ones are answered. At most MAX_PAIRS
     * unjudged candidates are judged a call; `more` asks the page to call again for the rest.
     */
    async proposals(caller: Caller): Promise<{ pairs: PairVerdict[]; more: boolean }> {
      const videoId = caller.access.video.id;
      const photos = (await deps.listSlides(videoId)).filter((s) => s.video_id === videoId && isReadyPhoto(s));
      const stored = await deps.prints.forVideo(videoId);
      const prints = new Map<number, WindowPrints>();
      const rows = new Map<number, SlideMediaRow>();
      for (const slide of photos) {
        const version = deps.thumbVersion(slide);
        let found = stored.get(slide.id);
        if (found?.version !== version) {
          // A photo whose thumbnail cannot be made is left out, as the browser leaves out one it cannot load.
          const made = await deps.thumbFile(slide).then(deps.smallPicture).then(windowPrints).catch(() => null);
          if (!made) continue;
          await deps.prints.save(slide.id, videoId, version, made);
          found = { version, prints: made };
        }
        prints.set(slide.id, found.prints);
        rows.set(slide.id, slide);
      }
      const pairs: PairVerdict[] = [];
      let judged = 0;
      for (const [a, b] of cropCandidatePairs(prints)) {
        const [ra, rb] = [rows.get(a)!, rows.get(b)!];
        if (!verdicts.has(verdictKey(ra, rb)) && judged++ >= MAX_PAIRS) return { pairs, more: true };
        const verdict = await judge(ra, rb);
        if (verdict.duplicate) pairs.push({ ids: [a, b], ...verdict });
      }
      return { pairs, more: false };
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
