import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

/**
 * The intro preview: a frame the render engine draws on the server, which takes a moment when the design has just
 * changed. The last frame stays in view, dimmed under a spinner, until the new one has arrived; a failure says so
 * and offers to ask again rather than showing a broken image.
 */
export function IntroPreview({ src }: { src: string }) {
  const [shown, setShown] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const image = new Image();
    image.onload = () => {
      if (live) setShown(src);
    };
    image.onerror = () => {
      if (live) setFailed(src);
    };
    image.src = src;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [src, attempt]);

  const hasFailed = failed === src;
  const loading = shown !== src && !hasFailed;
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };

  return (
    <Box
      aria-busy={loading}
      sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.300' }}
    >
      {shown && !hasFailed && (
        <Box
          component="img"
          src={shown}
          alt="Preview of the intro title card"
          sx={{ width: '100%', height: '100%', display: 'block', opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}
        />
      )}
      {loading && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <CircularProgress size={36} aria-label="Drawing the preview" />
        </Box>
      )}
      {hasFailed && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center', justifyContent: 'center', p: 2, textAlign: 'center' }}>
          <Typography variant="body2">The preview could not be drawn.</Typography>
          <Button size="small" variant="outlined" onClick={retry}>
            Try again
          </Button>
        </Box>
      )}
    </Box>
  );
}
