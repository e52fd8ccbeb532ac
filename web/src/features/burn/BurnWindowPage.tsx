import { Album, InfoOutlined, Settings, WarningAmberOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { sourceLabel } from '../details/DownloadSplitButton.tsx';
import { useVideoDetails } from '../details/index.ts';
import { burnButtons, type BurnButton } from './buttons.ts';
import { DownloadSettingsDialog } from './DownloadSettingsDialog.tsx';
import { isDone, type BurnSession } from './flow.ts';
import { ProgressRow, type RowName } from './ProgressRow.tsx';
import { useBurnController } from './useBurnController.ts';

const ROWS: RowName[] = ['finalize', 'download', 'burn', 'verify'];

/** The row that is working now, drawn in full colour. */
function activeRow(s: BurnSession): RowName | null {
  return ROWS.find((row) => !s[row].completed) ?? null;
}

/** /burn/:videoId (?auto=1): the burn window the extension opens as a 700x440 popup (spec 3 section 2.6). */
export function BurnWindowPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.videoId && /^\d{1,12}$/.test(params.videoId) ? Number(params.videoId) : null;
  if (id === null) return <NotFoundPage />;
  return <BurnWindow key={id} videoId={id} />;
}

const BUTTON_LABELS: Record<BurnButton, string> = {
  burn_another: 'Burn Another Copy',
  close: 'Close',
  retry: 'Retry',
  burn: 'Burn',
  cancel: 'Cancel',
  settings: 'Download Settings',
};

/** window.close() works for the popup the extension opened; a window opened any other way goes to the details page. */
function closeWindow(videoId: number): void {
  window.close();
  setTimeout(() => window.location.assign(`/videos/${videoId}/details`), 300);
}

function BurnWindow({ videoId }: { videoId: number }) {
  const auto = new URLSearchParams(useSearch()).get('auto') === '1';
  const { video } = useVideoDetails(videoId);
  const { controller, state } = useBurnController(videoId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const buttons = burnButtons(state);
  const done = isDone(state);
  const actions = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = video?.title ? `Burn DVD: ${video.title}` : 'Burn DVD';
  }, [video?.title]);

  // A focused button that vanished with its state (Cancel once canceled) would leave the focus nowhere: the new
  // first button takes it, so the keyboard user stays in the window's controls.
  const actionsFocused = useRef(false);
  const buttonKey = buttons.join(',');
  useEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (actionsFocused.current && lost) actions.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [buttonKey]);

  // Closing the window mid-burn leaves a half-written disc: the browser asks first.
  const burning = state.burnRequested && !state.burn.error && !state.verify.error && !done;
  useEffect(() => {
    if (!burning) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [burning]);

  const press = (button: BurnButton) => {
    if (!controller) return;
    switch (button) {
      case 'cancel':
        return controller.cancel();
      case 'retry':
        return controller.retry();
      case 'burn':
      case 'burn_another':
        return controller.burnAgain();
      case 'close':
        return closeWindow(videoId);
      case 'settings':
        return setSettingsOpen(true);
    }
  };

  const sources = state.urls ? Object.keys(state.urls).sort((a, b) => (a === 'primary' ? -1 : b === 'primary' ? 1 : a.localeCompare(b))) : [state.source];
  const cover = video?.urls.cover;
  const active = activeRow(state);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, boxSizing: 'border-box' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '196px minmax(0, 1fr)', gap: 2, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Box
            component={cover ? 'img' : 'div'}
            src={cover}
            alt={cover ? `Cover of ${video?.title || 'the video'}` : undefined}
            sx={{ display: 'block', width: 196, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1.5, bgcolor: 'grey.300', boxShadow: 1 }}
          />
          <Typography variant="h1" sx={{ fontSize: '1rem', mt: 1, display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Album fontSize="small" color="primary" aria-hidden />
            Burn DVD
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="burn-title" sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' }}>
            {video?.title || '\u00a0'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" data-testid="burn-source" sx={{ mt: 0.5 }}>
            Download from {sourceLabel(state.source)}
          </Typography>
          {auto && (
            <Typography variant="caption" color="text.secondary" component="p" data-testid="burn-auto">
              Burns once finalized
            </Typography>
          )}
        </Box>
        <Paper variant="outlined" component="section" aria-label="Progress" sx={{ px: 2, py: 1.5, display: 'grid', gap: 1 }}>
          {ROWS.map((row) => (
            <ProgressRow key={row} name={row} block={state[row]} active={row === active} />
          ))}
        </Paper>
      </Box>
      <MessageArea state={state} done={done} />
      <Stack
        ref={actions}
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'flex-end', mt: 'auto' }}
        aria-label="Burn actions"
        role="group"
        data-testid="burn-actions"
        onFocus={() => (actionsFocused.current = true)}
        onBlur={(e) => {
          // Focus moved somewhere else on purpose (not lost with a removed button).
          if (e.relatedTarget) actionsFocused.current = actions.current?.contains(e.relatedTarget) ?? false;
        }}
      >
        {buttons.map((button, index) => (
          <Button
            key={button}
            data-testid={`burn-button-${button}`}
            variant={button === 'settings' || (index > 0 && button === 'close') ? 'outlined' : 'contained'}
            color={button === 'cancel' ? 'inherit' : 'primary'}
            startIcon={button === 'settings' ? <Settings /> : button === 'burn' || button === 'burn_another' ? <Album /> : undefined}
            onClick={() => press(button)}
            disabled={!controller}
          >
            {BUTTON_LABELS[button]}
          </Button>
        ))}
      </Stack>
      <DownloadSettingsDialog
        open={settingsOpen}
        sources={sources}
        current={state.source}
        onClose={() => setSettingsOpen(false)}
        onRestart={(source) => {
          setSettingsOpen(false);
          controller?.changeSource(source);
          // The dialog gives the focus back to Download Settings, which the restart removed: the first button takes it.
          setTimeout(() => {
            if (document.activeElement === document.body || document.activeElement === null) actions.current?.querySelector<HTMLButtonElement>('button')?.focus();
          }, 400);
        }}
      />
    </Box>
  );
}

/**
 * The message area (spec 3 section 2.6): the burner's, the helper's and the update's words, read out as they change.
 * With nothing else to say it gives a row's error in full: the row has room for two lines of it only.
 */
function MessageArea({ state, done }: { state: BurnSession; done: boolean }) {
  const rowError = ROWS.map((row) => state[row].error).find((error) => error);
  const message = done ? 'The DVD is burned and verified. You can take it out of the drive.' : state.message || rowError || null;
  const tone = done ? 'success' : state.message ? state.messageTone : rowError ? 'error' : state.messageTone;
  return (
    <Box role="status" aria-live="polite" data-testid="burn-message" sx={{ display: 'grid', gap: 0.75, minHeight: 40 }}>
      {message && (
        <Alert
          severity={tone}
          data-tone={tone}
          icon={tone === 'info' ? <InfoOutlined fontSize="inherit" /> : undefined}
          sx={{ py: 0.25, alignItems: 'center' }}
          data-testid="burn-message-text"
        >
          {message}
        </Alert>
      )}
      {state.advisory && !done && (
        <Alert severity="warning" icon={<WarningAmberOutlined fontSize="inherit" />} sx={{ py: 0.25, alignItems: 'center' }} data-testid="burn-advisory">
          {state.advisory}
        </Alert>
      )}
    </Box>
  );
}
