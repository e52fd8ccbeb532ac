import { Box } from '@mui/material';
import type { Ref } from 'react';
import type { Slide } from '../../api/index.ts';
import { SlideThumb } from './SlideThumb.tsx';

const WIDTH = 96;
const HEIGHT = 72;

interface Props {
  ref: Ref<HTMLDivElement>;
  slide: Slide | undefined;
  count: number;
}

/** The picture that follows the pointer during a drag; moved by the drag hook directly, not by React. */
export function DragGhost({ ref, slide, count }: Props) {
  return (
    <Box
      ref={ref}
      aria-hidden
      sx={{
        position: 'fixed',
        left: 0,
        top: 0,
        width: WIDTH,
        height: HEIGHT,
        zIndex: 1500,
        pointerEvents: 'none',
        visibility: 'hidden',
        borderRadius: 1,
        overflow: 'hidden',
        boxShadow: 6,
        bgcolor: '#e9e5de',
        opacity: 0.92,
      }}
    >
      {slide && <SlideThumb slide={slide} width={WIDTH} height={HEIGHT} pendingRotation={0} />}
      {count > 1 && (
        <Box sx={{ position: 'absolute', right: 4, top: 4, minWidth: 22, height: 22, px: 0.5, borderRadius: 11, bgcolor: 'primary.main', color: '#fff', fontSize: 12, fontWeight: 700, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {count}
        </Box>
      )}
    </Box>
  );
}
