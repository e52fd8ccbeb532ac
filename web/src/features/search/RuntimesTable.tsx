import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { SEARCH_SOURCES } from '../../../../common/search-sources.ts';
import type { SearchResult } from './api.ts';
import { formatRuntime, humanize, type SourceState } from './format.ts';

/** Each source with its time (3 decimals, 'ERROR', '...') and its aliases. */
export function RuntimesTable({ states }: { states: readonly SourceState<SearchResult>[] }) {
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 500, px: 2, pt: 1.5 }} id="search-runtimes">
        Runtimes
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="search-runtimes">
          <TableHead>
            <TableRow>
              <TableCell>Source</TableCell>
              <TableCell align="right">Time (s)</TableCell>
              <TableCell>Aliases</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SEARCH_SOURCES.map((source, index) => {
              const time = formatRuntime(states[index]);
              return (
                <TableRow key={source.name} data-source={source.name}>
                  <TableCell>{humanize(source.name)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: time === 'ERROR' ? 'error.main' : undefined }} data-runtime>
                    {time}
                  </TableCell>
                  <TableCell>{source.aliases.join(', ')}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
