import { Close } from '@mui/icons-material';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { videoFileUrl } from './api.ts';

interface Props {
  open: boolean;
  title: string;
  videoCode: string;
  onClose: () => void;
}

/** Plays the finished video: the web version, or the HD file when there is no web version. */
export function ViewVideoDialog({ open, title, videoCode, onClose }: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="view-video-title">
      <DialogTitle id="view-video-title" sx={{ pr: 7 }}>
        {title || 'Untitled video'}
      </DialogTitle>
      <IconButton aria-label="Close video" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>{open && <Player title={title} videoCode={videoCode} />}</DialogContent>
    </Dialog>
  );
}

/** Mounted while open, so playback stops on close and a failure is forgotten. */
function Player({ title, videoCode }: { title: string; videoCode: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Box component="video" controls autoPlay playsInline aria-label={`Video: ${title}`} sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 1 }}>
        <source src={videoFileUrl(videoCode, 'web.mp4')} type="video/mp4" />
        <source src={videoFileUrl(videoCode, 'hd.mp4')} type="video/mp4" onError={() => setFailed(true)} />
      </Box>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 1.5 }}>
          The video could not be played. It may still be rendering; please try again in a few minutes.
        </Typography>
      )}
    </>
  );
}
