import { Box, CircularProgress, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { SearchCell, SearchResult } from './api.ts';
import { cellText, humanize, isDeleted, shortenId, type SourceState } from './format.ts';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Links inside the app open in place; a funeral home's website or obituary opens in a new tab. */
function CellLink({ href, children }: { href: string; children: string }) {
  const external = /^https?:\/\//i.test(href);
  return (
    <Link href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </Link>
  );
}

function Cell({ value }: { value: SearchCell }) {
  if (value !== null && typeof value === 'object') return <CellLink href={value.href}>{value.text}</CellLink>;
  return <>{cellText(value)}</>;
}

/** One source: its heading, then a spinner, its error, or its table (ID column, humanized headings). */
export function SearchSection({ name, state }: { name: string; state: SourceState<SearchResult> }) {
  const headingId = `search-source-${name}`;
  const heading = (
    <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', fontWeight: 500, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
      {humanize(name)}
      {state.status === 'pending' && <CircularProgress size={18} aria-label={`Searching ${humanize(name).toLowerCase()}`} />}
    </Typography>
  );
  const thumbnails = state.status === 'done' && state.result.rows.some((row) => row.thumbnail);
  return (
    <Box component="section" aria-labelledby={headingId} data-source={name} sx={{ mb: 3 }}>
      {heading}
      {state.status === 'error' && <Typography color="error">Error: {state.message}</Typography>}
      {state.status === 'done' && (
        <Paper variant="outlined">
          {/* Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
          <TableContainer tabIndex={0} aria-labelledby={headingId}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  {thumbnails && <TableCell>Thumbnail</TableCell>}
                  {state.result.fields.map((field) => (
                    <TableCell key={field}>{humanize(field)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {state.result.rows.map((row) => {
                  const deleted = isDeleted(row.deleted);
                  const id = shortenId(row.id);
                  return (
                    <TableRow key={String(row.id)} data-deleted={deleted || undefined} sx={deleted ? { '& td': { textDecoration: 'line-through' } } : undefined}>
                      <TableCell title={String(row.id)} sx={{ whiteSpace: 'nowrap' }}>
                        {row.url ? <CellLink href={row.url}>{id}</CellLink> : id}
                        {deleted && <Box component="span" sx={visuallyHidden}> (deleted)</Box>}
                      </TableCell>
                      {thumbnails && (
                        <TableCell sx={{ py: 0.5 }}>
                          {/* The file name beside it says what the picture is. */}
                          {row.thumbnail && <Box component="img" src={row.thumbnail} alt="" loading="lazy" sx={{ height: 48, display: 'block', borderRadius: 0.5 }} />}
                        </TableCell>
                      )}
                      {row.cells.map((value, i) => (
                        <TableCell key={state.result.fields[i] ?? i}>
                          <Cell value={value} />
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
