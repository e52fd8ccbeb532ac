import type { Db } from '../db/database.ts';
import { hasTrustedOrientation, type FaceBox, type RotationVerdict } from '../media/rotation-analysis.ts';
import type { SlideMediaRow } from '../repositories/slide-media.repository.ts';
import type { Caller } from './slide.service.ts';

/** Spec 2 "Idea": flavor, slide_id, accepted (null pending, true accepted, false ignored), na, angle. */
export interface WireIdea {
  flavor: 'rotation';
  slide_id: number;
  accepted: boolean | null;
  na: boolean;
  angle: number | null;
}

interface IdeaRow {
  slide_id: number;
  video_id: number;
  flavor: string;
  angle: number | null;
  na: boolean;
  accepted: boolean | null;
  confidence: number | null;
  faces: FaceBox[] | null;
  analysed_angle: number;
  /** The crop and straighten of the picture analysed (media/face-geometry.ts carries its faces through them). */
  analysed_crop: string | null;
  analysed_straighten: number;
}

export interface RotationIdeasDeps {
  db: Db;
  findSlide: (id: number) => Promise<SlideMediaRow | undefined>;
  /** The uploaded file as sent (its EXIF tells whether the camera knew which way was up). */
  originalFile: (slide: SlideMediaRow) => Promise<string>;
  /** The picture analysed: the slide's big image, with EXIF orientation and the slide's current turn applied. */
  analysisFile: (slide: SlideMediaRow) => Promise<string>;
  analyse: (file: string) => Promise<RotationVerdict>;
  /** The normal rotate path (live sync, new derived images, the render plan follows the slide's angle). */
  rotate: (caller: Caller, slideIds: number[], angles: number[]) => Promise<unknown>;
}

const FLAVOR = 'rotation';

/** Parses accept_ideas' `rotation`: a map of slide id to accepted, as an object (form brackets or JSON body) or JSON text. */
export function parseDecisions(value: unknown): Map<number, boolean> {
  let map: unknown = value;
  if (typeof value === 'string') {
    try {
      map = JSON.parse(value) as unknown;
    } catch {
      map = {};
    }
  }
  const decisions = new Map<number, boolean>();
  if (!map || typeof map !== 'object') return decisions;
  for (const [key, raw] of Object.entries(map as Record<string, unknown>)) {
    const id = Number(key);
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    decisions.set(id, raw === true || raw === 'true' || raw === 1 || raw === '1');
  }
  return decisions;
}

