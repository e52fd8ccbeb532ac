import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { customTime, parseSlideTime, sameTime, secondsText, type SlideTimeValue } from './slide-time.ts';

interface Props {
  /** The time the dialog opens with; its seconds, automatic or not, are offered when the box is unticked. */
  value: SlideTimeValue;
  /** The cover photo's time is not set here. */
  disabled?: boolean;
  /** Called with a changed time only. */
  onSave(value: SlideTimeValue): void;
  onClose(): void;
}

/** Spec 2 "Slide Time dialog": 'Automatic Slide Time', 'Slide Time' in seconds, Save. */
export function SlideTimeDialog({ value, disabled = false, onSave, onClose }: Props) {
  const start = customTime(value);
  const [text, setText] = useState(start.slideTime !== null ? secondsText(start.slideTime) : '');
  const parsed = parseSlideTime(text);
  const automatic = text.trim() === '';
  const save = () => {
    if (!parsed) return;
    if (!sameTime(parsed, start)) onSave(parsed);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="slide-time-title" maxWidth="xs" fullWidth>
      <DialogTitle id="slide-time-title">Slide Time</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormControlLabel
            control={<Checkbox checked={automatic} disabled={disabled} onChange={(e) => setText(e.target.checked ? '' : secondsText(value.slideTime ?? 5))} />}
            label="Automatic Slide Time"
          />
          <TextField
            label="Slide Time"
            type="number"
            value={text}
            disabled={disabled}
            onChange={(e) => setText(e.target.value)}
            error={!parsed}
            helperText={!parsed ? 'Invalid input. Enter the number of seconds per slide.' : 'seconds'}
            slotProps={{ htmlInput: { min: 0.1, step: 0.1 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!parsed || disabled} onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
