import { useCallback, useState, type ReactNode } from 'react';
import type { Slide, SlideListMeta, VideoRef } from '../../../api/index.ts';
import { CustomizeLookDialog } from './CustomizeLookDialog.tsx';

interface Options {
  videoRef: VideoRef;
  meta: SlideListMeta;
  /** Slides the dialogs added (stock clips), for the workspace's list. */
  onSlidesAdded(slides: Slide[]): void;
}

export interface LookAndStockToolbar {
  onCustomizeLook(): void;
}

/** The workspace's Customize Look dialog: the toolbar's handlers and the dialog, opened from More Tools. */
export function useLookAndStockDialogs({ videoRef, meta }: Options): { toolbar: LookAndStockToolbar; dialogs: ReactNode } {
  const [open, setOpen] = useState<'look' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return {
    toolbar: { onCustomizeLook: () => setOpen('look') },
    dialogs: <CustomizeLookDialog open={open === 'look'} videoRef={videoRef} meta={meta} onClose={close} />,
  };
}
