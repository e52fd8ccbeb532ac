import { Box, Dialog, useMediaQuery } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';

/** Spec 2 "Full-screen slide dialogs": a 300 px drawer, stacked below the image at window widths up to 600. */
export const DRAWER_WIDTH = 300;
export const STACKED_IMAGE_SHARE = '60%';
export const ACTIONS_HEIGHT = 80;

interface Props {
  labelledBy: string;
  onClose(): void;
  onKeyDown?(event: KeyboardEvent): void;
  /** The letterboxed picture area. */
  image: ReactNode;
  drawer: ReactNode;
  actions: ReactNode;
  /** The red-eye tool's actions area is taller (spec 2 section 9). */
  actionsHeight?: number;
}

/** The full-screen frame shared by the slide view and the text slide editor. */
export function SlideFrame({ labelledBy, onClose, onKeyDown, image, drawer, actions, actionsHeight = ACTIONS_HEIGHT }: Props) {
  const stacked = useMediaQuery(`(max-width:${DRAWER_WIDTH * 2}px)`);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
      <Box sx={{ display: 'flex', flexDirection: stacked ? 'column' : 'row', height: '100%', bgcolor: '#111' }}>
        <Box sx={{ position: 'relative', flex: stacked ? `0 0 ${STACKED_IMAGE_SHARE}` : '1 1 auto', minWidth: 0, minHeight: 0, containerType: 'size', overflow: 'hidden' }}>{image}</Box>
        <Box
          sx={{
            flex: stacked ? '1 1 auto' : `0 0 ${DRAWER_WIDTH}px`,
            width: stacked ? '100%' : DRAWER_WIDTH,
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ flex: '1 1 auto', overflowY: 'auto', p: 2 }}>{drawer}</Box>
          <Box sx={{ flex: `0 0 ${actionsHeight}px`, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, borderTop: 1, borderColor: 'divider' }}>
            {actions}
          </Box>
        </Box>
      </Box>
    </Dialog>
  );
}

/** A 16:9 box as large as fits in the picture area, centred (text slides and the video frame). */
export function FrameBox({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Box sx={{ position: 'relative', width: 'min(100cqw, calc(100cqh * 16 / 9))', aspectRatio: '16 / 9', overflow: 'hidden', containerType: 'size' }}>
        {children}
      </Box>
    </Box>
  );
}
