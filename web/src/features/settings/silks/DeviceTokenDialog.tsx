import { ContentCopy } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';

export interface IssuedToken {
  label: string;
  deviceId: string;
  token: string;
}

/**
 * The device's token, shown this once (the server keeps only its hash): the administrator enters it on the receiver.
 * Closing needs a click on Done, so a stray click beside the dialog cannot lose it.
 */
export function DeviceTokenDialog({ issued, onClose }: { issued: IssuedToken | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(issued?.token ?? '').then(() => setCopied(true), () => setCopied(false));
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={issued !== null} maxWidth="sm" fullWidth aria-labelledby="device-token-title" aria-describedby="device-token-text">
      <DialogTitle id="device-token-title">Device token for {issued?.label}</DialogTitle>
      <DialogContent>
        <Typography id="device-token-text" sx={{ mb: 1.5 }}>
          Enter this token on the receiver #{issued?.deviceId}. It is shown only now: if it is lost, make a new one from the list.
        </Typography>
        <Box
          component="output"
          data-testid="device-token"
          aria-label="Device token"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.95rem', p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {issued?.token}
        </Box>
        {copied && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            Copied to the clipboard.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
