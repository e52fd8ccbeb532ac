import { useCallback, useEffect, useRef, useState } from 'react';
import { saveSlide, type VideoRef } from '../../../api/index.ts';
import { textSize } from '../../../../../common/text-size.ts';

/** Spec 2 section 9: caption and text size are sent 1000 ms after the last change. */
export const TEXT_SAVE_DELAY_MS = 1000;

export interface TextDraft {
  caption: string;
  /** As typed: a blank or invalid size is not sent. */
  fontSize: string;
  background: number;
}

const validSize = textSize;

/**
 * A new text slide (spec 2 section 4 "Text slide edits"): created by its first save (saveSlide without slideId),
 * then caption and size are debounced, background saved at once, and pending changes flushed on close.
 */
export function useTextSlideDraft(videoRef: VideoRef, initial: TextDraft, onSaved: () => void) {
  const [draft, setDraft] = useState(initial);
  const [slideId, setSlideId] = useState<number | null>(null);
  const [saving, setSaving] = useState(0);
  const draftRef = useRef(draft);
  const idRef = useRef<number | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | undefined>(undefined);
  const dirty = useRef(false);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  /** Saves run one after another, so the creating call has given the slide its id before any update. */
  const save = useCallback(
    (fields: 'text' | 'background') => {
      setSaving((n) => n + 1);
      queue.current = queue.current.then(async () => {
        const d = draftRef.current;
        const size = validSize(d.fontSize);
        const text = { slideCaption: d.caption, ...(size !== null ? { fontSize: size } : {}) };
        try {
          const attributes =
            idRef.current === null ? { ...text, slideBackground: d.background } : fields === 'text' ? { slideId: idRef.current, ...text } : { slideId: idRef.current, slideBackground: d.background };
          const reply = await saveSlide(videoRef, attributes);
          if (idRef.current === null) {
            idRef.current = reply.slide.id;
            setSlideId(reply.slide.id);
          }
          onSavedRef.current();
        } catch {
          // The API layer showed the error; the next change tries again.
        } finally {
          setSaving((n) => n - 1);
        }
      });
      return queue.current;
    },
    [videoRef],
  );

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (!dirty.current) return queue.current;
    dirty.current = false;
    return save('text');
  }, [save]);

  const change = useCallback(
    (patch: Partial<TextDraft>) => {
      draftRef.current = { ...draftRef.current, ...patch };
      setDraft(draftRef.current);
      if (patch.background !== undefined) {
        // A slide not created yet is created with everything typed so far.
        if (idRef.current === null) dirty.current = false;
        void save('background');
        return;
      }
      dirty.current = true;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), TEXT_SAVE_DELAY_MS);
    },
    [save, flush],
  );

  // Leaving by any way (back button too) still sends what was typed.
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);
  useEffect(() => () => void flushRef.current(), []);

  return { draft, slideId, saving: saving > 0, change, flush, sizeError: validSize(draft.fontSize) === null };
}
