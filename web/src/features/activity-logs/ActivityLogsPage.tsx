import { Alert, Box, Button, LinearProgress, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { Page } from '../../ui/index.ts';
import { useActivityLog, type ActivityFilters } from './api.ts';
import { ActivityLogTable } from './ActivityLogTable.tsx';

const PAGE_LIMIT = 200;

const fromSearch = (search: URLSearchParams): ActivityFilters => ({
  userId: search.get('user_id') ?? '',
  ip: search.get('ip') ?? '',
  videoId: search.get('video_id') ?? '',
});

/** /activity_logs: who did what, from where, narrowed by user_id, ip and video_id (kept in the address). */
export function ActivityLogsPage() {
  const [search, setSearch] = useSearchParams();
  const applied = fromSearch(search);
  const [typed, setTyped] = useState<ActivityFilters>(applied);
  const { data, error, isValidating } = useActivityLog(applied, PAGE_LIMIT);
  const appliedKey = search.toString();

  // A link to the page with other filters (a user or address in the table) fills the fields again.
  useEffect(() => setTyped(fromSearch(new URLSearchParams(appliedKey))), [appliedKey]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearch(() => {
      const next = new URLSearchParams();
      if (typed.userId?.trim()) next.set('user_id', typed.userId.trim());
      if (typed.ip?.trim()) next.set('ip', typed.ip.trim());
      if (typed.videoId?.trim()) next.set('video_id', typed.videoId.trim());
      return next;
    });
  };
  const field = (key: keyof ActivityFilters, label: string, numeric: boolean) => (
    <TextField
      label={label}
      size="small"
      value={typed[key] ?? ''}
      onChange={(e) => setTyped((previous) => ({ ...previous, [key]: e.target.value }))}
      slotProps={{ htmlInput: numeric ? { inputMode: 'numeric', pattern: '[0-9]*' } : { maxLength: 64 } }}
      sx={{ width: { xs: '100%', sm: 160 } }}
    />
  );
  const rows = data ?? [];
  return (
    <Page title="Activity Logs">
      <Box component="form" onSubmit={apply} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }} aria-label="Filters">
        {field('userId', 'User ID', true)}
        {field('ip', 'IP address', false)}
        {field('videoId', 'Video ID', true)}
        <Button type="submit" variant="contained">
          Filter
        </Button>
        {appliedKey && (
          <Button onClick={() => setSearch(new URLSearchParams())} color="inherit">
            Clear
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      <Paper variant="outlined">
        {isValidating && <LinearProgress aria-label="Loading activity" />}
        <ActivityLogTable rows={rows} label="Activity" />
        {data && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No activity{appliedKey ? ' matches these filters' : ' yet'}.
          </Typography>
        )}
        {rows.length === PAGE_LIMIT && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            The newest {PAGE_LIMIT} entries are shown; narrow the filters to see older ones.
          </Typography>
        )}
      </Paper>
    </Page>
  );
}
