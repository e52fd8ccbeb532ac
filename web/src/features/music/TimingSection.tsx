import { Alert, Box, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { parseSlideTime } from '../../../../common/timing.ts';
import type { Timing } from '../../api/index.ts';
import { formatLength, slideTimeText } from './format.ts';
import type { TimingSettings } from './useMusic.ts';

/** Spec 1 section 9: the seconds per slide save 1 s after typing stops. */
export const SLIDE_TIME_SAVE_DELAY_MS = 1000;

interface Props {
  timing: Timing;
  settings: TimingSettings;
  readOnly: boolean;
  /** Songs whose audio is still being made: the lengths and warnings wait for them. */
  preparingSongs?: number;
  onSave(settings: TimingSettings): void;
}

function Length({ label, seconds, testId }: { label: string; seconds: number; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontSize: '1.375rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {formatLength(seconds)}
      </Typography>
    </Box>
  );
}

/** Automatic or custom seconds per slide, Repeat Music, the two lengths and the warnings the server's timing gives. */
export function TimingSection({ timing, settings, readOnly, preparingSongs = 0, onSave }: Props) {
  const [text, setText] = useState(() => slideTimeText(settings.slideTime));
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ timer: number; settings: TimingSettings } | null>(null);
  const latestSave = useRef(onSave);
  useEffect(() => {
    latestSave.current = onSave;
  });

  const cancelPending = () => {
    if (pending.current) window.clearTimeout(pending.current.timer);
    pending.current = null;
  };
  // Leaving the page within the second still saves what was typed, without asking, whichever way it is left:
  // inside the app (a link, Back or Forward) the page unmounts; out of it (Back to another site, a reload, closing
  // the tab) nothing unmounts, but pagehide still comes, and the timing save is sent kept alive so it lands.
  useEffect(() => {
    const flush = () => {
      if (!pending.current) return;
      window.clearTimeout(pending.current.timer);
      const { settings: waiting } = pending.current;
      pending.current = null;
      latestSave.current(waiting);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const saveNow = (next: TimingSettings) => {
    cancelPending();
    onSave(next);
  };

  const typed = (value: string) => {
    setText(value);
    const parsed = parseSlideTime(value);
    cancelPending();
    if (!parsed.ok) return;
    setError(null);
    const next = { ...settings, slideTime: parsed.seconds };
    pending.current = { settings: next, timer: window.setTimeout(() => saveNow(next), SLIDE_TIME_SAVE_DELAY_MS) };
  };

  const blurred = () => {
    const parsed = parseSlideTime(text);
    setError(parsed.ok ? null : parsed.error);
  };

  const setAutomatic = (automatic: boolean) => {
    const parsed = parseSlideTime(text);
    const slideTime = parsed.ok && !automatic ? parsed.seconds : settings.slideTime;
    if (!automatic) {
      setText(slideTimeText(slideTime));
      setError(null);
    }
    saveNow({ ...settings, automatic, slideTime });
  };

  // The server's timing comes from common/timing.ts with every slide known, so its warnings are the video's own;
  // while a song's audio is still being made they would be false alarms about music that is on its way.
  const warnings = preparingSongs > 0 ? [] : timing.warnings;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="timing-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="timing-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Timing
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 4 }} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <FormControlLabel
            control={<Switch checked={settings.automatic} disabled={readOnly} onChange={(_, on) => setAutomatic(on)} />}
            label="Automatic"
          />
          {settings.automatic ? (
            <Typography data-testid="automatic-slide-time" sx={{ color: 'text.secondary' }}>
              Each slide shows for about {slideTimeText(timing.slide)} seconds, so the slides end with the music.
            </Typography>
          ) : (
            <TextField
              id="slide-time"
              label="Seconds per slide"
              value={text}
              disabled={readOnly}
              onChange={(event) => typed(event.target.value)}
              onBlur={blurred}
              error={error !== null}
              helperText={error ?? 'Each slide shows this long'}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              sx={{ maxWidth: 280, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
            />
          )}
          <FormControlLabel
            control={<Switch checked={settings.repeatMusic} disabled={readOnly} onChange={(_, on) => saveNow({ ...settings, repeatMusic: on })} />}
            label="Repeat Music"
          />
        </Stack>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={4}>
            <Length label="Music length" seconds={timing.music} testId="music-length" />
            <Length label="Video length" seconds={timing.video} testId="video-length" />
          </Stack>
          {preparingSongs > 0 && (
            <Alert severity="info" role="status">
              {preparingSongs === 1 ? 'A song is' : `${preparingSongs} songs are`} still being prepared; the music length appears here in a few seconds.
            </Alert>
          )}
          {warnings.length > 0 && (
            <Stack spacing={1} data-testid="timing-warnings">
              {warnings.map((warning) => (
                <Alert key={warning} severity="warning">
                  {warning}
                </Alert>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
