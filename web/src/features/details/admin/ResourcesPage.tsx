import { Alert, Box, CircularProgress, Link, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { NotFoundPage } from '../../../app/fallback-pages.tsx';
import { ServerProblem } from '../../../api/index.ts';
import { Page } from '../../../ui/index.ts';
import { megabytes } from '../rules.ts';
import { useVideoResources } from './api.ts';

const wide = { display: { xs: 'none', md: 'table-cell' } };

/** /videos/:id/resources (super users): every file the video owns, with its size in MB and a link to it. */
export function ResourcesPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <Resources videoId={Number(id)} />;
}

function Resources({ videoId }: { videoId: number }) {
  const { data, error, isLoading } = useVideoResources(videoId);
  if (error instanceof ServerProblem && error.status === 404) return <NotFoundPage />;
  return (
    <Page
      title={data ? `Resources of ${data.title || 'the video'}` : 'Resources'}
      actions={
        <Link component={RouterLink} href={`/videos/${videoId}/details`}>
          Back to the video
        </Link>
      }
    >
      {error && <Alert severity="error">{error.message}</Alert>}
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading the files" />
        </Box>
      )}
      {data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Files of the video">
              <TableHead>
                <TableRow>
                  <TableCell>File</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell sx={wide}>Modified</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.files.map((file) => (
                  <TableRow key={file.key}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Link href={file.url}>{file.key.replace(`videos/${videoId}/`, '')}</Link>
                    </TableCell>
                    <TableCell>{file.kind}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {megabytes(file.bytes)}
                    </TableCell>
                    <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{new Date(file.modifiedAt).toLocaleString()}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {data.files.length} file{data.files.length === 1 ? '' : 's'}
                  </TableCell>
                  <TableCell />
                  <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {megabytes(data.totalBytes)}
                  </TableCell>
                  <TableCell sx={wide} />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
          {data.files.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              This video has no stored files.
            </Typography>
          )}
        </Paper>
      )}
    </Page>
  );
}
