/**
 * Pending rotations (spec 2 section 4 "Rotation"): each click adds or subtracts 90 degrees and shows at once;
 * the sum goes to the server in one call after a second without clicks, and a net 0 is dropped without a call.
 */
export const ROTATION_STEP = 90;
export const ROTATION_DELAY_MS = 1000;

export type PendingRotations = ReadonlyMap<number, number>;

export function addRotation(pending: PendingRotations, ids: readonly number[], delta: number): Map<number, number> {
  const next = new Map(pending);
  for (const id of ids) next.set(id, (next.get(id) ?? 0) + delta);
  return next;
}

/** The net quarter-turn change, in -90..180 (what the server is asked to do). */
export const netAngle = (degrees: number): number => {
  const turn = (((degrees % 360) + 360) % 360);
  return turn === 270 ? -90 : turn;
};

export interface RotationBatch {
  ids: number[];
  angles: number[];
  /** Slides whose clicks cancelled out: their pending value is cleared without a call. */
  cancelled: number[];
}

export function rotationBatch(pending: PendingRotations, inFlight: ReadonlySet<number> = new Set()): RotationBatch {
  const batch: RotationBatch = { ids: [], angles: [], cancelled: [] };
  for (const [id, degrees] of pending) {
    if (inFlight.has(id)) continue;
    const angle = netAngle(degrees);
    if (angle === 0) batch.cancelled.push(id);
    else {
      batch.ids.push(id);
      batch.angles.push(angle);
    }
  }
  return batch;
}

export function withoutRotations(pending: PendingRotations, ids: readonly number[]): Map<number, number> {
  const next = new Map(pending);
  for (const id of ids) next.delete(id);
  return next;
}
