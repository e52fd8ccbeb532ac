import { VolumeUp } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useRef } from 'react';
import type { VideoRef } from '../../api/index.ts';
import { useStageFailure } from '../generation/index.ts';
import type { PartialPreview } from './api.ts';
import type { PlaybackChoice } from './playback.ts';
import { useStreamPlayer } from './useStreamPlayer.ts';

interface Props {
  video: VideoRef;
  preview: PartialPreview;
  /** The engine chosen for the requested type; the server's answer names the type it actually serves. */
  engine: 'hls.js' | 'native';
}

/** The preview's video element with its waiting ring, sound notice and playback errors. */
export function PreviewVideo({ video, preview, engine }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { type, url, startAt } = preview.playback;
  const choice: Exclude<PlaybackChoice, { unsupported: string }> = type === 'hls' ? { type, engine } : { type: 'mp4', engine: 'native' };
  const state = useStreamPlayer(videoRef, url, choice, startAt);
  const renderFailure = useStageFailure(video, 'preview', state.waiting && !state.error);
  const error = state.error ?? renderFailure;
  const unmute = () => {
    const video = videoRef.current;
    if (video) video.muted = false;
  };
  return (
    <Box>
      <Box sx={{ position: 'relative', bgcolor: '#000', borderRadius: 1, overflow: 'hidden' }}>
        <Box component="video" ref={videoRef} controls playsInline aria-label="Video preview" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9' }} />
        {state.waiting && !error && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, pointerEvents: 'none', color: '#fff' }}>
            <CircularProgress color="inherit" aria-label="Loading the preview" />
            <Typography variant="body2" sx={{ textShadow: '0 1px 2px #000' }}>
              {startAt > 0 && state.reaching ? 'Making the preview up to this slide...' : 'Making the preview...'}
            </Typography>
          </Box>
        )}
      </Box>
      {state.mutedByBrowser && (
        <Alert
          severity="info"
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" startIcon={<VolumeUp />} onClick={unmute}>
              Turn sound on
            </Button>
          }
        >
          Your browser started the preview without sound.
        </Alert>
      )}
      {error && (
        <Typography role="alert" color="error" sx={{ mt: 1.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
