import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { sourceLabel } from '../details/DownloadSplitButton.tsx';

interface Props {
  open: boolean;
  /** The download sources (the keys of POST /downloads/iso's urls), primary first. */
  sources: string[];
  current: string;
  onClose: () => void;
  /** Restart the download from this source (cancel, then retry: spec 3 section 4.3). */
  onRestart: (source: string) => void;
}

/** Spec 3 section 2.6, Download Settings: restart the download from another server. */
export function DownloadSettingsDialog({ open, sources, current, onClose, onRestart }: Props) {
  const [choice, setChoice] = useState(current);
  useEffect(() => {
    if (open) setChoice(current);
  }, [open, current]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="download-settings-title" maxWidth="xs" fullWidth>
      <DialogTitle id="download-settings-title">Download Settings</DialogTitle>
      <DialogContent>
        <Typography id="download-source-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          If the download is slow or stalls, it can start again from another server.
        </Typography>
        <RadioGroup aria-labelledby="download-source-label" name="download-source" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {sources.map((source) => (
            <FormControlLabel key={source} value={source} control={<Radio />} label={source === current ? `${sourceLabel(source)} (current)` : sourceLabel(source)} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => onRestart(choice)} autoFocus>
          Restart Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
