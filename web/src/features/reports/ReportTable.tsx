import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { ListFrame, usePhone } from '../settings/components/ListFrame.tsx';
import { RowCard } from '../settings/components/RowCard.tsx';
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

/** A row on a phone: its first cell as the heading (a number with its label: Invoice 19), every other as a fact. */
function rowCard(cells: ReportRow, columns: Report['columns'], key: string, action?: ReactNode, heading?: string) {
  const first = columns[0];
  return (
    <RowCard
      key={key}
      dense
      heading={heading ?? (first.kind === 'integer' ? `${first.label} ${String(cells[0])}` : formatCell(cells[0], first.kind))}
      // The totals card leaves out what has no total.
      facts={columns.slice(1).flatMap((c, k) => (cells[k + 1] === null && heading ? [] : [{ label: c.label, value: formatCell(cells[k + 1], c.kind) }]))}
      actions={action}
    />
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
  const phone = usePhone();

  const cards = (
    <>
      {shown.map((row, i) => rowCard(row, columns, `${String(row[0])}-${i}`, rowAction?.render(row)))}
      {report?.totals && rows.length > 0 && rowCard(report.totals, columns, 'total', undefined, 'Total')}
    </>
  );
  const table = (
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
  );
  const pager = rows.length > PER_PAGE && (
    <TablePagination component="div" count={rows.length} page={page} onPageChange={(_, next) => setPage(next)} rowsPerPage={PER_PAGE} rowsPerPageOptions={[]} />
  );
  return (
    <ListFrame
      dense
      label={label}
      loading={loading}
      error={error}
      phone={phone}
      cards={cards}
      table={table}
      count={report ? rows.length : undefined}
      emptyText="Nothing to show for these filters."
      pager={pager}
    />
  );
}
