import { Box, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { fetchGenerationStatus, usePoll, type GenerationStatus } from '../generation/index.ts';
import { fetchHdSources, fetchIso, requestIso, startDownload, videoFileUrl, type DownloadUrls } from './api.ts';
import { DownloadSplitButton } from './DownloadSplitButton.tsx';
import { DvdInfoDialog } from './DvdInfoDialog.tsx';

/** Spec 3 section 9: the DVD's finalize progress is polled every 3 s, and 15 s after a failed poll. */
const FINALIZE_POLL_MS = 3000;
const FINALIZE_RETRY_MS = 15000;

interface Props {
  videoId: number;
  videoCode: string;
  isoSize: number | null;
  /** The HD video is complete (the disc is made from it). */
  ready: boolean;
}

type Phase = { kind: 'idle' } | { kind: 'requesting'; source: string } | { kind: 'finalizing'; source: string; status: GenerationStatus | null } | { kind: 'fetching'; source: string };

/**
 * Download DVD: asks for the disc image (POST /downloads/request_iso), shows its finalize progress while it is being
 * made (the dvd stage of the generation status), then downloads it from the chosen server (POST /downloads/iso).
 */
export function DownloadDvdButton({ videoId, videoCode, isoSize, ready }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [urls, setUrls] = useState<DownloadUrls | null>(null);
  const [size, setSize] = useState(isoSize);
  const [selected, setSelected] = useState('primary');
  const [info, setInfo] = useState(false);

  const fail = (message: string) => {
    setError(message);
    setPhase({ kind: 'idle' });
  };

  async function download(source: string): Promise<void> {
    setPhase({ kind: 'fetching', source });
    try {
      const iso = await fetchIso(videoId);
      setUrls(iso.urls);
      setSize(iso.isoSize);
      // This server's file by its path (the page's own origin); the absolute addresses are for the burn helper.
      startDownload(source !== 'primary' && iso.urls[source] ? iso.urls[source] : videoFileUrl(videoCode, 'dvd.iso'));
      setPhase({ kind: 'idle' });
    } catch (err) {
      fail(err instanceof Error ? err.message : 'The DVD could not be downloaded.');
    }
  }

  async function start(source: string): Promise<void> {
    setSelected(source);
    setError(null);
    setPhase({ kind: 'requesting', source });
    try {
      const { progressStage } = await requestIso(videoId);
      if (progressStage === null) await download(source);
      else setPhase({ kind: 'finalizing', source, status: null });
    } catch (err) {
      fail(err instanceof Error ? err.message : 'The DVD could not be prepared.');
    }
  }

  const finalizing = phase.kind === 'finalizing' ? phase : null;
  usePoll(
    finalizing ? `${videoId}:dvd` : null,
    (signal) => fetchGenerationStatus(videoId, 'dvd', signal),
    (status) => {
      if (status.failed) {
        fail(status.message);
        return null;
      }
      if (status.complete >= 100) {
        void download(finalizing?.source ?? 'primary');
        return null;
      }
      setPhase((current) => (current.kind === 'finalizing' ? { ...current, status } : current));
      return FINALIZE_POLL_MS;
    },
    FINALIZE_RETRY_MS,
  );

  const load = () => {
    if (urls) return;
    // The disc's servers are the HD video's: listed before the disc exists, its own addresses come with it.
    (size !== null ? fetchIso(videoId) : fetchHdSources(videoId)).then(
      (reply) => setUrls(reply.urls),
      () => fetchHdSources(videoId).then((reply) => setUrls(reply.urls), () => setUrls({ primary: '' })),
    );
  };

  const percent = finalizing?.status ? Math.max(0, Math.min(99, Math.floor(finalizing.status.complete))) : null;
  const busyLabel = phase.kind === 'idle' ? null : finalizing ? `Finalizing DVD${percent === null ? '…' : ` ${percent}%`}` : 'Preparing…';
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignSelf: 'flex-start', gap: 0.75, maxWidth: '100%' }}>
      <DownloadSplitButton
        label="Download DVD"
        busyLabel={busyLabel}
        disabled={!ready}
        onClick={() => void start(selected)}
        sources={urls ? Object.keys(urls) : null}
        selected={selected}
        onOpenMenu={load}
        onSelect={(source) => void start(source)}
        onInfo={() => setInfo(true)}
      >
        <DvdInfoDialog open={info} isoSize={size} onClose={() => setInfo(false)} />
      </DownloadSplitButton>
      {finalizing && (
        <Box role="status" aria-live="polite" sx={{ width: { xs: '100%', sm: 260 } }}>
          <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? undefined} aria-label="DVD finalize progress" />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {finalizing.status?.message || 'Preparing the DVD…'}
          </Typography>
        </Box>
      )}
      {error && (
        <Typography role="alert" variant="caption" color="error" component="p" sx={{ width: { xs: '100%', sm: 260 } }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
