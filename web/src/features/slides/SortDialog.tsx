import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack } from '@mui/material';
import { useState } from 'react';
import type { SortKind } from './sort.ts';

interface Props {
  open: boolean;
  onClose(): void;
  onSort(kind: SortKind, keepFirst: boolean): void;
}

const CHOICES: [SortKind, string][] = [
  ['filename', 'Sort by filename'],
  ['uploadTime', 'Sort by upload time'],
  ['shuffle', 'Shuffle'],
  ['reverse', 'Reverse'],
];

/** 'Sort All Slides' (spec 2 "Tool dialogs"): each button reorders at once and saves the order. */
export function SortDialog({ open, onClose, onSort }: Props) {
  const [keepFirst, setKeepFirst] = useState(true);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sort-title" maxWidth="xs" fullWidth>
      <DialogTitle id="sort-title">Sort All Slides</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {CHOICES.map(([kind, label]) => (
            <Button key={kind} variant="outlined" onClick={() => onSort(kind, keepFirst)}>
              {label}
            </Button>
          ))}
          <FormControlLabel control={<Checkbox checked={keepFirst} onChange={(e) => setKeepFirst(e.target.checked)} />} label="Don't move first slide" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
