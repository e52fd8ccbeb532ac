import { CheckCircle } from '@mui/icons-material';
import { Box } from '@mui/material';

/** Drawn over a selected tile's picture: a frame and a check mark. */
export function SelectedMark() {
  return (
    <>
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, border: '3px solid', borderColor: 'primary.main', borderRadius: '6px', pointerEvents: 'none' }} />
      <CheckCircle aria-hidden sx={{ position: 'absolute', top: 5, left: 5, fontSize: 20, color: 'primary.main', bgcolor: '#fff', borderRadius: '50%', pointerEvents: 'none' }} />
    </>
  );
}

/** The keyboard focus ring of a tile's button, drawn above the picture inside it. */
export const TILE_FOCUS_RING = {
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    border: '3px solid',
    borderColor: 'secondary.main',
    borderRadius: '6px',
    pointerEvents: 'none',
  },
} as const;
