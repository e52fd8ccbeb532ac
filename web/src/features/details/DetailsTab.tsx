import { Box, Paper } from '@mui/material';
import { useState } from 'react';
import { COMPLETE_TEXT, useVideoGeneration } from '../generation/index.ts';
import { PreviewDialog } from '../preview/index.ts';
import type { VideoDetails } from './api.ts';
import { DownloadHdButton } from './DownloadHdButton.tsx';
import { VideoCard } from './VideoCard.tsx';
import { ViewVideoDialog } from './ViewVideoDialog.tsx';

interface Props {
  video: VideoDetails;
  admin: boolean;
  /** Called once when a render that was running on this page completes. */
  onRenderComplete?: () => void;
}

/** The cover, linked to the tribute page when the video has one. */
function Cover({ video }: { video: VideoDetails }) {
  const image = (
    <Box
      component="img"
      src={video.urls.coverBig}
      alt={`Cover of ${video.title || 'the video'}`}
      sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'grey.200' }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ gridArea: 'cover', overflow: 'hidden', alignSelf: 'start' }}>
      {video.urls.tribute ? (
        <Box component="a" href={video.urls.tribute} sx={{ display: 'block', '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 } }}>
          {image}
        </Box>
      ) : (
        image
      )}
    </Paper>
  );
}

/** Spec 3 section 2.2, the Video Details tab: cover, video card and action bar. */
export function DetailsTab({ video, admin, onRenderComplete }: Props) {
  const status = useVideoGeneration(video, { admin, onComplete: onRenderComplete });
  const ready = status.kind === 'text' && status.text === COMPLETE_TEXT;
  const [viewing, setViewing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        gridTemplateRows: { md: 'auto 1fr' },
        gridTemplateAreas: { xs: '"cover" "card" "actions"', md: '"cover card" "actions card"' },
      }}
    >
      <Cover video={video} />
      <VideoCard video={video} status={status} admin={admin} ready={ready} onView={() => setViewing(true)} onLastPreview={() => setPreviewing(true)} />
      <Box component="section" aria-label="Downloads" sx={{ gridArea: 'actions', display: 'flex', flexWrap: 'wrap', alignContent: 'start', gap: 1.5 }}>
        <DownloadHdButton videoCode={video.videoCode} title={video.title} hdSize={video.hdSize} ready={ready && !video.deleted} />
      </Box>
      <ViewVideoDialog open={viewing} title={video.title} videoCode={video.videoCode} onClose={() => setViewing(false)} />
      {admin && <PreviewDialog open={previewing} video={video.id} onClose={() => setPreviewing(false)} />}
    </Box>
  );
}
