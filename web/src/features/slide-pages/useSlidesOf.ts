import { useCallback, useEffect, useState } from 'react';
import { fetchSlideList, type Slide, type VideoRef } from '../../api/index.ts';

/** One video's slides (or its deleted ones) for the download and restore pages. */
export function useSlidesOf(videoRef: VideoRef, deleted: boolean) {
  const [slides, setSlides] = useState<Slide[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const reply = await fetchSlideList(videoRef, { deleted });
      setSlides(reply.slides.filter((s) => s.deleted === deleted));
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, [videoRef, deleted]);
  useEffect(() => {
    void load();
  }, [load]);
  return { slides, error, load };
}
