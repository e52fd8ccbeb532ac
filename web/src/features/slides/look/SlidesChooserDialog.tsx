import { useMemo, useState } from 'react';
import { saveSlide, type Slide, type SlideListMeta, type VideoRef } from '../../../api/index.ts';
import { clearCustomZoom } from '../../../api/stock-slides.ts';
import { AUTOMATIC, chooserTargets, hasCustomZoom, initialChoice, type ChooserType } from './chooser.ts';
import { ChooserDialog } from './ChooserDialog.tsx';

export interface SlidesChooserProps {
  type: ChooserType;
  videoRef: VideoRef;
  meta: SlideListMeta;
  /** The chosen slides; the choice applies to each of them except the cover photo. */
  slides: readonly Slide[];
  coverId: number | null;
  onClose(): void;
  /** The slides as the server saved them (also after 'Remove custom zoom'). */
  onSaved(updated: Slide[]): void;
  /** Text slides are updated locally and saved later (spec 2 "Chooser"): handed here instead of being sent. */
  onTextSlides(ids: number[], id: number): void;
}

/** The chooser for saved slides (the grid's Set Custom tools and the drawers): saves the choice on each target. */
export function SlidesChooserDialog({ type, videoRef, meta, slides, coverId, onClose, onSaved, onTextSlides }: SlidesChooserProps) {
  const targets = useMemo(() => chooserTargets(slides, coverId), [slides, coverId]);
  // Fixed as the dialog opens: a reply merged meanwhile does not move the selected tile.
  const [initial] = useState(() => initialChoice(targets, type));
  const zoomed = type === 'effect' ? targets.filter(hasCustomZoom) : [];

  async function save(id: number) {
    const text = targets.filter((s) => s.isText);
    if (text.length) onTextSlides(text.map((s) => s.id), id);
    const replies = await Promise.all(targets.filter((s) => !s.isText).map((s) => saveSlide(videoRef, { slideId: s.id, [`${type}Id`]: id })));
    onSaved(replies.map((r) => r.slide));
  }

  async function removeCustomZoom() {
    await Promise.all(zoomed.map((s) => clearCustomZoom(videoRef, s.id)));
    onSaved(zoomed.map((s) => ({ ...s, effectId: AUTOMATIC, userSetEffect: false, effectData: null })));
  }

  return <ChooserDialog type={type} meta={meta} initial={initial} onRemoveCustomZoom={zoomed.length ? removeCustomZoom : undefined} onSave={save} onClose={onClose} />;
}
