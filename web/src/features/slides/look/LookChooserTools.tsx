import { Animation, BorderOuter, Layers, ZoomIn } from '@mui/icons-material';
import { useMemo, useState, type ReactNode } from 'react';
import type { Slide, SlideListMeta, VideoRef } from '../../../api/index.ts';
import { ToolButton } from '../ToolButton.tsx';
import { customizeToolsEnabled, GRID_TOOL_LABELS, type ChooserType } from './chooser.ts';
import { ChooserDialog } from './ChooserDialog.tsx';

const ICONS: Record<ChooserType, ReactNode> = {
  transition: <Animation />,
  effect: <ZoomIn />,
  overlay: <Layers />,
  border: <BorderOuter />,
};

interface Props {
  /** The selected slides (only their ids are read; the slides themselves come from `slides`). */
  targets: readonly { id: number }[];
  slides: readonly Slide[];
  busy: ReadonlySet<number>;
  coverId: number | null;
  videoRef: VideoRef;
  meta: SlideListMeta;
  onSaved(updated: Slide[]): void;
}

/** The grid tools' Set Custom Transition, Effect, Overlay and Border, each opening its chooser for the selection. */
export function LookChooserTools({ targets, slides, busy, coverId, videoRef, meta, onSaved }: Props) {
  const [open, setOpen] = useState<ChooserType | null>(null);
  const [chosen, setChosen] = useState<Slide[]>([]);
  const selected = useMemo(() => {
    const byId = new Map(slides.map((s) => [s.id, s]));
    return targets.map((t) => byId.get(t.id)).filter((s): s is Slide => Boolean(s) && !busy.has(s!.id));
  }, [targets, slides, busy]);
  const enabled = customizeToolsEnabled(selected, coverId);
  // The chooser keeps the slides it opened with, and follows their saved state.
  const current = useMemo(() => chosen.map((c) => slides.find((s) => s.id === c.id) ?? c), [chosen, slides]);

  return (
    <>
      {(Object.keys(ICONS) as ChooserType[]).map((type) => (
        <ToolButton
          key={type}
          label={GRID_TOOL_LABELS[type]}
          icon={ICONS[type]}
          disabled={!enabled}
          data-command={`custom-${type}`}
          onClick={() => {
            setChosen(selected);
            setOpen(type);
          }}
        />
      ))}
      {open && (
        <ChooserDialog open type={open} videoRef={videoRef} meta={meta} slides={current} coverId={coverId} onClose={() => setOpen(null)} onSaved={onSaved} />
      )}
    </>
  );
}
