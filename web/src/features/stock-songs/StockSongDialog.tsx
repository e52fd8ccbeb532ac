import { Autocomplete, Chip, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { collect, FormDialog, hasErrors, InvalidForm, maxLength, required, type FieldErrors } from '../settings/index.ts';
import type { AdminStockSong, StockCategory, StockSongChanges } from './api.ts';

interface Props {
  song: AdminStockSong;
  categories: StockCategory[];
  onClose: () => void;
  onSave: (changes: StockSongChanges) => Promise<void>;
}

/** Title, artist, categories and the two switches that hide a song from the music dialog. */
export function StockSongDialog({ song, categories, onClose, onSave }: Props) {
  const [songName, setSongName] = useState(song.songName);
  const [artistName, setArtistName] = useState(song.artistName);
  const [chosen, setChosen] = useState<StockCategory[]>(categories.filter((c) => song.categoryIds.includes(c.id)));
  const [premium, setPremium] = useState(song.premium);
  const [disabled, setDisabled] = useState(song.disabled);
  const [errors, setErrors] = useState<FieldErrors<'songName' | 'artistName'>>({});

  const check = () =>
    collect({
      songName: [required(songName, 'title'), maxLength(songName, 'title')],
      artistName: [maxLength(artistName, 'artist')],
    });

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    await onSave({ songName: songName.trim(), artistName: artistName.trim(), categoryIds: chosen.map((c) => c.id), premium, disabled });
  };

  return (
    <FormDialog open title={`Edit ${song.songName}`} submitLabel="Save" onClose={onClose} onSubmit={submit}>
      <TextField
        label="Title"
        name="song_name"
        value={songName}
        required
        autoFocus
        onChange={(e) => setSongName(e.target.value)}
        onBlur={() => setErrors(check())}
        error={Boolean(errors.songName)}
        helperText={errors.songName}
        fullWidth
      />
      <TextField
        label="Artist"
        name="artist_name"
        value={artistName}
        onChange={(e) => setArtistName(e.target.value)}
        onBlur={() => setErrors(check())}
        error={Boolean(errors.artistName)}
        helperText={errors.artistName ?? 'The composer or performer shown beside the title.'}
        fullWidth
      />
      <Autocomplete
        multiple
        options={categories}
        value={chosen}
        onChange={(_, next) => setChosen(next)}
        getOptionLabel={(c) => c.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        disableCloseOnSelect
        renderValue={(values, getItemProps) =>
          values.map((c, index) => {
            const { key, ...item } = getItemProps({ index });
            return <Chip key={key} {...item} size="small" label={c.name} />;
          })
        }
        renderInput={(params) => <TextField {...params} label="Categories" helperText="Where the song is listed in the music dialog." />}
      />
      <Stack>
        <FormControlLabel control={<Switch checked={premium} onChange={(e) => setPremium(e.target.checked)} />} label="Premium (not offered in the music dialog)" />
        <FormControlLabel control={<Switch checked={disabled} onChange={(e) => setDisabled(e.target.checked)} />} label="Disabled (hidden everywhere but here)" />
      </Stack>
    </FormDialog>
  );
}
