import { PlayArrow, Stop } from '@mui/icons-material';
import { Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import type { PreviewPlayer } from './usePreviewPlayer.ts';

interface Props {
  id: number;
  title: string;
  url: string | null;
  player: PreviewPlayer;
}

/** Play or stop one song's preview; a spinner while it buffers; nothing to press while the audio is being made. */
export function PreviewButton({ id, title, url, player }: Props) {
  const active = player.playing === id;
  const label = active ? `Stop ${title}` : `Play ${title}`;
  if (!url) return <Box sx={{ width: 40, flexShrink: 0 }} />;
  return (
    <Tooltip title={active ? 'Stop' : 'Play'}>
      <IconButton size="small" onClick={() => player.toggle(id, url)} aria-label={label} aria-pressed={active} sx={{ position: 'relative' }}>
        {active ? <Stop /> : <PlayArrow />}
        {active && player.buffering && <CircularProgress size={30} aria-hidden sx={{ position: 'absolute', inset: 0, m: 'auto' }} />}
      </IconButton>
    </Tooltip>
  );
}
