import { useCallback, useEffect, useRef, useState } from 'react';
import { saveSlide, type Slide, type VideoRef } from '../../../api/index.ts';
import { textSize } from '../../../../../common/text-size.ts';
import type { SlideChanges } from '../editor/useSlideEdits.ts';
import type { TextFields } from '../editor/useTextEdits.ts';

/** Spec 2 section 9: caption and text size are sent 1000 ms after the last change. */
export const TEXT_SAVE_DELAY_MS = 1000;

/** A new text slide's fields: the drawer's text fields, its transition (0 Automatic) and its slide time. */
export interface TextDraft extends TextFields {
  transitionId: number;
  slideTime: number | null;
  userSetSlideTime: boolean;
}

const validSize = textSize;

/** The attributes of the fields that save at once (font, background, transition, slide time) in a change. */
function immediate(patch: Partial<TextDraft>): SlideChanges {
  const changes: SlideChanges = {};
  if (patch.font !== undefined) changes.font = patch.font;
  if (patch.background !== undefined) changes.slideBackground = patch.background;
  if (patch.transitionId !== undefined) changes.transitionId = patch.transitionId;
  if (patch.userSetSlideTime !== undefined) Object.assign(changes, { slideTime: patch.slideTime ?? null, userSetSlideTime: patch.userSetSlideTime });
  return changes;
}

/** Everything typed and chosen so far, for the call that creates the slide. */
function everything(d: TextDraft): Partial<Slide> {
  const size = validSize(d.fontSize);
  return {
    slideCaption: d.caption,
    ...(size !== null ? { fontSize: size } : {}),
    font: d.font,
    slideBackground: d.background,
    ...(d.transitionId !== 0 ? { transitionId: d.transitionId } : {}),
    ...(d.userSetSlideTime ? { slideTime: d.slideTime, userSetSlideTime: true } : {}),
  };
}

/**
 * A new text slide (spec 2 section 4 "Text slide edits", "Chooser"): created by its first save (saveSlide without
 * slideId) with everything chosen so far, then caption and size are debounced, the other fields saved at once, and
 * pending changes flushed on close.
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

  /**
   * Saves run one after another, so the creating call has given the slide its id before any update. `changes` null
   * is the debounced text (caption and size); a slide not created yet is created with everything instead.
   */
  const save = useCallback(
    (changes: SlideChanges | null) => {
      setSaving((n) => n + 1);
      queue.current = queue.current.then(async () => {
        const d = draftRef.current;
        const size = validSize(d.fontSize);
        const text = { slideCaption: d.caption, ...(size !== null ? { fontSize: size } : {}) };
        try {
          const attributes = idRef.current === null ? everything(d) : { slideId: idRef.current, ...(changes ?? text) };
          const reply = await saveSlide(videoRef, attributes as Partial<Slide>);
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
    return save(null);
  }, [save]);

  const change = useCallback(
    (patch: Partial<TextDraft>) => {
      draftRef.current = { ...draftRef.current, ...patch };
      setDraft(draftRef.current);
      const now = immediate(patch);
      if (Object.keys(now).length) {
        // A slide not created yet is created with everything typed so far.
        if (idRef.current === null) dirty.current = false;
        void save(now);
      }
      if (patch.caption !== undefined || patch.fontSize !== undefined) {
        dirty.current = true;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void flush(), TEXT_SAVE_DELAY_MS);
      }
    },
    [save, flush],
  );

  /** Sends what is waiting, creating the slide if nothing has yet (Preview needs it on the server); its id, or null. */
  const ensureSaved = useCallback(async (): Promise<number | null> => {
    await flush();
    if (idRef.current === null) await save(null);
    return idRef.current;
  }, [flush, save]);

  /** The slide is being deleted: what is still waiting is not sent. */
  const discard = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    dirty.current = false;
  }, []);

  // Leaving by any way (back button too) still sends what was typed.
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);
  useEffect(() => () => void flushRef.current(), []);

  return { draft, slideId, saving: saving > 0, change, flush, ensureSaved, discard, sizeError: validSize(draft.fontSize) === null };
}
