import { CheckCircleOutlined } from '@mui/icons-material';
import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { CreatorFrame } from '../creator/index.ts';
import type { VideoDetails } from '../details/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { createOrder } from './api.ts';
import { FinalizeGate, FinalizeProgress, useFinalizeSubmit } from './FinalizeShell.tsx';
import { StockEulaAgreement } from './StockEulaAgreement.tsx';

/** /creator/:videoAuthOrId/finalize (spec 1 section 2.6). */
export function FinalizePage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>
        {(ref, link) => (
          <FinalizeGate key={String(ref)} video={ref} link={link}>
            {(video, required) => <FinalizeForm video={video} required={required} />}
          </FinalizeGate>
        )}
      </VideoRefGate>
    </CreatorFrame>
  );
}

function FinalizeForm({ video, required }: { video: VideoDetails; required: boolean }) {
  const [accepted, setAccepted] = useState(false);
  const { saving, message, submit } = useFinalizeSubmit(video, () => createOrder(video.videoCode, required && accepted));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {video.title || 'Untitled video'}
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
          onClick={submit}
          disabled={saving || (required && !accepted)}
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleOutlined />}
        >
          Finalize
        </Button>
        <FinalizeProgress saving={saving} message={message} />
      </Stack>
    </Paper>
  );
}
