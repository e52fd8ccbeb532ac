import { Tune } from '@mui/icons-material';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { SortFilterControls, type SortFilterState } from './SortFilterControls.tsx';

interface Props {
  value: SortFilterState;
  onChange: (change: Partial<SortFilterState>) => void;
}

/** Wide screens: the sidebar beside the list. */
export function SortFilterSidebar({ value, onChange }: Props) {
  return (
    <Paper component="aside" variant="outlined" aria-labelledby="sort-filter-heading" sx={{ p: 2.5, position: 'sticky', top: 88 }}>
      <Typography id="sort-filter-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        Sort + Filter
      </Typography>
      <SortFilterControls value={value} onChange={onChange} idPrefix="sidebar" />
    </Paper>
  );
}

/** Small screens (sm, xs): a button opening the same controls in a dialog. */
export function SortFilterDialogButton({ value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<Tune />} onClick={() => setOpen(true)}>
        Sort + Filter
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="sort-filter-dialog-title">
        <DialogTitle id="sort-filter-dialog-title">Sort + Filter Options</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <SortFilterControls value={value} onChange={onChange} idPrefix="dialog" />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} variant="contained">
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
