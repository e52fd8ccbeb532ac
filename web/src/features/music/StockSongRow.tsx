import { Star, StarBorder } from '@mui/icons-material';
import { Box, Checkbox, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import type { StockSong } from '../../api/index.ts';
import { formatLength } from './format.ts';
import { PreviewButton } from './PreviewButton.tsx';

interface Props {
  song: StockSong;
  /** Where the row is listed, so a song in two open categories has distinct ids. */
  listId: string;
  selected: boolean;
  showFavorite: boolean;
  favoritePending: boolean;
  onSelect(id: number): void;
  onFavorite(id: number, favorite: boolean): void;
}

/** A stock song: select box, preview, name and artist, length, and the favorite star for signed-in users. */
export function StockSongRow({ song, listId, selected, showFavorite, favoritePending, onSelect, onFavorite }: Props) {
  const labelId = `stock-${listId}-${song.id}`;
  return (
    <Box
      component="li"
      data-testid="stock-song"
      data-stock-song-id={song.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: showFavorite ? '40px 40px minmax(0, 1fr) auto 40px' : '40px 40px minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 0.5,
        py: 0.25,
        pl: { xs: 0, sm: 1 },
        borderRadius: 1,
        '& + &': { mt: 0.25 },
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Checkbox checked={selected} onChange={() => onSelect(song.id)} slotProps={{ input: { 'aria-labelledby': labelId } }} />
      <PreviewButton previewKey={`stock-${song.id}`} url={song.previewUrl || null} label={song.songName} size="small" />
      <Box id={labelId} sx={{ minWidth: 0, cursor: 'pointer' }} onClick={() => onSelect(song.id)}>
        <Typography noWrap sx={{ fontWeight: 500 }}>
          {song.songName}
        </Typography>
        {song.artistName && (
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {song.artistName}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', px: 1 }}>
        {formatLength(song.songLength)}
      </Typography>
      {showFavorite && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          {favoritePending ? (
            <CircularProgress size={20} aria-label={`Saving favorite ${song.songName}`} />
          ) : (
            <Tooltip title={song.favorite ? 'Remove from favorites' : 'Add to favorites'}>
              <IconButton size="small" aria-label={`Favorite ${song.songName}`} aria-pressed={song.favorite} onClick={() => onFavorite(song.id, !song.favorite)}>
                {song.favorite ? <Star sx={{ color: '#b7852b' }} /> : <StarBorder />}
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )}
    </Box>
  );
}
