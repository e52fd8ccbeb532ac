import { ArrowForward } from '@mui/icons-material';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import { Link } from 'wouter';
import { COMPLETE_TEXT, useVideoGeneration } from '../generation/index.ts';
import type { VideoDetails } from './api.ts';
import { DownloadDvdButton } from './DownloadDvdButton.tsx';
import { detailsPath } from './links.ts';
import { StatusLine } from './StatusLine.tsx';

interface Props {
  video: VideoDetails;
  admin: boolean;
  /** Reads the video again once its render completes (the disc's size and path come with it). */
  reload: () => void;
}

/**
 * The prompt-only mount of the details page (spec 3 section 2.1): `/videos/{id}/details?prompt=dvd_download`
 * shows the DVD download prompt and nothing else of the page, where the DVD was asked for but cannot burn by itself
 * on this computer. While the video is still being made it shows the progress, and Download DVD turns on once the
 * video is finished; the disc image is then prepared and downloaded as from the Video Details tab.
 */
export function DvdDownloadPrompt({ video, admin, reload }: Props) {
  const status = useVideoGeneration(video, { admin, onComplete: reload });
  const ready = status.kind === 'text' && status.text === COMPLETE_TEXT && !video.deleted;
  const title = video.title || 'Untitled video';
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" component="section" aria-labelledby="dvd-prompt-title" sx={{ overflow: 'hidden' }}>
        <Box component="img" src={video.urls.coverBig} alt="" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'grey.200' }} />
        <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <Box>
            <Typography id="dvd-prompt-title" variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
              Download DVD
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
          </Box>
          <StatusLine status={status} />
          <Typography>
            {ready
              ? 'The DVD is ready to download: a disc image to burn onto a blank DVD with your computer’s own disc burning (More Info says how).'
              : video.deleted
                ? 'This video was deleted, so its DVD cannot be downloaded.'
                : 'The DVD can be downloaded once the video is finished. Keep this page open: Download DVD turns on by itself.'}
          </Typography>
          <DownloadDvdButton videoId={video.id} videoCode={video.videoCode} isoSize={video.isoSize} ready={ready} />
          <Box>
            <Button component={Link} href={detailsPath(video.id)} endIcon={<ArrowForward />}>
              Video Details
            </Button>
          </Box>
        </Box>
      </Paper>
    </Container>
  );
}
