import { useCallback, useState, type ReactNode } from 'react';
import type { Slide, SlideListMeta, VideoRef } from '../../../api/index.ts';
import { StockVideoDialog } from '../stock/StockVideoDialog.tsx';
import { CustomizeLookDialog } from './CustomizeLookDialog.tsx';

interface Options {
  videoRef: VideoRef;
  meta: SlideListMeta;
  /** Slides the dialogs added (stock clips), for the workspace's list. */
  onSlidesAdded(slides: Slide[]): void;
}

export interface LookAndStockToolbar {
  onCustomizeLook(): void;
  onStockVideos(): void;
}

/** The workspace's Customize Look (More Tools) and Add Stock Videos dialogs: the toolbar's handlers and the dialogs. */
export function useLookAndStockDialogs({ videoRef, meta, onSlidesAdded }: Options): { toolbar: LookAndStockToolbar; dialogs: ReactNode } {
  const [open, setOpen] = useState<'look' | 'stock' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return {
    toolbar: { onCustomizeLook: () => setOpen('look'), onStockVideos: () => setOpen('stock') },
    dialogs: (
      <>
        <CustomizeLookDialog open={open === 'look'} videoRef={videoRef} meta={meta} onClose={close} />
        <StockVideoDialog open={open === 'stock'} videoRef={videoRef} onClose={close} onAdded={onSlidesAdded} />
      </>
    ),
  };
}
