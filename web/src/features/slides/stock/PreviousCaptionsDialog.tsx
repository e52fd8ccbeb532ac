import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { VideoRef } from '../../../api/index.ts';
import { fetchPreviousCaptions } from '../../../api/stock-slides.ts';

export interface PreviousCaptionsDialogProps {
  open: boolean;
  videoRef: VideoRef;
  onClose(): void;
  /** The chosen caption; the dialog closes itself after calling it. */
  onUse(text: string): void;
}

/** Reuse Text (spec 2 "Text slide drawer"): 'Choose Text' lists captions written before; a click uses one. */
export function PreviousCaptionsDialog({ open, videoRef, onClose, onUse }: PreviousCaptionsDialogProps) {
  const [captions, setCaptions] = useState<string[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setCaptions(null);
    fetchPreviousCaptions(videoRef).then((list) => live && setCaptions(list), () => live && setCaptions([]));
    return () => {
      live = false;
    };
  }, [open, videoRef]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="previous-captions-title" maxWidth="sm" fullWidth>
      <DialogTitle id="previous-captions-title">Choose Text</DialogTitle>
      <DialogContent dividers>
        {captions === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading texts" />
          </Box>
        ) : captions.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No text slides have been written yet.</Typography>
        ) : (
          <List aria-label="Previous texts" sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {captions.map((caption) => (
              <ListItem key={caption} disablePadding divider>
                <ListItemButton
                  onClick={() => {
                    onUse(caption);
                    onClose();
                  }}
                >
                  <ListItemText primary={caption} slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
