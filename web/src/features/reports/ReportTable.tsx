import { Alert, Box, Card, CardContent, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import type { Report } from './api.ts';
import { formatCell } from './format.ts';

export type ReportRow = Report['rows'][number];

/** An extra last column, such as an invoice's PDF link. */
export interface RowAction {
  label: string;
  render: (row: ReportRow) => ReactNode;
}

interface Props {
  label: string;
  report: Report | undefined;
  loading: boolean;
  error?: Error;
  rowAction?: RowAction;
}

const PER_PAGE = 50;
const numeric = (kind: string) => kind === 'integer' || kind === 'cents' || kind === 'decimal';

/** A row on a phone: its first cell as the heading, every other as 'Label: value' (as the admin lists do). */
function RowCard({ cells, columns, action, heading }: { cells: ReportRow; columns: Report['columns']; action?: ReactNode; heading?: string }) {
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography component="div" sx={{ fontWeight: 600, mb: 0.5 }}>
          {heading ?? (columns[0].kind === 'integer' ? `${columns[0].label} ${String(cells[0])}` : formatCell(cells[0], columns[0].kind))}
        </Typography>
        {columns.slice(1).map((c, k) =>
          cells[k + 1] === null && heading ? null : (
            <Typography key={c.key} component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {c.label}:
              </Box>{' '}
              {formatCell(cells[k + 1], c.kind)}
            </Typography>
          ),
        )}
        {action}
      </CardContent>
    </Card>
  );
}

/**
 * A report's rows as the server typed them, with its totals line at the foot; long reports page by 50. On a phone
 * each row is a card, so no figure is out of sight.
 */
export function ReportTable({ label, report, loading, error, rowAction }: Props) {
  const [page, setPage] = useState(0);
  const rows = report?.rows ?? [];
  const columns = report?.columns ?? [];
  // New filters start again at the first page.
  const filtersKey = JSON.stringify(report?.filters);
  useEffect(() => setPage(0), [filtersKey]);
  const shown = rows.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error.message}
        </Alert>
      )}
      {phone ? (
        <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
          {shown.map((row, i) => (
            <RowCard key={`${String(row[0])}-${i}`} cells={row} columns={columns} action={rowAction?.render(row)} />
          ))}
          {report?.totals && rows.length > 0 && <RowCard cells={report.totals} columns={columns} heading="Total" />}
        </Stack>
      ) : (
        <TableContainer tabIndex={0} aria-label={`${label} table`} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={numeric(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {c.label}
                  </TableCell>
                ))}
                {rowAction && <TableCell sx={{ fontWeight: 600 }}>{rowAction.label}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row, i) => (
                <TableRow key={`${String(row[0])}-${i}`} hover>
                  {columns.map((c, k) => (
                    <TableCell key={c.key} align={numeric(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: c.kind === 'text' ? 'normal' : 'nowrap' }}>
                      {formatCell(row[k], c.kind)}
                    </TableCell>
                  ))}
                  {rowAction && <TableCell sx={{ whiteSpace: 'nowrap' }}>{rowAction.render(row)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
            {report?.totals && rows.length > 0 && (
              <TableFooter>
                <TableRow>
                  {columns.map((c, k) => (
                    <TableCell key={c.key} align={numeric(c.kind) ? 'right' : 'left'} sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}>
                      {k === 0 ? 'Total' : report.totals![k] === null ? '' : formatCell(report.totals![k], c.kind)}
                    </TableCell>
                  ))}
                  {rowAction && <TableCell />}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
      )}
      {!loading && !error && report && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          Nothing to show for these filters.
        </Typography>
      )}
      {rows.length > PER_PAGE && (
        <TablePagination component="div" count={rows.length} page={page} onPageChange={(_, next) => setPage(next)} rowsPerPage={PER_PAGE} rowsPerPageOptions={[]} />
      )}
    </Paper>
  );
}
