import { PauseRounded, PlayArrowRounded } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Slider,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId } from 'react';
import { formatLength } from '../../music/index.ts';
import { useVideoSongs } from './api.ts';
import { useSongPreview } from './useSongPreview.ts';

/** Spec 3 section 2.3: the video's songs with number, artist, title and length, and a preview to play and seek. */
/** Mounted only while open, so closing it stops the preview with its audio element. */
export function SongsDialog({ videoId, onClose }: { videoId: number; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { songs, error, reload } = useVideoSongs(videoId);
  const preview = useSongPreview();
  const current = songs?.find((s) => s.id === preview.current);

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={narrow}>
        <DialogTitle id={titleId}>Songs</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Retry</Button>}>
              The songs could not be loaded: {error.message}
            </Alert>
          ) : !songs ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label="Loading the songs" />
            </Box>
          ) : songs.length === 0 ? (
            <Typography color="text.secondary">This video has no songs.</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Songs of the video">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 40 }}>#</TableCell>
                    {narrow ? (
                      <TableCell>Song</TableCell>
                    ) : (
                      <>
                        <TableCell>Artist</TableCell>
                        <TableCell>Title</TableCell>
                      </>
                    )}
                    <TableCell align="right">Length</TableCell>
                    <TableCell align="center" sx={{ width: 56 }}>
                      Preview
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {songs.map((song, i) => {
                    const active = preview.current === song.id;
                    const playing = active && preview.playing;
                    const name = song.title || `song ${i + 1}`;
                    return (
                      <TableRow key={song.id} selected={active}>
                        <TableCell>{i + 1}</TableCell>
                        {narrow ? (
                          // A phone has no room for two text columns: the title with its artist under it.
                          <TableCell sx={{ overflowWrap: 'break-word' }}>
                            {song.title}
                            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                              {song.artist}
                            </Typography>
                          </TableCell>
                        ) : (
                          <>
                            <TableCell sx={{ overflowWrap: 'break-word' }}>{song.artist}</TableCell>
                            <TableCell sx={{ overflowWrap: 'break-word' }}>{song.title}</TableCell>
                          </>
                        )}
                        <TableCell align="right">{formatLength(song.length)}</TableCell>
                        <TableCell align="center" sx={{ py: 0 }}>
                          <IconButton aria-label={`${playing ? 'Pause' : 'Play'} ${name}`} aria-pressed={playing} color={active ? 'primary' : 'default'} onClick={() => preview.toggle(song.id, song.previewUrl, song.length)}>
                            {playing ? <PauseRounded /> : <PlayArrowRounded />}
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {current && (
            <Box sx={{ mt: 2, px: 1 }} data-testid="song-seek">
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {preview.playing ? 'Playing' : 'Paused'}: {current.title || 'Untitled song'}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Slider
                  aria-label={`Position in ${current.title || 'the song'}`}
                  min={0}
                  max={Math.max(preview.duration, 0.1)}
                  step={0.1}
                  value={Math.min(preview.position, preview.duration || preview.position)}
                  getAriaValueText={formatLength}
                  onChange={(_, value) => preview.seek(value as number)}
                />
                <Typography variant="body2" sx={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
                  {formatLength(preview.position)} / {formatLength(preview.duration)}
                </Typography>
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {/* Outside the dialog, which renders into its portal a moment later: the player hooks onto it at once. */}
      <audio ref={preview.audioRef} preload="none" data-testid="song-preview-audio" hidden />
    </>
  );
}
