import { FormControlLabel, Switch, TextField, Typography, Button, CircularProgress, Paper, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useMe } from '../../api/index.ts';
import { Page } from '../../ui/index.ts';
import { createSor } from './api.ts';
import { defaultRange, rangeIsValid } from './sor-rules.ts';
import { useSorCount } from './useSorCount.ts';

/** /sor (mount point service-of-remembrance, spec 1, section 2.4): a yearly remembrance video from the videos finished. */
export function SorPage() {
  const [, navigate] = useLocation();
  const { user } = useMe();
  const count = useSorCount(user?.id);
  const [range] = useState(() => defaultRange(new Date()));
  const [startDate, setStartDate] = useState(range.start);
  const [endDate, setEndDate] = useState(range.end);
  const [removeBackdrop, setRemoveBackdrop] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = rangeIsValid(startDate, endDate);
  const backwards = startDate !== '' && endDate !== '' && startDate > endDate;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const { videoId } = await createSor({ startDate, endDate, captionRemoveBackdrop: removeBackdrop });
      navigate(`/creator/${videoId}/slides`);
    } catch {
      // Spec 1, section 8: a failed creation only clears the loading state.
      setBusy(false);
    }
  };

  return (
    <Page title="Service of Remembrance" maxWidth="md">
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Typography>
            Make one video that remembers everyone your organization served: one slide for each video finished between these dates, showing its
            cover photo with the name as caption. You can then add music, reorder or edit it like any other video.
          </Typography>
          {count !== undefined && (
            <Typography variant="body2" color="text.secondary">
              Your organization has finished {count} {count === 1 ? 'video' : 'videos'} this year.
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Start Date"
              name="start_date"
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="End Date"
              name="end_date"
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              required
              fullWidth
              error={backwards}
              helperText={backwards ? 'The end date must be on or after the start date.' : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <FormControlLabel
            control={<Switch name="caption_remove_backdrop" checked={removeBackdrop} onChange={(e) => setRemoveBackdrop(e.target.checked)} />}
            label="Remove Backdrop (captions without the shaded band behind them)"
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" size="large" disabled={!valid || busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
              Create
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Page>
  );
}
