import { PlayCircleOutlined } from '@mui/icons-material';
import { Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import type { VideoRef } from '../../api/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { PreviewDialog } from './PreviewDialog.tsx';

/** /creator/:videoAuthOrId/preview: the Preview step, which opens the preview at once and can open it again. */
export function PreviewPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>{(ref) => <PreviewStep key={String(ref)} video={ref} />}</VideoRefGate>
    </CreatorFrame>
  );
}

function PreviewStep({ video }: { video: VideoRef }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Preview
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <PlayCircleOutlined sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} />
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Watch your video before you finish it
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
          The preview is made from your slides and music as it plays, at a lower quality than the finished video. If
          something needs changing, go back to the slides or music and preview again.
        </Typography>
        <Button variant="contained" size="large" startIcon={<PlayCircleOutlined />} onClick={() => setOpen(true)}>
          Play Preview
        </Button>
      </Paper>
      <PreviewDialog open={open} video={video} onClose={() => setOpen(false)} />
    </>
  );
}
