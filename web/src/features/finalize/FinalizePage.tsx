import { CheckCircleOutlined } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { useMe, type VideoRef } from '../../api/index.ts';
import { useVideoDetails } from '../details/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { createOrder, usesStockMusic } from './api.ts';
import { isAppPath, licenceRequired } from './rules.ts';
import { StockEulaAgreement } from './StockEulaAgreement.tsx';

/** /creator/:videoAuthOrId/finalize (spec 1 section 2.6). */
export function FinalizePage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>{(ref, link) => <FinalizeForm key={String(ref)} video={ref} link={link} />}</VideoRefGate>
    </CreatorFrame>
  );
}

/** The page inside the creator frame, which sets its width and margins. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Finalize video
      </Typography>
      {children}
    </>
  );
}

function FinalizeForm({ video, link }: { video: VideoRef; link: boolean }) {
  const { user } = useMe();
  const details = useVideoDetails(video);
  const checkMusic = user !== null && !link;
  const stock = useSWR(checkMusic ? ['finalize-stock-music', String(video)] : null, () => usesStockMusic(video), { revalidateOnFocus: false });
  const [accepted, setAccepted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [, navigate] = useLocation();

  if (details.error || stock.error) {
    const retry = () => {
      details.reload();
      void stock.mutate();
    };
    return (
      <Frame>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>Retry</Button>}>
          {details.error ? details.error.message : 'The music of this video could not be checked.'}
        </Alert>
      </Frame>
    );
  }
  if (!details.video || (checkMusic && stock.data === undefined)) {
    return (
      <Frame>
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </Frame>
    );
  }

  const { videoCode, title } = details.video;
  const required = licenceRequired(user !== null, link, stock.data ?? false);
  const finalize = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const reply = await createOrder(videoCode, required && accepted);
      if (reply.redirect) {
        if (isAppPath(reply.redirect)) navigate(reply.redirect);
        else window.location.assign(reply.redirect);
        return;
      }
      setMessage(reply.message ?? null);
    } catch {
      // Spec 1 section 8: a failed call only ends the saving state (the error dialog has said why).
    }
    setSaving(false);
  };

  return (
    <Frame>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title || 'Untitled video'}
          </Typography>
          <Typography color="text.secondary">
            Finalizing makes the finished HD video, the web video for sharing and the DVD image. It takes a few minutes, and
            the video details page shows the progress. To change anything afterwards, the video can be reopened for editing
            and finalized again.
          </Typography>
          {required && <StockEulaAgreement accepted={accepted} onChange={setAccepted} disabled={saving} />}
          <Button
            variant="contained"
            size="large"
            onClick={() => void finalize()}
            disabled={saving || (required && !accepted)}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleOutlined />}
          >
            Finalize
          </Button>
          {saving && (
            <Typography role="status" color="text.secondary">
              Finalizing...
            </Typography>
          )}
          {message && (
            <Alert severity="info" role="status" sx={{ alignSelf: 'stretch' }}>
              {message}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Frame>
  );
}
