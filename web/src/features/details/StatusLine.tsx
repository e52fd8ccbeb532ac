import { CheckCircle } from '@mui/icons-material';
import { Box, LinearProgress, Typography } from '@mui/material';
import { COMPLETE_TEXT, NotifyButton, type CardStatus } from '../generation/index.ts';

/** The card's progress row: a fixed text, or the percent bar with the server's message while it renders. */
export function StatusLine({ status }: { status: CardStatus }) {
  if (status.kind === 'text') {
    const complete = status.text === COMPLETE_TEXT;
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 24 }} role="status">
        {complete && <CheckCircle fontSize="small" sx={{ color: 'success.main' }} aria-hidden />}
        <Typography component="span">{status.text}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ width: '100%', maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 24 }}>
        <LinearProgress
          variant="determinate"
          value={status.percent}
          color={status.failed ? 'error' : 'primary'}
          aria-label="Render progress"
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '3.5ch', textAlign: 'right' }}>
          {status.percent}%
        </Typography>
      </Box>
      <Typography variant="body2" color={status.failed ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }} role="status">
        {status.message}
      </Typography>
      {!status.failed && <NotifyButton />}
    </Box>
  );
}
