import { Delete, Edit, Palette, Star, StarBorder } from '@mui/icons-material';
import { Box, ButtonBase, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import type { ThemeTile } from '../../api/index.ts';
import { themeLabel } from './theme-sort.ts';

/** Spec 1, section 9: theme icons are 176 by 99. */
export const ICON_WIDTH = 176;
export const ICON_HEIGHT = 99;

interface Props {
  theme: ThemeTile;
  selected: boolean;
  current: boolean;
  showFavorite: boolean;
  onSelect(theme: ThemeTile): void;
  onApply(theme: ThemeTile): void;
  onFavorite?(theme: ThemeTile): void;
  onEdit?(theme: ThemeTile): void;
  onDelete?(theme: ThemeTile): void;
}

function Icon({ theme }: { theme: ThemeTile }) {
  const src = theme.thumbnailUrl ?? theme.posterUrl;
  const frame = { width: ICON_WIDTH, height: ICON_HEIGHT, borderRadius: 1, display: 'block', bgcolor: 'grey.200' } as const;
  if (!src) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
        <Palette aria-hidden />
      </Box>
    );
  }
  return <LoadingIcon key={src} src={src} frame={frame} />;
}

/** The icon, with a spinner until it arrives: on a new installation a theme's pictures are drawn when first asked for. */
function LoadingIcon({ src, frame }: { src: string; frame: Record<string, unknown> }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Box sx={{ position: 'relative', width: ICON_WIDTH, height: ICON_HEIGHT }}>
      <Box component="img" src={src} alt="" loading="lazy" width={ICON_WIDTH} height={ICON_HEIGHT} onLoad={() => setLoaded(true)} onError={() => setLoaded(true)} sx={{ ...frame, objectFit: 'cover' }} />
      {!loaded && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <CircularProgress size={20} aria-label="Loading the theme's picture" />
        </Box>
      )}
    </Box>
  );
}

/** One theme: a click selects it, a double click applies it; the star and a custom theme's tools sit beside. */
export function ThemeTileCard({ theme, selected, current, showFavorite, onSelect, onApply, onFavorite, onEdit, onDelete }: Props) {
  const label = themeLabel(theme);
  return (
    <Box
      component="li"
      data-testid="theme-tile"
      data-theme-id={theme.id}
      data-custom={theme.custom ? 'true' : undefined}
      sx={{ position: 'relative', width: ICON_WIDTH + 16, listStyle: 'none' }}
    >
      <ButtonBase
        aria-pressed={selected}
        onClick={() => onSelect(theme)}
        onDoubleClick={() => onApply(theme)}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          width: '100%',
          p: 1,
          borderRadius: 2,
          border: 2,
          borderColor: selected ? 'primary.main' : 'transparent',
          bgcolor: selected ? 'action.selected' : 'transparent',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Icon theme={theme} />
        <Typography variant="body2" sx={{ mt: 0.75, fontWeight: current ? 700 : 500, textAlign: 'left', pr: showFavorite ? 3 : 0 }} noWrap>
          {label}
        </Typography>
        {current && (
          <Typography variant="caption" sx={{ color: 'secondary.main', textAlign: 'left' }}>
            Current theme
          </Typography>
        )}
      </ButtonBase>
      {showFavorite && onFavorite && (
        <Tooltip title={theme.favorite ? 'Remove from favorites' : 'Add to favorites'}>
          <IconButton
            size="small"
            aria-label={`Favorite ${label}`}
            aria-pressed={Boolean(theme.favorite)}
            onClick={() => onFavorite(theme)}
            sx={{ position: 'absolute', right: 2, top: ICON_HEIGHT + 10 }}
          >
            {theme.favorite ? <Star fontSize="small" sx={{ color: '#b7852b' }} /> : <StarBorder fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {(onEdit || onDelete) && (
        <Box sx={{ position: 'absolute', top: 12, right: 12, display: 'flex', gap: 0.5 }}>
          {onEdit && (
            <Tooltip title="Edit custom theme">
              <IconButton size="small" aria-label={`Edit ${label}`} onClick={() => onEdit(theme)} sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}>
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title="Delete custom theme">
              <IconButton size="small" aria-label={`Delete ${label}`} onClick={() => onDelete(theme)} sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}>
                <Delete fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )}
    </Box>
  );
}
