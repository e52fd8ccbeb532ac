import { OpenInNew } from '@mui/icons-material';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { DIRECT_DELIVERY_INFO_URL } from './links.ts';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Send to TV: the Direct Delivery advert (spec 3 section 2.2): what it does and where to read more. */
export function SendToTvDialog({ open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="send-to-tv-title">
      <DialogTitle id="send-to-tv-title">Send to TV with Direct Delivery</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          Direct Delivery sends finished videos straight to the televisions and media players in your chapel, reception
          rooms and lobby. There is nothing to download, copy or carry: a video arrives on the screen as soon as it is
          complete, and you choose which screens show it from this page.
        </Typography>
        <Typography component="ul" sx={{ pl: 2.5, mt: 0, '& li': { mb: 0.75 } }}>
          <li>A small player connects to any TV with an HDMI input and to your network.</li>
          <li>Each video can be switched on or off for each screen, and the page shows when it is ready to play.</li>
          <li>Videos play in full HD without an internet connection once delivered.</li>
        </Typography>
        <Typography color="text.secondary">Ask us to set up Direct Delivery for your organization.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" href={DIRECT_DELIVERY_INFO_URL} target="_blank" rel="noopener" endIcon={<OpenInNew />} autoFocus>
          Learn about Direct Delivery
          <Box component="span" sx={visuallyHidden}>
            (opens in a new tab)
          </Box>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
