import type { GeometryEdits } from '../../../common/photo-geometry.ts';
import type { Db } from '../db/database.ts';
import { analysedEdits, type StoredFace } from '../media/face-geometry.ts';

/** The faces the rotation analysis stored for one slide (slide_ideas.faces), with the edits it analysed. */
export function slideFacesRepository(db: Db) {
  return {
    async forSlide(slideId: number): Promise<{ faces: StoredFace[]; analysed: GeometryEdits } | null> {
      const row = await db('slide_ideas')
        .where({ slide_id: slideId, flavor: 'rotation' })
        .whereNotNull('faces')
        .first<{ faces: StoredFace[]; analysed_angle: number; analysed_crop: unknown; analysed_straighten: number } | undefined>('faces', 'analysed_angle', 'analysed_crop', 'analysed_straighten');
      return row && Array.isArray(row.faces) ? { faces: row.faces, analysed: analysedEdits(row) } : null;
    },
  };
}
