import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const track = { position: 'absolute', left: '15%', right: '15%', top: '50%', height: 4, borderRadius: 2, overflow: 'hidden', bgcolor: 'rgba(63,90,107,0.2)' } as const;
const bar = { width: '40%', height: '100%', borderRadius: 2, bgcolor: 'primary.main', animation: `${slide} 1.2s ease-in-out infinite` } as const;

/** A light indeterminate bar for tiles whose image is still coming (a grid shows dozens at once). */
export function LoadingBar({ label }: { label: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={track}>
      <Box sx={bar} />
    </Box>
  );
}
