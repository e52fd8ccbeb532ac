import { DeleteOutlined, RssFeedOutlined, UploadFileOutlined } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Container, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { getJson, sendJson } from '../../../api/index.ts';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { formatDate } from '../components/format.ts';

/** The import's columns (server/src/services/obituary-import.service.ts OBITUARY_COLUMNS), for the page's help. */
const COLUMNS = 'website_name, domain, obituary_path, slug, foreign_id, published_at, deleted_at, video_code, video_name, video_ready';

interface ImportResult {
  rows: number;
  imported: number;
  created: number;
  problems: { row: number; messages: string[] }[];
}

interface Feed {
  id: number;
  organizationId: number;
  organizationName: string;
  url: string;
  lastRunAt: string | null;
  lastResult: ImportResult | { error: string } | null;
}

const FEEDS = '/r/settings/obituaries/feeds';

/** The import's answer: how many rows were stored, and each refused row with what is wrong. */
function Result({ result }: { result: ImportResult | { error: string } }) {
  if ('error' in result) return <Alert severity="error">{result.error}</Alert>;
  return (
    <Stack spacing={1.5}>
      <Alert severity={result.problems.length ? 'warning' : 'success'} role="status">
        {result.imported} of {result.rows} row{result.rows === 1 ? '' : 's'} imported ({result.created} new obituar{result.created === 1 ? 'y' : 'ies'})
        {result.problems.length ? `; ${result.problems.length} row${result.problems.length === 1 ? '' : 's'} refused.` : '.'}
      </Alert>
      {result.problems.length > 0 && (
        <Table size="small" aria-label="Refused rows">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 70 }}>Row</TableCell>
              <TableCell>What is wrong</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.problems.map((problem) => (
              <TableRow key={problem.row}>
                <TableCell>{problem.row}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{problem.messages.join(' ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/**
 * /settings/obituaries (super users): fills the obituary tables the details page's obituary widget reads, from a
 * funeral home's CSV (uploaded here) or from its feed address, read at once and then every hour.
 */
export function ObituaryImportPage() {
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<'import' | 'feed' | null>(null);
  const [result, setResult] = useState<ImportResult | { error: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const feeds = useSWR<{ feeds: Feed[] }, Error>(FEEDS, (key: string) => getJson(key), { revalidateOnFocus: false });

  const act = async (kind: 'import' | 'feed', work: () => Promise<ImportResult | { error: string } | null>) => {
    setBusy(kind);
    setProblem(null);
    setResult(null);
    try {
      setResult(await work());
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const importFile = () =>
    act('import', async () => sendJson<ImportResult>('POST', '/r/settings/obituaries/import', { organizationId: organization?.id, csv: await file!.text() }, { alertErrors: false }));
  const saveFeed = () =>
    act('feed', async () => {
      const { feed } = await sendJson<{ feed: Feed }>('PUT', FEEDS, { organizationId: organization?.id, url }, { alertErrors: false });
      await feeds.mutate();
      return feed.lastResult;
    });
  const removeFeed = async (feed: Feed) => {
    await sendJson('DELETE', `${FEEDS}/${feed.id}`);
    await feeds.mutate();
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
        Obituary Import
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A funeral home's obituary pages, so each video's obituary status links to the real page. The first row of the CSV
        names its columns: {COLUMNS}. Only domain and slug are required; a row is matched by its domain and slug and
        updated when imported again.
      </Typography>
      <Stack spacing={3}>
        <Box sx={{ maxWidth: 480 }}>
          <OrganizationPicker value={organization} onChange={setOrganization} required />
        </Box>
        <Section title="Upload a CSV">
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileOutlined />}>
              Choose File
              <input hidden type="file" accept=".csv,text/csv" data-testid="obituary-csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{file ? file.name : 'No file chosen'}</Typography>
            <Button variant="contained" disabled={!organization || !file || busy !== null} onClick={() => void importFile()} startIcon={busy === 'import' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
              Import
            </Button>
          </Box>
        </Section>
        <Section title="Feed">
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField label="Feed address (a CSV with the same columns)" value={url} onChange={(e) => setUrl(e.target.value)} sx={{ flex: '1 1 320px' }} slotProps={{ htmlInput: { maxLength: 1000, inputMode: 'url' } }} />
            <Button variant="contained" disabled={!organization || !url.trim() || busy !== null} onClick={() => void saveFeed()} startIcon={busy === 'feed' ? <CircularProgress size={18} color="inherit" aria-hidden /> : <RssFeedOutlined />} sx={{ mt: 1 }}>
              Save and Read Now
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            A saved feed is read again every hour.
          </Typography>
        </Section>
        {problem && <Alert severity="error">{problem}</Alert>}
        {result && <Result result={result} />}
        <Section title="Feeds">
          {feeds.error ? (
            <Alert severity="error">{feeds.error.message}</Alert>
          ) : !feeds.data ? (
            <CircularProgress size={24} aria-label="Loading the feeds" />
          ) : feeds.data.feeds.length === 0 ? (
            <Typography color="text.secondary">No feeds yet.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Feeds">
                <TableHead>
                  <TableRow>
                    <TableCell>Organization</TableCell>
                    <TableCell>Address</TableCell>
                    <TableCell>Last read</TableCell>
                    <TableCell>Result</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {feeds.data.feeds.map((feed) => (
                    <TableRow key={feed.id}>
                      <TableCell>{feed.organizationName}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{feed.url}</TableCell>
                      <TableCell>{formatDate(feed.lastRunAt)}</TableCell>
                      <TableCell>
                        {!feed.lastResult ? '—' : 'error' in feed.lastResult ? <Typography color="error" variant="body2">{feed.lastResult.error}</Typography> : `${feed.lastResult.imported} of ${feed.lastResult.rows} imported${feed.lastResult.problems.length ? `, ${feed.lastResult.problems.length} refused` : ''}`}
                      </TableCell>
                      <TableCell>
                        <Tooltip title="Remove the feed">
                          <IconButton aria-label={`Remove the feed of ${feed.organizationName}`} onClick={() => void removeFeed(feed)}>
                            <DeleteOutlined />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Section>
      </Stack>
    </Container>
  );
}
