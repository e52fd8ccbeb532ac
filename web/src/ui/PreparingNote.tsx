import { Box, CircularProgress, Typography } from '@mui/material';

/** How often a list still being prepared is fetched again, so what finishes appears without a reload. */
export const PREPARING_REFRESH_MS = 10_000;

/** SWR's refreshInterval for a list that says how many of its items are still being prepared. */
export const refreshWhilePreparing = (latest: { preparing?: number } | undefined): number => (latest?.preparing ? PREPARING_REFRESH_MS : 0);

/**
 * The line a list shows on a new installation while its library is still being made in the background: what is
 * ready is listed, and this says how many more are coming (nothing when none are).
 */
export function PreparingNote({ count, one, many, what }: { count: number; one: string; many: string; what: string }) {
  if (count <= 0) return null;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', px: 1, py: 1 }}>
      <CircularProgress size={14} aria-hidden />
      <Typography variant="body2">
        {count === 1 ? `1 more ${one} is` : `${count} more ${many} are`} being prepared; {what}
      </Typography>
    </Box>
  );
}
