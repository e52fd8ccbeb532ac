/**
 * Spec 2 section 4 "Duplicate detection", the pure part: which photos form groups and which one of each group the
 * dialog keeps at first. Fingerprints are 64-bit difference hashes written as 16 hex digits (fingerprint.ts).
 */

/** Spec 2 section 9: fingerprint hash size 8; a pair is a candidate when the Hamming distance is below 12. */
export const HASH_SIZE = 8;
export const DUPLICATE_DISTANCE = 12;

/** What the rules read from a slide (spec 2 section 3: duplicate true = marked to remove, false = explicit keep). */
export interface DuplicateSlide {
  id: number;
  width: number | null;
  height: number | null;
  duplicate: boolean | null;
}

export type Pair = readonly [number, number];

const BITS_IN_NIBBLE = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  let distance = 0;
  for (let i = 0; i < a.length; i++) distance += BITS_IN_NIBBLE[parseInt(a[i], 16) ^ parseInt(b[i], 16)];
  return distance;
}

/** The same key for (a, b) and (b, a): how verdicts on pairs are stored. */
export const pairKey = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Every pair of fingerprinted slides under the distance, smaller id first, in a stable order. */
export function candidatePairs(fingerprints: ReadonlyMap<number, string>): Pair[] {
  const entries = [...fingerprints].sort((x, y) => x[0] - y[0]);
  const pairs: Pair[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      if (hammingDistance(entries[i][1], entries[j][1]) < DUPLICATE_DISTANCE) pairs.push([entries[i][0], entries[j][0]]);
    }
  }
  return pairs;
}

/**
 * Groups from pairs, merged when they share a slide (a duplicate of a duplicate is in the same group). A slide in
 * no pair is in no group, so a group of one never exists. Groups and their members are sorted by id.
 */
export function groupPairs(pairs: readonly Pair[]): number[][] {
  const parent = new Map<number, number>();
  const root = (id: number): number => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  for (const [a, b] of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const groups = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const r = root(id);
    groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  return [...groups.values()].map((g) => g.sort((x, y) => x - y)).sort((x, y) => x[0] - y[0]);
}

/**
 * The groups the alert counts and the dialog shows: members that are gone (deleted, or no longer a photo) leave
 * their group, a group left with one member dissolves, and a group whose members are all explicit keepers is hidden.
 */
export function shownGroups(groups: readonly number[][], slides: ReadonlyMap<number, DuplicateSlide>): number[][] {
  return groups
    .map((g) => g.filter((id) => slides.has(id)))
    .filter((g) => g.length > 1 && !g.every((id) => slides.get(id)!.duplicate === false));
}

const pixels = (s: DuplicateSlide) => (s.width ?? 0) * (s.height ?? 0);

/**
 * The slides of a group kept at first: explicit keepers win; a slide marked duplicate is never kept; otherwise the
 * largest pixel count (the lower id on a tie, so the original upload beats its copy).
 */
export function preselectedKeepers(group: readonly number[], slides: ReadonlyMap<number, DuplicateSlide>): number[] {
  const members = group.map((id) => slides.get(id)).filter((s): s is DuplicateSlide => s !== undefined);
  const explicit = members.filter((s) => s.duplicate === false);
  if (explicit.length) return explicit.map((s) => s.id);
  const eligible = members.filter((s) => s.duplicate !== true);
  if (!eligible.length) return [];
  const best = eligible.reduce((a, b) => (pixels(b) > pixels(a) || (pixels(b) === pixels(a) && b.id < a.id) ? b : a));
  return [best.id];
}

/** The dialog's starting choice: every member of every group, true = keep. */
export function initialChoice(groups: readonly number[][], slides: ReadonlyMap<number, DuplicateSlide>): Map<number, boolean> {
  const choice = new Map<number, boolean>();
  for (const g of groups) {
    const keep = new Set(preselectedKeepers(g, slides));
    for (const id of g) choice.set(id, keep.has(id));
  }
  return choice;
}

/** Changes whenever the groups change (a slide added or deleted), which resets the dialog's choice. */
export const groupsSignature = (groups: readonly number[][]): string => groups.map((g) => g.join(',')).join(';');

/** What 'Remove Duplicates' sends (spec 2 section 7, POST /r/slides/mark_duplicate). */
export function markRequest(choice: ReadonlyMap<number, boolean>): { remove: number[]; keep: number[] } {
  const remove: number[] = [];
  const keep: number[] = [];
  for (const [id, kept] of choice) (kept ? keep : remove).push(id);
  return { remove: remove.sort((a, b) => a - b), keep: keep.sort((a, b) => a - b) };
}

/** The warning bar: '{n} duplicate photo(s) need(s) to be removed'. */
export const duplicateAlertText = (n: number): string =>
  n === 1 ? '1 duplicate photo needs to be removed' : `${n} duplicate photos need to be removed`;
