import { useCallback, useEffect, useRef, useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import { useLatestSave } from './useLatestSave.ts';
import type { SlideEdits } from './useSlideEdits.ts';
import { textSize } from '../../../../../common/text-size.ts';

/** Spec 2 section 9: caption and text size are sent 1000 ms after the last change. */
export const TEXT_DEBOUNCE_MS = 1000;

export interface TextFields {
  caption: string;
  /** As typed; a blank or invalid size is not sent. */
  fontSize: string;
  font: string;
  background: number;
}

const size = textSize;

/**
 * A saved text slide's edits (spec 2 section 4 "Text slide edits"): caption and size debounced 1 s, font and
 * background saved at once (or as soon as the slide is free, see useLatestSave), and a final update with only caption and size when the drawer closes with changes pending.
 */
export function useTextEdits(slide: Slide, edits: SlideEdits, busy = false) {
  const initial = (): TextFields => ({ caption: slide.slideCaption, fontSize: String(slide.fontSize), font: slide.font ?? 'Quicksand-Bold.ttf', background: slide.slideBackground ?? 1 });
  const [draft, setDraft] = useState<TextFields>(initial);
  const draftRef = useRef(draft);
  /** The caption and size waiting to be sent, with the slide they belong to. */
  const pending = useRef<{ id: number; caption: string; fontSize: string; sent?: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = slide.id;
  // Another slide shown in the same dialog starts from its own fields.
  const [draftFor, setDraftFor] = useState(id);
  // What the server last said about this slide's fields: another editor's change (live sync) or a save's reply.
  const savedKey = JSON.stringify([slide.slideCaption, slide.fontSize, slide.font, slide.slideBackground]);
  const [seenSaved, setSeenSaved] = useState(savedKey);
  if (draftFor !== id) {
    setDraftFor(id);
    setSeenSaved(savedKey);
    draftRef.current = initial();
    setDraft(draftRef.current);
  } else if (seenSaved !== savedKey) {
    setSeenSaved(savedKey);
    // Shown in the open drawer as it comes, unless this editor has text or a size of its own still waiting to be
    // sent (which will be saved over it, as the last edit wins); else closing the drawer would show stale text.
    if (!pending.current) {
      draftRef.current = initial();
      setDraft(draftRef.current);
    }
  }

  const sendFont = useLatestSave(id, edits, busy);
  const sendBackground = useLatestSave(id, edits, busy);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const p = pending.current;
    if (!p || p.sent) return;
    p.sent = true;
    const n = size(p.fontSize);
    // Waits for a font or background save still out for the slide rather than be dropped by the busy rule. Until it
    // is done the text stays pending, so that other save's reply does not put the old text back in the field.
    void edits.saveWhenFree(p.id, { slideCaption: p.caption, ...(n !== null ? { fontSize: n } : {}) }).finally(() => {
      if (pending.current === p) pending.current = null;
    });
  }, [edits]);

  const change = useCallback(
    (patch: Partial<TextFields>) => {
      draftRef.current = { ...draftRef.current, ...patch };
      setDraft(draftRef.current);
      if (patch.font !== undefined) sendFont({ font: patch.font });
      if (patch.background !== undefined) sendBackground({ slideBackground: patch.background });
      if (patch.caption !== undefined || patch.fontSize !== undefined) {
        pending.current = { id, caption: draftRef.current.caption, fontSize: draftRef.current.fontSize };
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(flush, TEXT_DEBOUNCE_MS);
      }
    },
    [id, flush, sendFont, sendBackground],
  );

  // Closing the drawer (or moving to another slide) sends what is still waiting.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), [id]);

  return { draft, change, sizeError: size(draft.fontSize) === null };
}
