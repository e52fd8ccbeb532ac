import { Close } from '@mui/icons-material';
import { Box, Dialog, IconButton } from '@mui/material';
import { useCallback, useEffect, useRef } from 'react';
import { videoFileUrl } from '../api.ts';

/**
 * Play for Service: the HD file on the whole screen, for a memorial service's projector or TV. It asks the browser
 * for full screen as it opens (the Play for Service press allows that); Esc leaves full screen and closes it, as
 * does Esc or the close button when the browser kept it in the window.
 */
export function PlayForServiceDialog({ videoCode, title, onClose }: { videoCode: string; title: string; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  const wentFullScreen = useRef(false);

  useEffect(() => {
    const changed = () => {
      if (document.fullscreenElement) wentFullScreen.current = true;
      else if (wentFullScreen.current) close.current();
    };
    // Esc closes wherever the focus is (on the video's own controls, or nowhere once full screen began).
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('fullscreenchange', changed);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('fullscreenchange', changed);
      document.removeEventListener('keydown', key);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  // The frame exists only once the dialog's portal has rendered it; full screen is asked for then.
  const frame = useCallback((node: HTMLDivElement | null) => {
    if (node && !document.fullscreenElement && node.requestFullscreen) {
      node.requestFullscreen().catch(() => {
        // Refused (an embedded page, a browser setting): the dialog still fills the window.
      });
    }
  }, []);

  return (
    <Dialog open fullScreen onClose={onClose} aria-label={`Playing ${title || 'the video'}`} slotProps={{ paper: { sx: { bgcolor: '#000' } } }}>
      <Box ref={frame} sx={{ position: 'relative', width: '100%', height: '100%', bgcolor: '#000' }}>
        <Box
          component="video"
          src={videoFileUrl(videoCode, 'hd.mp4')}
          autoPlay
          controls
          playsInline
          aria-label={title || 'The video'}
          data-testid="service-video"
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
        <IconButton
          aria-label="Leave full screen"
          onClick={onClose}
          sx={{ position: 'absolute', top: 12, right: 12, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
        >
          <Close />
        </IconButton>
      </Box>
    </Dialog>
  );
}
