import { Box, CircularProgress, Tooltip, Typography } from '@mui/material';
import type { GenerationStatus } from './api.ts';
import { clampPercent, WAITING_TEXT } from './status.ts';

/** A small ring for a list row whose video is rendering: the percent inside, the server's message on hover. */
export function RenderProgress({ status }: { status: GenerationStatus | undefined }) {
  const percent = status ? clampPercent(status.complete) : undefined;
  const message = status?.message || WAITING_TEXT;
  const label = status?.failed ? `Render failed: ${message}` : percent === undefined ? `Rendering: ${message}` : `Rendering ${percent}%: ${message}`;
  return (
    <Tooltip title={label} describeChild>
      <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0, mx: { xs: 0.25, sm: 1 } }}>
        <CircularProgress variant="determinate" value={100} size={32} thickness={4} aria-hidden sx={{ position: 'absolute', color: 'action.disabledBackground' }} />
        <CircularProgress
          size={32}
          thickness={4}
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          color={status?.failed ? 'error' : 'primary'}
          value={percent}
          aria-label={label}
        />
        {percent !== undefined && (
          <Typography
            aria-hidden
            component="span"
            sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 10, fontWeight: 600, fontStyle: 'normal' }}
          >
            {percent}%
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
