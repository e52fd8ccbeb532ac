import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import { parseSlideTime, secondsText } from './slide-time.ts';
import type { SlideEdits } from './useSlideEdits.ts';

/** Spec 2 "Slide Time dialog": 'Automatic Slide Time', 'Slide Time' in seconds, Save. */
export function SlideTimeDialog({ slide, isCover, edits, onClose }: { slide: Slide; isCover: boolean; edits: SlideEdits; onClose(): void }) {
  const [text, setText] = useState(slide.userSetSlideTime && slide.slideTime !== null ? secondsText(slide.slideTime) : '');
  const parsed = parseSlideTime(text);
  const automatic = text.trim() === '';
  const save = () => {
    if (!parsed) return;
    if (parsed.userSetSlideTime !== slide.userSetSlideTime || parsed.slideTime !== (slide.userSetSlideTime ? slide.slideTime : null)) void edits.save(slide.id, parsed);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="slide-time-title" maxWidth="xs" fullWidth>
      <DialogTitle id="slide-time-title">Slide Time</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormControlLabel
            control={<Checkbox checked={automatic} disabled={isCover} onChange={(e) => setText(e.target.checked ? '' : secondsText(slide.slideTime ?? 5))} />}
            label="Automatic Slide Time"
          />
          <TextField
            label="Slide Time"
            type="number"
            value={text}
            disabled={isCover}
            onChange={(e) => setText(e.target.value)}
            error={!parsed}
            helperText={!parsed ? 'Invalid input. Enter the number of seconds per slide.' : 'seconds'}
            slotProps={{ htmlInput: { min: 0.1, step: 0.1 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!parsed || isCover} onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
