import { cropOf, editedToOriginal, originalToEdited, type GeometryEdits, type GeometrySize } from '../../../common/photo-geometry.ts';

/**
 * Faces found by the rotation analysis, carried to the photo as it is rendered now. The analysis
 * (services/rotation-ideas.service.ts) stores boxes as fractions of the big image it looked at, and the geometry
 * edits that image had (`analysed_angle`, `analysed_crop`, `analysed_straighten`): usually none but the turn, as it
 * runs right after upload, but a family may crop or straighten in the first seconds. Each box goes back through
 * those edits to the original's pixels and forward through the slide's current edits (a rotation accepted since,
 * a crop, a straighten), as red-eye marks do. A straighten tilts a box: its corners' bounding box is kept. A box a
 * later crop cut by more than half is dropped.
 */

/** A face box as the analysis stores it: fractions (0..1) of the picture analysed. */
export interface StoredFace {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  score?: number;
}

/** A face box, fractions of the edited photo: x, y its top-left corner, w, h its size. */
export interface PhotoFace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The edits the analysis saw, from its row; rows from before these were recorded saw the turn alone. */
export function analysedEdits(row: { analysed_angle: number; analysed_crop?: unknown; analysed_straighten?: number | null }): GeometryEdits {
  const crop = row.analysed_crop && typeof row.analysed_crop === 'object' ? cropOf(row.analysed_crop as GeometryEdits['crop']) : null;
  return { angle: row.analysed_angle, straighten: Number(row.analysed_straighten) || 0, crop };
}

/** Share of a face that must remain inside the edited photo for it to count. */
const MIN_VISIBLE = 0.5;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stored faces on the photo with its current edits, in fractions of the edited photo. */
export function facesOnEditedPhoto(faces: StoredFace[], analysed: GeometryEdits, edits: GeometryEdits, size: GeometrySize): PhotoFace[] {
  if (!(size.width > 0 && size.height > 0)) return [];
  const placed: PhotoFace[] = [];
  for (const face of faces) {
    if (![face.x1, face.x2, face.y1, face.y2].every(finite) || face.x2 <= face.x1 || face.y2 <= face.y1) continue;
    const corners = ([[face.x1, face.y1], [face.x2, face.y1], [face.x1, face.y2], [face.x2, face.y2]] as const).map(([u, v]) => {
      const p = editedToOriginal(analysed, size, u, v);
      return originalToEdited(edits, size, p.x, p.y);
    });
    const u1 = Math.min(...corners.map((c) => c.u));
    const u2 = Math.max(...corners.map((c) => c.u));
    const v1 = Math.min(...corners.map((c) => c.v));
    const v2 = Math.max(...corners.map((c) => c.v));
    const x1 = Math.max(0, u1);
    const x2 = Math.min(1, u2);
    const y1 = Math.max(0, v1);
    const y2 = Math.min(1, v2);
    if (x2 <= x1 || y2 <= y1) continue;
    if ((x2 - x1) * (y2 - y1) < MIN_VISIBLE * (u2 - u1) * (v2 - v1)) continue;
    placed.push({ x: x1, y: y1, w: x2 - x1, h: y2 - y1 });
  }
  return placed;
}
