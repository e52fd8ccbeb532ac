import {
  Alert,
  Box,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { PAGE_SIZES, type ListState } from './useListState.ts';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** Left out of the table on narrow screens (it still shows on phone cards). */
  secondary?: boolean;
}

interface Props<T> {
  /** Names the table for screen readers, e.g. 'Users'. */
  label: string;
  rows: T[] | undefined;
  rowKey: (row: T) => number | string;
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
  /** Rows shown greyed out, such as disabled accounts. */
  dimmed?: (row: T) => boolean;
  loading: boolean;
  error?: Error;
  emptyText: string;
  total: number;
  list: Pick<ListState, 'page' | 'setPage' | 'perPage' | 'setPerPage'>;
}

// Pixel strings: in sx a bare 1 would mean 100%.
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The list of an administration screen: a table on wide screens, one card per row on phones, with paging
 * below. Every screen uses it so that they read and behave alike.
 */
export function AdminTable<T>({ label, rows, rowKey, columns, actions, dimmed, loading, error, emptyText, total, list }: Props<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const shown = narrow ? columns.filter((c) => !c.secondary) : columns;
  const items = rows ?? [];

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error.message}
        </Alert>
      )}
      {phone ? (
        <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
          {items.map((row) => (
            <Card component="li" key={rowKey(row)} variant="outlined">
              {/* Only the facts fade: faded buttons fell below readable contrast. */}
              <CardContent sx={{ pb: 1, opacity: dimmed?.(row) ? 0.7 : 1 }}>
                <Typography component="div" sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
                  {columns[0].render(row)}
                </Typography>
                {columns.slice(1).map((column) => (
                  <Typography key={column.label} component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {column.label}:
                    </Box>{' '}
                    {column.render(row)}
                  </Typography>
                ))}
              </CardContent>
              {actions && <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, pt: 0 }}>{actions(row)}</CardActions>}
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {shown.map((column) => (
                  <TableCell key={column.label}>{column.label}</TableCell>
                ))}
                {actions && (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((row) => (
                <TableRow key={rowKey(row)} hover sx={dimmed?.(row) ? { '& td': { color: 'text.secondary' } } : undefined}>
                  {shown.map((column) => (
                    <TableCell key={column.label} sx={{ overflowWrap: 'break-word' }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {actions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(row)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!loading && !error && items.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : list.page}
        onPageChange={(_, next) => list.setPage(next)}
        rowsPerPage={list.perPage}
        rowsPerPageOptions={phone ? [] : PAGE_SIZES}
        onRowsPerPageChange={(e) => list.setPerPage(Number(e.target.value))}
        labelRowsPerPage="Per page"
      />
    </Paper>
  );
}
