import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { ListFrame, usePhone } from './ListFrame.tsx';
import { RowCard } from './RowCard.tsx';
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
  const phone = usePhone();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const shown = narrow ? columns.filter((c) => !c.secondary) : columns;
  const items = rows ?? [];

  const cards = items.map((row) => (
    <RowCard
      key={rowKey(row)}
      heading={columns[0].render(row)}
      facts={columns.slice(1).map((column) => ({ label: column.label, value: column.render(row) }))}
      actions={actions?.(row)}
      faded={dimmed?.(row)}
    />
  ));
  const table = (
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
  );
  const pager = (
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
  );
  return <ListFrame label={label} loading={loading} error={error} phone={phone} cards={cards} table={table} count={items.length} emptyText={emptyText} pager={pager} />;
}
