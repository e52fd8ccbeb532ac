import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Slider, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { CROSSFADE_SECONDS } from '../../../../common/timing.ts';
import type { SongOptions } from '../../api/index.ts';
import { formatLength } from './format.ts';
import type { ManagerSong } from './song-model.ts';
import { TimeField } from './TimeField.tsx';

export const MAX_VOLUME = 200;
const VOLUME_MARKS = [
  { value: 0, label: '0%' },
  { value: 100, label: '100%' },
  { value: 200, label: '200%' },
];
/** The server refuses trims that leave less than a second to hear. */
const MIN_PLAYED_SECONDS = 1;
const NOTHING_LEFT = 'The trims leave no music to play. Please shorten them.';

interface Props {
  song: ManagerSong & { id: number };
  onSave(songId: number, options: SongOptions): Promise<void>;
  onClose(): void;
}

/** Trims, crossfade and volume of one song, saved together through save_options. */
export function SongEditDialog({ song, onSave, onClose }: Props) {
  const [trimStart, setTrimStart] = useState<number | null>(song.trimStart);
  const [trimEnd, setTrimEnd] = useState<number | null>(song.trimEnd);
  const [crossfade, setCrossfade] = useState(song.crossfade);
  const [volume, setVolume] = useState(song.volume);
  const [saving, setSaving] = useState(false);

  const nothingLeft = trimStart !== null && trimEnd !== null && song.length - trimStart - trimEnd < MIN_PLAYED_SECONDS;
  const valid = trimStart !== null && trimEnd !== null && !nothingLeft;

  const save = async () => {
    if (!valid) return;
    setSaving(true);
    try {
      await onSave(song.id, { trimStart, trimEnd, crossfade, volume });
      onClose();
    } catch {
      // The alert dialog has shown the server's message; the edits stay for another try.
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="song-edit-title">
      <DialogTitle id="song-edit-title" sx={{ pb: 0.5 }}>
        Edit Song
      </DialogTitle>
      <DialogContent>
        <Typography noWrap sx={{ color: 'text.secondary', mb: 2 }}>
          {song.title} &middot; {formatLength(song.length)}
        </Typography>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TimeField id="trim-start" label="Trim start" seconds={song.trimStart} helperText="Cut from the beginning" onChange={setTrimStart} disabled={saving} />
            <TimeField
              id="trim-end"
              label="Trim end"
              seconds={song.trimEnd}
              helperText="Cut from the end"
              extraError={nothingLeft ? NOTHING_LEFT : null}
              onChange={setTrimEnd}
              disabled={saving}
            />
          </Stack>
          <Box>
            <FormControlLabel
              control={
                <Switch checked={crossfade} onChange={(_, on) => setCrossfade(on)} disabled={saving} slotProps={{ input: { 'aria-describedby': 'crossfade-help' } }} />
              }
              label="Crossfade"
            />
            <FormHelperText id="crossfade-help" sx={{ mt: 0 }}>
              Fades in over the song before it, starting {CROSSFADE_SECONDS} seconds before that song ends.
            </FormHelperText>
          </Box>
          <Box sx={{ px: 2 }}>
            <Typography id="volume-label" sx={{ ml: -1 }} gutterBottom>
              Volume: {volume}%
            </Typography>
            <Slider
              aria-labelledby="volume-label"
              value={volume}
              min={0}
              max={MAX_VOLUME}
              step={5}
              marks={VOLUME_MARKS}
              valueLabelDisplay="auto"
              getAriaValueText={(v) => `${v}%`}
              valueLabelFormat={(v) => `${v}%`}
              onChange={(_, value) => setVolume(value as number)}
              disabled={saving}
            />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!valid || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
