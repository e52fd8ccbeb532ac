import { BrokenImage } from '@mui/icons-material';
import { Box } from '@mui/material';
import { useState } from 'react';

interface Props {
  videoId: number;
  url: string | null;
  width: number;
  height: number;
}

/** A video's cover thumbnail; decorative, as its title is always beside it. */
export function CoverThumb({ videoId, url, width, height }: Props) {
  const [failed, setFailed] = useState(false);
  const frame = { width, height, flexShrink: 0, borderRadius: 1, bgcolor: 'grey.200' } as const;
  if (failed) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
        <BrokenImage fontSize="small" aria-hidden="true" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url || `/r/videos/${videoId}/cover_thumb`}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}
