import { useCallback, useRef } from 'react';
import type { SlideChanges, SlideEdits } from './useSlideEdits.ts';

/**
 * Sends a dialog's values as they change, one call at a time (spec 2: "Video slide edits are sent whenever volume or
 * trim values change"). A busy slide ignores further updates, so a value typed while the previous call is out would
 * be lost ('150' typed quickly saved '1'); here the latest wanted values are sent when that call returns, the ones
 * in between are skipped, and values equal to the last ones sent are not sent again.
 */
export function useLatestSave(slideId: number, edits: SlideEdits, initial: SlideChanges) {
  const wanted = useRef<string>(JSON.stringify(initial));
  const sent = useRef<string>(wanted.current);
  const sending = useRef(false);

  const pump = useCallback(async () => {
    while (!sending.current && wanted.current !== sent.current) {
      const key = wanted.current;
      sent.current = key;
      sending.current = true;
      try {
        await edits.save(slideId, JSON.parse(key) as SlideChanges);
      } finally {
        sending.current = false;
      }
    }
  }, [edits, slideId]);

  return useCallback(
    (changes: SlideChanges) => {
      wanted.current = JSON.stringify(changes);
      void pump();
    },
    [pump],
  );
}
