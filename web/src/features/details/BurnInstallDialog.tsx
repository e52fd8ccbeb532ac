import { Download, Extension } from '@mui/icons-material';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import type { BurnBrowser } from './burn-compat.ts';
import { BURN_COMPATIBILITY_NOTE } from './burn-compat.ts';
import { FIREFOX_EXTENSION_URL, INSTALLER_URL } from './links.ts';

interface Props {
  open: boolean;
  /** The caller's browser; null on an admin's preview from a system the tool does not run on. */
  browser: BurnBrowser | null;
  admin: boolean;
  onClose: () => void;
}

/**
 * Burn DVD's install dialog (spec 3 sections 2.2 and 6): the burn tool is a small Windows program plus a browser
 * extension that downloads the disc image and burns it in this computer's DVD drive. Firefox takes its extension
 * from this site; Chrome and Edge are pointed to it by the installer.
 */
export function BurnInstallDialog({ open, browser, admin, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="burn-install-title">
      <DialogTitle id="burn-install-title">Install the DVD burning tool</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          The DVD burning tool makes a DVD of this video on this computer. It downloads the disc image, burns it to a blank
          disc in your DVD drive and checks the result, so the disc plays in any DVD player. It is free and installs once.
        </Typography>
        <Typography component="ol" sx={{ pl: 2.5, mt: 0, '& li': { mb: 1 } }}>
          <li>
            Download and run the installer:{' '}
            <Link href={INSTALLER_URL} download>
              DVD burning tool installer
            </Link>
            .
          </li>
          {(browser === 'firefox' || admin) && (
            <li>
              In Firefox, add the burning extension:{' '}
              <Link href={FIREFOX_EXTENSION_URL}>Firefox extension</Link>.
            </li>
          )}
          <li>Come back to this page and press Burn DVD again. Use blank DVD-R discs for the best results.</li>
        </Typography>
        {admin && (
          <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
            Compatible with {BURN_COMPATIBILITY_NOTE}.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {browser === 'firefox' && (
          <Button href={FIREFOX_EXTENSION_URL} startIcon={<Extension />}>
            Firefox extension
          </Button>
        )}
        <Button variant="contained" href={INSTALLER_URL} download startIcon={<Download />} autoFocus>
          Download installer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
