import { Alert, LinearProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';

/** Phones get one card per row instead of a table, so no column is out of sight. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

interface Props {
  /** Names the list for screen readers, e.g. 'Users'. */
  label: string;
  loading: boolean;
  error?: Error;
  /** usePhone(): the cards rather than the table. */
  phone: boolean;
  /** The rows as RowCards, for phones. */
  cards: ReactNode;
  table: ReactNode;
  /** How many rows there are; undefined while nothing has been loaded. */
  count: number | undefined;
  emptyText: string;
  /** Paging below the rows. */
  pager?: ReactNode;
  /** The reports' tighter spacing between the cards. */
  dense?: boolean;
}

/**
 * The frame the administration lists and the reports share: a loading bar, the error, the rows as a table (or as
 * cards on a phone), a line when there are none, and the paging below.
 */
export function ListFrame({ label, loading, error, phone, cards, table, count, emptyText, pager, dense }: Props) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error.message}
        </Alert>
      )}
      {phone ? (
        <Stack component="ul" aria-label={label} spacing={dense ? 1 : 1.5} sx={{ listStyle: 'none', m: 0, p: dense ? 1 : 1.5 }}>
          {cards}
        </Stack>
      ) : (
        table
      )}
      {!loading && !error && count === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
      {pager}
    </Paper>
  );
}