export function rotationIdeasService(deps: RotationIdeasDeps) {
  const { db } = deps;
  const table = () => db<IdeaRow>('slide_ideas');

  async function record(slide: SlideMediaRow, verdict: Pick<RotationVerdict, 'angle' | 'confidence' | 'faces'> | null): Promise<void> {
    await table()
      .insert({
        slide_id: slide.id,
        video_id: slide.video_id,
        flavor: FLAVOR,
        angle: verdict?.angle ?? null,
        na: verdict?.angle == null,
        confidence: verdict?.confidence ?? null,
        faces: verdict ? (JSON.stringify(verdict.faces) as unknown as FaceBox[]) : null,
        analysed_angle: slide.angle,
        // The big image analysed has every edit of this row; a crop or straighten made in the first seconds after
        // upload is among them, and the stored face boxes are fractions of that cropped, straightened picture.
        analysed_crop: slide.crop ? JSON.stringify(slide.crop) : null,
        analysed_straighten: slide.straighten ?? 0,
      })
      .onConflict(['slide_id', 'flavor'])
      .ignore();
  }

  return {
    /**
     * The 'slides.analyse' job. A photo whose camera recorded its orientation, or whose analysis fails, gets
     * an idea with na set (nothing to suggest), so the page stops waiting for it.
     */
    async analyseSlide(slideId: number): Promise<void> {
      const slide = await deps.findSlide(slideId);
      if (!slide || slide.is_text || slide.is_video || slide.processing_state !== 'ready' || slide.deleted_at || !slide.orig_path) return;
      if (await table().where({ slide_id: slideId, flavor: FLAVOR }).first()) return;
      let verdict: RotationVerdict | null = null;
      try {
        const trusted = await deps.originalFile(slide).then(hasTrustedOrientation).catch(() => false);
        verdict = await deps.analyse(await deps.analysisFile(slide));
        // A camera that recorded its orientation is trusted: its faces are kept for framing, no turn suggested.
        if (trusted) verdict = { ...verdict, angle: null };
      } catch (err) {
        console.error(`[ideas] slide ${slideId}: ${err instanceof Error ? err.message : String(err)}`);
      }
      await record(slide, verdict);
    },

    /** POST /r/slides/ideas: the ideas found so far for these slides of the caller's video. */
    async ideas(caller: Caller, slideIds: number[]): Promise<WireIdea[]> {
      if (!slideIds.length) return [];
      const rows = await table()
        .join('slides', 'slides.id', 'slide_ideas.slide_id')
        .where('slide_ideas.video_id', caller.access.video.id)
        .where('slides.video_id', caller.access.video.id)
        .whereNull('slides.deleted_at')
        .whereIn('slide_ideas.slide_id', slideIds)
        .where('slide_ideas.flavor', FLAVOR)
        .select('slide_ideas.slide_id', 'slide_ideas.angle', 'slide_ideas.na', 'slide_ideas.accepted', 'slide_ideas.analysed_angle', 'slides.angle as current_angle');
      return (rows as (IdeaRow & { current_angle: number })[]).map((r) => ({
        flavor: FLAVOR,
        slide_id: r.slide_id,
        accepted: r.accepted,
        // A slide turned by hand since its analysis no longer matches the suggestion.
        na: r.na || r.current_angle !== r.analysed_angle,
        angle: r.angle,
      }));
    },

    /**
     * POST /r/slides/accept_ideas: records each decision; accepted rotations go through the normal rotate
     * path. A pending idea only: one decided before (or by another editor) is not turned twice.
     */
    async accept(caller: Caller, decisions: Map<number, boolean>): Promise<void> {
      const videoId = caller.access.video.id;
      const ids = [...decisions.keys()];
      if (!ids.length) return;
      const turn: number[] = [];
      const angles: number[] = [];
      await db.transaction(async (trx) => {
        const pending = await trx<IdeaRow>('slide_ideas')
          .where({ video_id: videoId, flavor: FLAVOR, na: false })
          .whereNull('accepted')
          .whereIn('slide_id', ids)
          .forUpdate()
          .select('slide_id', 'angle', 'analysed_angle');
        for (const row of pending) {
          const accepted = decisions.get(row.slide_id) ?? false;
          await trx('slide_ideas').where({ slide_id: row.slide_id, flavor: FLAVOR }).update({ accepted, updated_at: trx.fn.now() });
          if (accepted && row.angle) {
            turn.push(row.slide_id);
            angles.push(row.angle);
          }
        }
      });
      if (turn.length) await deps.rotate(caller, turn, angles);
    },
  };
}

export type RotationIdeasService = ReturnType<typeof rotationIdeasService>;

/** The service as the app wires it (routes and the job handler build the same one). */
export function rotationIdeasFor(deps: {
  db: Db;
  repos: { storage: { localCopy: (key: string) => Promise<string> } };
  slideMedia: { findSlide: RotationIdeasDeps['findSlide']; ensureDerived: (slide: SlideMediaRow, kind: 'big') => Promise<string> };
  slides: { rotate: RotationIdeasDeps['rotate'] };
}, analyse: RotationIdeasDeps['analyse']): RotationIdeasService {
  return rotationIdeasService({
    db: deps.db,
    findSlide: deps.slideMedia.findSlide,
    originalFile: (slide) => deps.repos.storage.localCopy(slide.orig_path!),
    analysisFile: (slide) => deps.slideMedia.ensureDerived(slide, 'big'),
    analyse,
    rotate: deps.slides.rotate,
  });
}
