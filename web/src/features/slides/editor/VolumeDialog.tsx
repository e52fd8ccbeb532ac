import { Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import { useLatestSave } from './useLatestSave.ts';
import type { SlideEdits } from './useSlideEdits.ts';
import { parseVolume } from './video-fields.ts';

/**
 * Spec 2 "Video slide drawer": the clip's own volume and the background music's volume under it, in percent.
 * Each change is sent as it is made, but only while neither field has an error; one typed while the previous one
 * is being saved follows when it returns.
 */
export function VolumeDialog({ slide, edits, onClose }: { slide: Slide; edits: SlideEdits; onClose(): void }) {
  const [clip, setClip] = useState(String(slide.clipVolume));
  const [duck, setDuck] = useState(String(slide.duckVolume));
  const clipValue = parseVolume(clip);
  const duckValue = parseVolume(duck);
  const send = useLatestSave(slide.id, edits);
  const change = (nextClip: string, nextDuck: string) => {
    setClip(nextClip);
    setDuck(nextDuck);
    const c = parseVolume(nextClip);
    const d = parseVolume(nextDuck);
    if (c !== null && d !== null) send({ clipVolume: c, duckVolume: d });
  };
  const field = (label: string, value: string, ok: boolean, set: (v: string) => void) => (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!ok}
      helperText={!ok ? 'Enter a volume from 0 to 200%.' : undefined}
      slotProps={{ htmlInput: { min: 0, max: 200, step: 5 }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="volume-title" maxWidth="xs" fullWidth>
      <DialogTitle id="volume-title">Volume</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('Clip volume', clip, clipValue !== null, (v) => change(v, duck))}
          {field('Background music volume', duck, duckValue !== null, (v) => change(clip, v))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
