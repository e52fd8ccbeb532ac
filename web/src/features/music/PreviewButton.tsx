import { PlayArrowRounded, StopRounded } from '@mui/icons-material';
import { Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { usePreview } from './PreviewPlayer.tsx';

interface Props {
  previewKey: string;
  url: string | null;
  /** The song's name, so the button says what it plays. */
  label: string;
  disabled?: boolean;
  /** Why it is disabled, shown as the tooltip. */
  disabledReason?: string;
  size?: 'small' | 'medium';
}

/** Play / Stop for one preview, with a spinner while the audio buffers. */
export function PreviewButton({ previewKey, url, label, disabled, disabledReason, size = 'medium' }: Props) {
  const preview = usePreview();
  const active = preview.current === previewKey;
  const buffering = active && preview.status === 'buffering';
  const off = disabled || !url;
  const title = off ? (disabledReason ?? 'Preview not available') : active ? 'Stop' : 'Play';
  const iconSize = size === 'small' ? 20 : 28;
  return (
    <Tooltip title={title}>
      <Box component="span" sx={{ display: 'inline-flex', position: 'relative' }}>
        <IconButton
          size={size}
          aria-label={`${active ? 'Stop' : 'Play'} ${label}`}
          aria-pressed={active}
          disabled={off}
          color={active ? 'primary' : 'default'}
          onClick={() => url && preview.toggle(previewKey, url)}
          data-preview-state={active ? preview.status : 'idle'}
        >
          {active ? <StopRounded sx={{ fontSize: iconSize }} /> : <PlayArrowRounded sx={{ fontSize: iconSize }} />}
        </IconButton>
        {buffering && (
          <CircularProgress
            size={iconSize + 12}
            thickness={3}
            aria-label="Buffering"
            sx={{ position: 'absolute', top: '50%', left: '50%', ml: `${-(iconSize + 12) / 2}px`, mt: `${-(iconSize + 12) / 2}px`, pointerEvents: 'none' }}
          />
        )}
      </Box>
    </Tooltip>
  );
}
