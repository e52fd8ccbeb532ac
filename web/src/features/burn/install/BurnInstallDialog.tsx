import { Download } from '@mui/icons-material';
import { Alert, Box, Button, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { MIN_CHROME_EXTENSION_VERSION, MIN_FIREFOX_EXTENSION_VERSION, MIN_NATIVE_VERSION, NATIVE_PRESENT_VERSION } from '../../../../../common/burn-protocol.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';
import { PLAIN_HTTP_DIALOG_WARNING } from '../../../../../common/secure-url.ts';
import type { Readiness } from '../versions.ts';
import { BURN_COMPATIBILITY_NOTE, burnSystem, type BurnBrowser, type BurnSystem } from './burn-compat.ts';
import { NO_INSTALL_PATHS, useInstallPaths } from './install-paths.ts';
import { INSTALL_GUIDE_PATH } from './install-guide-path.ts';
import { DeveloperModeSteps, ExtensionStep, helperStep, type ExtensionBrowser } from './InstallSteps.tsx';
import { usePlainHttpAllowed } from './plain-http.ts';

interface Props {
  open: boolean;
  /** The caller's browser; null on an admin's preview from a system the tool does not run on. */
  browser: BurnBrowser | null;
  /** The caller's system (default: this browser's); null as for browser. */
  system?: BurnSystem | null;
  admin: boolean;
  /** What Burn DVD found missing: null when no extension answered (and on the admin's preview). */
  problem?: Readiness | null;
  /** This system or browser is too old for the tool: what to upgrade, in words (burn-compat.ts). */
  upgrade?: string | null;
  onClose: () => void;
}

/** Why the dialog opened, in words, when Burn DVD found something. */
function problemText(problem: Readiness | null | undefined, detected: boolean): string | null {
  if (!detected) return null;
  if (!problem) return 'The DVD burning extension is not installed in this browser (or is turned off).';
  switch (problem.kind) {
    case 'no_helper':
      return 'The browser extension is installed, but the DVD burning tool is not installed on this computer (or could not be started).';
    case 'old_extension':
      return `The DVD burning extension is out of date (version ${problem.version}; ${problem.min} or later is needed). Please install the new one.`;
    default:
      return null;
  }
}

/** The Developer mode steps, folded away in the dialog: the store and IT's policy come first. */
function FoldedDeveloperSteps({ browser }: { browser: 'chrome' | 'edge' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {' '}
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ verticalAlign: 'baseline', py: 0 }}>
        {open ? 'Hide the steps' : 'Show the steps, with pictures'}
      </Button>
      <Collapse in={open} unmountOnExit>
        <DeveloperModeSteps browser={browser} />
      </Collapse>
    </>
  );
}

/**
 * Burn DVD's install dialog (spec 3 sections 2.2 and 6): the burn tool is a small program for this computer plus a
 * browser extension; together they download the disc image and burn it in this computer's DVD drive. Admins see
 * every system's and browser's steps and the notes (compatibility and minimum versions); others see their own.
 */
export function BurnInstallDialog({ open, browser, system = burnSystem(navigator.userAgent), admin, problem, upgrade = null, onClose }: Props) {
  const systems: BurnSystem[] = admin ? ['windows', 'macos', 'linux'] : [system ?? 'windows'];
  const answered = useInstallPaths(open);
  const paths = answered ?? NO_INSTALL_PATHS;
  // The SmartScreen note is for the Windows user about to run the installer (not the admin's preview), once the
  // server has answered; an installer not known to be signed counts as unsigned.
  const unsigned = !admin && answered !== null && answered.windowsInstallerSigned !== true;
  const plainHttp = usePlainHttpAllowed(open);
  // Too old to run the tool: say what to upgrade; the install steps would not help (admins still see them).
  const stepsShown = admin || !upgrade;
  const extensions: ExtensionBrowser[] = admin ? ['chrome', 'firefox'] : [browser ?? 'chrome'];
  const why = problemText(problem, problem !== undefined);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="burn-install-title">
      <DialogTitle id="burn-install-title">{stepsShown ? 'Install the DVD burning tool' : 'Burning DVDs needs an upgrade'}</DialogTitle>
      <DialogContent>
        {upgrade && (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="burn-upgrade">
            {upgrade}
          </Alert>
        )}
        {plainHttp && (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="burn-plain-http">
            {PLAIN_HTTP_DIALOG_WARNING}
          </Alert>
        )}
        {why && !upgrade && (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {why}
          </Alert>
        )}
        <Typography sx={{ mb: 1.5 }}>
          The DVD burning tool makes a DVD of this video on this computer. It downloads the disc image, burns it to a blank
          disc in your DVD drive and checks the result, so the disc plays in any DVD player. It is free and installs once.
        </Typography>
        {stepsShown && (
          <Typography component="ol" sx={{ pl: 2.5, mt: 0, '& li': { mb: 1 }, '& code': { fontSize: '0.875em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 } }}>
            <li>
              {systems.length > 1 ? (
                <>
                  Install the burning tool on the computer:
                  <Box component="ul" sx={{ pl: 2.5, mt: 0.5, '& li': { mb: 0.5 } }}>
                    {systems.map((s) => (
                      <li key={s}>{helperStep(s, true, unsigned)}</li>
                    ))}
                  </Box>
                </>
              ) : (
                helperStep(systems[0], false, unsigned)
              )}
            </li>
            {extensions.map((b) => (
              <li key={b}>
                <ExtensionStep browser={b} paths={paths} system={admin ? null : system} inGuide={false} developerSteps={b !== 'firefox' && <FoldedDeveloperSteps browser={b} />} />
              </li>
            ))}
            <li>Come back to this page and press Burn DVD again. Use blank DVD-R discs for the best results.</li>
          </Typography>
        )}
        {stepsShown && (
          <Typography variant="body2">
            <Link href={INSTALL_GUIDE_PATH} target="_blank" rel="noopener">
              All the ways to install it
            </Link>
            , for you or for your IT department.
          </Typography>
        )}
        {admin && (
          <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
            Compatible with {BURN_COMPATIBILITY_NOTE}. Minimum versions: the burning tool {MIN_NATIVE_VERSION}, the Chrome
            and Edge extension {MIN_CHROME_EXTENSION_VERSION}, the Firefox extension {MIN_FIREFOX_EXTENSION_VERSION}. A burning tool from version{' '}
            {NATIVE_PRESENT_VERSION} up counts as installed: the burn window updates an older one by itself.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus={!stepsShown}>
          Close
        </Button>
        {stepsShown && (
          <>
            <Button variant="contained" href={DENIM_PATHS.installer} download startIcon={<Download />} autoFocus>
              Download installer
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
