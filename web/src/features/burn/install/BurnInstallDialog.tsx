import { Download, Extension } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { MIN_CHROME_EXTENSION_VERSION, MIN_FIREFOX_EXTENSION_VERSION, MIN_NATIVE_VERSION, NATIVE_PRESENT_VERSION } from '../../../../../common/burn-protocol.ts';
import type { Readiness } from '../versions.ts';
import type { BurnBrowser, BurnSystem } from './burn-compat.ts';
import { BURN_COMPATIBILITY_NOTE, burnSystem } from './burn-compat.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';

const { installer: INSTALLER_URL, firefoxExtension: FIREFOX_EXTENSION_URL, chromeExtension: CHROME_EXTENSION_URL, linuxUserInstall: LINUX_USER_INSTALL_URL } = DENIM_PATHS;
import { PLAIN_HTTP_DIALOG_WARNING } from '../../../../../common/secure-url.ts';
import { usePlainHttpAllowed } from './plain-http.ts';
import { useWindowsInstallerSigned } from './windows-signing.ts';

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

const SYSTEM_NAMES: Record<BurnSystem, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };

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

/** What Windows shows at the first run of an installer without a code-signing certificate, and what to press. */
const SMARTSCREEN_NOTE =
  'Windows may say “Windows protected your PC”: this installer is not signed with a code-signing certificate, so Microsoft Defender SmartScreen does not know its publisher yet. Click More info, then Run anyway.';

/** Step 1, the helper, for one system; unsigned says the Windows installer carries no Authenticode signature. */
function helperStep(system: BurnSystem, labelled: boolean, unsigned: boolean): ReactNode {
  const lead = labelled ? <strong>{SYSTEM_NAMES[system]}: </strong> : null;
  const installer = (
    <Link href={`${INSTALLER_URL}?platform=${system === 'windows' ? 'win-x64' : system === 'macos' ? 'darwin-x64' : 'linux-x64'}`} download>
      DVD burning tool installer{labelled ? ` for ${SYSTEM_NAMES[system]}` : ''}
    </Link>
  );
  switch (system) {
    case 'windows':
      return (
        <>
          {lead}Download and run the {installer}.{unsigned && <> {SMARTSCREEN_NOTE}</>}
        </>
      );
    case 'macos':
      return (
        <>
          {lead}Download the {installer}, open the zip and run the install script inside it.
        </>
      );
    case 'linux':
      return (
        <>
          {lead}Download the {installer} (a .deb package for Debian and Ubuntu) and open it with your software installer. Without administrator
          rights, use the <Link href={LINUX_USER_INSTALL_URL}>install script for your user only</Link> instead: save it and run it with <code>bash</code>.
        </>
      );
  }
}

/**
 * The managed install (issue 29.2): the build's policies/ folder force-installs the extension from this server in
 * Chrome, Edge and Firefox, with no developer mode, and the server's update manifests keep it current.
 */
const MANAGED_NOTE =
  'On computers your IT department manages, they can install it for everyone instead with the browser policy the DVD burning tool\'s build includes (its policies folder: a .deb package or JSON files for Linux, a registry file for Windows, a profile for macOS): the browser then installs the extension by itself, without Developer mode, and keeps it up to date from this website.';

/** Step 2, the extension, for one browser family. */
function extensionStep(browser: 'chrome' | 'firefox'): ReactNode {
  if (browser === 'firefox') {
    return (
      <>
        In Firefox, add the burning extension: <Link href={FIREFOX_EXTENSION_URL}>Firefox extension</Link>. {MANAGED_NOTE}
      </>
    );
  }
  return (
    <>
      In Chrome or Edge, add the burning extension: download the <Link href={CHROME_EXTENSION_URL}>Chrome extension</Link>, open{' '}
      <code>chrome://extensions</code> (<code>edge://extensions</code> in Edge), turn on Developer mode and drop the downloaded file on that page (a
      .zip is unpacked first and its folder chosen with Load unpacked). {MANAGED_NOTE}
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
  // Asked only when a Windows user sees the Windows steps (not in the admin's preview, where a server without a
  // Windows build would answer 404); until the answer comes, no note.
  const signed = useWindowsInstallerSigned(open && !admin && systems.includes('windows'));
  const unsigned = signed === false;
  const plainHttp = usePlainHttpAllowed(open);
  // Too old to run the tool: say what to upgrade; the install steps would not help (admins still see them).
  const stepsShown = admin || !upgrade;
  const family = browser === 'firefox' ? 'firefox' : 'chrome';
  const extensions: ('chrome' | 'firefox')[] = admin ? ['chrome', 'firefox'] : [family];
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
              <li key={b}>{extensionStep(b)}</li>
            ))}
            <li>Come back to this page and press Burn DVD again. Use blank DVD-R discs for the best results.</li>
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
            <Button href={family === 'firefox' ? FIREFOX_EXTENSION_URL : CHROME_EXTENSION_URL} startIcon={<Extension />}>
              {family === 'firefox' ? 'Firefox extension' : 'Chrome extension'}
            </Button>
            <Button variant="contained" href={INSTALLER_URL} download startIcon={<Download />} autoFocus>
              Download installer
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
