import { useEffect, useMemo, useRef, useState } from 'react';
import { checkDuplicatePairs, proposedDuplicatePairs } from '../../../api/duplicates.ts';
import type { Slide, VideoRef } from '../../../api/index.ts';
import { fingerprintOf } from './canvas.ts';
import { detectionFaultText } from './fingerprint.ts';
import { candidatePairs, groupPairs, pairKey, shownGroups, type DuplicateSlide, type Pair } from './grouping.ts';

/** The server answers at most this many pairs a call. */
const PAIRS_PER_CALL = 300;
/** The server's own pairs are asked for once the photos have stopped changing this long (a big upload). */
const PROPOSALS_DELAY_MS = 500;

const isPhoto = (s: Slide) => !s.isText && !s.isVideo && !s.deleted && s.id !== null && Boolean(s.thumbUrl);

/** A verdict holds for these two pictures as they are; an edit changes a thumbnail's URL and asks again. */
const verdictKey = (a: Slide, b: Slide) => `${pairKey(a.id!, b.id!)}|${a.id! < b.id! ? `${a.thumbUrl}|${b.thumbUrl}` : `${b.thumbUrl}|${a.thumbUrl}`}`;

export interface DuplicateState {
  groups: number[][];
  slides: ReadonlyMap<number, DuplicateSlide & { thumbUrl: string; bigUrl: string | null }>;
  /** Spec 2 section 8's warning, when detection failed; it then stops (processing marked finished). */
  fault: string | null;
}

/**
 * Spec 2 section 4: fingerprints every photo's thumbnail in the browser, asks the server about the near pairs, and
 * groups the confirmed ones. A slide is fingerprinted again when its thumbnail changes (it is re-evaluated).
 * The server also proposes pairs of its own (light crops the fingerprints cannot see, already confirmed), asked
 * for whenever the photos or their thumbnails change; both kinds of pair make the same groups.
 */
export function useDuplicates(videoRef: VideoRef, slides: Slide[]): DuplicateState {
  const [prints, setPrints] = useState<ReadonlyMap<string, string>>(new Map());
  const [verdicts, setVerdicts] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [fault, setFault] = useState<string | null>(null);
  const asked = useRef(new Set<string>());
  const photos = useMemo(() => slides.filter(isPhoto), [slides]);

  useEffect(() => {
    if (fault) return;
    const missing = photos.map((s) => s.thumbUrl!).filter((url) => !prints.has(url));
    if (!missing.length) return;
    let cancelled = false;
    void (async () => {
      const found = new Map(prints);
      for (const url of missing) {
        if (cancelled) return;
        try {
          found.set(url, await fingerprintOf(url));
        } catch (error) {
          if (!cancelled) setFault(detectionFaultText(error));
          return;
        }
      }
      if (!cancelled) setPrints(found);
    })();
    return () => {
      cancelled = true;
    };
  }, [photos, prints, fault]);

  const byId = useMemo(() => new Map(photos.map((s) => [s.id!, s])), [photos]);
  const byIdNow = useRef(byId);
  byIdNow.current = byId;
  const [proposed, setProposed] = useState<ReadonlyMap<string, Pair>>(new Map());
  const photosSignature = useMemo(() => photos.map((s) => `${s.id}:${s.thumbUrl}`).join(','), [photos]);

  useEffect(() => {
    if (fault || !photosSignature.includes(',')) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void (async () => {
        // Verdicts hold for the thumbnails the server looked at: keyed by those, a later edit asks again.
        const asked = byIdNow.current;
        const found = new Map<string, Pair>();
        try {
          for (let more = true; more && !cancelled; ) {
            const reply = await proposedDuplicatePairs(videoRef);
            for (const v of reply.pairs) {
              const [a, b] = [asked.get(v.ids[0]), asked.get(v.ids[1])];
              if (a && b && v.duplicate) found.set(verdictKey(a, b), v.ids[0] < v.ids[1] ? [v.ids[0], v.ids[1]] : [v.ids[1], v.ids[0]]);
            }
            more = reply.more;
          }
        } catch (error) {
          if (!cancelled) setFault(detectionFaultText(error));
          return;
        }
        if (!cancelled) setProposed(found);
      })();
    }, PROPOSALS_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [photosSignature, fault, videoRef]);
  const candidates = useMemo(() => {
    const fingerprints = new Map<number, string>();
    for (const s of photos) {
      const print = prints.get(s.thumbUrl!);
      if (print) fingerprints.set(s.id!, print);
    }
    return candidatePairs(fingerprints);
  }, [photos, prints]);

  useEffect(() => {
    const unasked = candidates.filter(([a, b]) => !asked.current.has(verdictKey(byId.get(a)!, byId.get(b)!)));
    if (!unasked.length) return;
    for (const [a, b] of unasked) asked.current.add(verdictKey(byId.get(a)!, byId.get(b)!));
    void (async () => {
      const found = new Map<string, boolean>();
      try {
        for (let i = 0; i < unasked.length; i += PAIRS_PER_CALL) {
          const batch = unasked.slice(i, i + PAIRS_PER_CALL) as [number, number][];
          const reply = await checkDuplicatePairs(videoRef, batch);
          for (const v of reply.pairs) {
            const [a, b] = [byId.get(v.ids[0]), byId.get(v.ids[1])];
            if (a && b) found.set(verdictKey(a, b), v.duplicate);
          }
        }
      } catch (error) {
        // Asked again on the next change of the slides.
        for (const [a, b] of unasked) asked.current.delete(verdictKey(byId.get(a)!, byId.get(b)!));
        setFault(detectionFaultText(error));
      }
      setVerdicts((old) => new Map([...old, ...found]));
    })();
  }, [candidates, byId, videoRef]);

  return useMemo(() => {
    const confirmed: Pair[] = candidates.filter(([a, b]) => verdicts.get(verdictKey(byId.get(a)!, byId.get(b)!)) === true);
    for (const [key, [a, b]] of proposed) {
      if (byId.has(a) && byId.has(b) && verdictKey(byId.get(a)!, byId.get(b)!) === key) confirmed.push([a, b]);
    }
    const info = new Map(
      photos.map((s) => [s.id!, { id: s.id!, width: s.width, height: s.height, duplicate: s.duplicate, thumbUrl: s.thumbUrl!, bigUrl: s.bigUrl }]),
    );
    return { groups: shownGroups(groupPairs(confirmed), info), slides: info, fault };
  }, [candidates, verdicts, proposed, byId, photos, fault]);
}
