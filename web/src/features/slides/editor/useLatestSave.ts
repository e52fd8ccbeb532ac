import { useCallback, useEffect, useRef } from 'react';
import type { SlideChanges, SlideEdits } from './useSlideEdits.ts';

/**
 * Sends a field's values as they change, one call at a time (spec 2: volume and trim "sent whenever values change";
 * a text slide's font and background "save immediately"). A busy slide ignores further updates, so a value chosen
 * while another call for the slide is out would be lost ('150' typed quickly saved '1'; a background picked while
 * the text was being saved was dropped). Here the latest wanted values wait until the slide is free and are sent
 * then; the ones in between are skipped, and values equal to the last ones sent are not sent again.
 */
export function useLatestSave(slideId: number, edits: SlideEdits, busy = false) {
  const wanted = useRef<string | null>(null);
  const sent = useRef<string | null>(null);
  const sending = useRef(false);
  const busyRef = useRef(busy);

  const pump = useCallback(async () => {
    while (!sending.current && !busyRef.current && wanted.current !== null && wanted.current !== sent.current) {
      const key = wanted.current;
      sent.current = key;
      sending.current = true;
      try {
        const [id, changes] = JSON.parse(key) as [number, SlideChanges];
        await edits.save(id, changes);
      } finally {
        sending.current = false;
      }
    }
  }, [edits]);

  // The slide became free (another call for it returned): what is still wanted goes now.
  useEffect(() => {
    busyRef.current = busy;
    if (!busy) void pump();
  }, [busy, pump]);

  return useCallback(
    (changes: SlideChanges) => {
      // The slide's id is part of the key, so the same value chosen on the next slide is still sent.
      wanted.current = JSON.stringify([slideId, changes]);
      void pump();
    },
    [pump, slideId],
  );
}
