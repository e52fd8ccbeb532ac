import { AutoMode, CheckCircle } from '@mui/icons-material';
import { Box, ButtonBase, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';

export interface LookTileData {
  id: number;
  label: string;
  posterUrl: string | null;
  previewUrl: string | null;
}

interface Props {
  tile: LookTileData;
  selected: boolean;
  /** The tile under the pointer, or the last chosen: plays its looping preview. */
  playing: boolean;
  onChoose(): void;
  onDoubleClick?(): void;
  onHover(hovered: boolean): void;
}

/** A look tile (spec 2 "Customize-look dialog", "Tool dialogs"): a poster and a label, a looping preview while active. */
export function LookTile({ tile, selected, playing, onChoose, onDoubleClick, onHover }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (playing) void el.play().catch(() => undefined);
    else {
      el.pause();
      el.currentTime = 0;
    }
  }, [playing]);

  return (
    <ButtonBase
      focusRipple
      aria-pressed={selected}
      onClick={onChoose}
      onDoubleClick={onDoubleClick}
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      onFocus={() => onHover(true)}
      onBlur={() => onHover(false)}
      data-look-id={tile.id}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderRadius: 2,
        overflow: 'hidden',
        outline: '3px solid',
        outlineColor: selected ? 'primary.main' : 'transparent',
        bgcolor: 'background.paper',
        boxShadow: 1,
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.900', color: 'common.white' }}>
        {tile.posterUrl ? (
          <>
            <Box component="img" src={tile.posterUrl} alt="" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
            {tile.previewUrl && (
              <Box
                component="video"
                ref={video}
                src={playing ? tile.previewUrl : undefined}
                muted
                loop
                playsInline
                preload="none"
                aria-hidden
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: playing ? 1 : 0 }}
              />
            )}
          </>
        ) : (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <AutoMode sx={{ fontSize: 48, opacity: 0.8 }} />
          </Box>
        )}
        {selected && <CheckCircle color="primary" sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'common.white', borderRadius: '50%' }} />}
      </Box>
      <Typography component="span" sx={{ display: 'block', px: 1.5, py: 1, fontWeight: selected ? 700 : 500 }}>
        {tile.label}
      </Typography>
    </ButtonBase>
  );
}
