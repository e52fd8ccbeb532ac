import { useMemo, useState } from 'react';
import type { Slide, SlideListMeta, VideoRef } from '../../../api/index.ts';
import { ToolButton } from '../ToolButton.tsx';
import { CHOOSER_ICONS } from './chooser-icons.tsx';
import { customizeToolsEnabled, GRID_TOOL_LABELS, type ChooserType } from './chooser.ts';
import { SlidesChooserDialog } from './SlidesChooserDialog.tsx';

interface Props {
  /** The free selected slides (useSelectedSlides). */
  selected: readonly Slide[];
  slides: readonly Slide[];
  coverId: number | null;
  videoRef: VideoRef;
  meta: SlideListMeta;
  onSaved(updated: Slide[]): void;
  onTextSlides(ids: number[], type: ChooserType, id: number): void;
}

/** The free selected slides, as the list holds them now. */
export function useSelectedSlides(targets: readonly { id: number }[], slides: readonly Slide[], busy: ReadonlySet<number>): Slide[] {
  return useMemo(() => {
    const byId = new Map(slides.map((s) => [s.id, s]));
    return targets.map((t) => byId.get(t.id)).filter((s): s is Slide => Boolean(s) && !busy.has(s!.id));
  }, [targets, slides, busy]);
}

/** The grid tools' Set Custom Transition, Effect, Overlay and Border, each opening its chooser for the selection. */
export function LookChooserTools({ selected, slides, coverId, videoRef, meta, onSaved, onTextSlides }: Props) {
  const [open, setOpen] = useState<ChooserType | null>(null);
  const [chosen, setChosen] = useState<readonly Slide[]>([]);
  const enabled = customizeToolsEnabled(selected, coverId);
  // The chooser keeps the slides it opened with, and follows their saved state.
  const current = useMemo(() => chosen.map((c) => slides.find((s) => s.id === c.id) ?? c), [chosen, slides]);

  return (
    <>
      {(Object.keys(CHOOSER_ICONS) as ChooserType[]).map((type) => {
        const Icon = CHOOSER_ICONS[type];
        return (
          <ToolButton
            key={type}
            label={GRID_TOOL_LABELS[type]}
            icon={<Icon />}
            disabled={!enabled}
            data-command={`custom-${type}`}
            onClick={() => {
              setChosen(selected);
              setOpen(type);
            }}
          />
        );
      })}
      {open && (
        <SlidesChooserDialog
          type={open}
          videoRef={videoRef}
          meta={meta}
          slides={current}
          coverId={coverId}
          onClose={() => setOpen(null)}
          onSaved={onSaved}
          onTextSlides={(ids, id) => onTextSlides(ids, open, id)}
        />
      )}
    </>
  );
}
