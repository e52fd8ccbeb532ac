import type { Db } from '../db/database.ts';
import type { StoredFace } from '../media/face-geometry.ts';

/** The faces the rotation analysis stored for one slide (slide_ideas.faces), with the turn it analysed. */
export function slideFacesRepository(db: Db) {
  return {
    async forSlide(slideId: number): Promise<{ faces: StoredFace[]; analysedAngle: number } | null> {
      const row = await db('slide_ideas')
        .where({ slide_id: slideId, flavor: 'rotation' })
        .whereNotNull('faces')
        .first<{ faces: StoredFace[]; analysed_angle: number } | undefined>('faces', 'analysed_angle');
      return row && Array.isArray(row.faces) ? { faces: row.faces, analysedAngle: row.analysed_angle } : null;
    },
  };
}
