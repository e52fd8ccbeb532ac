import { Download } from '@mui/icons-material';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { qrDownloadUrl, qrInlineUrl } from './api.ts';

interface Props {
  link: string;
  title: string;
  onClose: () => void;
}

/** The link as a QR code to scan from a phone or print on a card, with a large PNG to download. */
export function QrCodeDialog({ link, title, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>QR Code</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Scan it with a phone's camera to open the link.</DialogContentText>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Box
            component="img"
            src={qrInlineUrl(link)}
            alt="QR code of the link"
            width={240}
            height={240}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, imageRendering: 'pixelated' }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" startIcon={<Download />} href={qrDownloadUrl(link, title)} download>
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
