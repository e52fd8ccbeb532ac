/**
 * The steps that install the DVD burning tool, written once for Burn DVD's install dialog and the /denim install
 * guide (issue 29.2): the helper for each system, then the extension the way that fits: the store listing where this
 * server names one, the browser policy an IT department installs, and Developer mode only as the last resort, step
 * by step with pictures of Chromium's own Extensions page.
 */
import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { DenimInstallPaths, PolicyDownloadKey } from '../../../../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';
import type { BurnSystem } from './burn-compat.ts';
import { DEVELOPER_MODE_PICTURES, pictureUrl } from './developer-mode-pictures.ts';
import { INSTALL_GUIDE_PATH, IT_SECTION } from './install-guide-path.ts';

export const SYSTEM_NAMES: Record<BurnSystem, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };

/** The browsers the extension is built for: Chrome and Edge share the Chrome build. */
export type ExtensionBrowser = 'chrome' | 'edge' | 'firefox';
const BROWSER_NAMES: Record<ExtensionBrowser, string> = { chrome: 'Chrome', edge: 'Edge', firefox: 'Firefox' };

/** What Windows shows at the first run of an installer without a code-signing certificate, and what to press. */
const SMARTSCREEN_NOTE =
  'Windows may say “Windows protected your PC”: this installer is not signed with a code-signing certificate, so Microsoft Defender SmartScreen does not know its publisher yet. Click More info, then Run anyway.';

const installerHref = (system: BurnSystem): string =>
  `${DENIM_PATHS.installer}?platform=${system === 'windows' ? 'win-x64' : system === 'macos' ? 'darwin-x64' : 'linux-x64'}`;

/** Step 1, the helper, for one system; unsigned says the Windows installer carries no Authenticode signature. */
export function helperStep(system: BurnSystem, labelled: boolean, unsigned: boolean): ReactNode {
  const lead = labelled ? <strong>{SYSTEM_NAMES[system]}: </strong> : null;
  const installer = (
    <Link href={installerHref(system)} download>
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
          rights, use the <Link href={DENIM_PATHS.linuxUserInstall}>install script for your user only</Link> instead: save it and run it with{' '}
          <code>bash</code>.
        </>
      );
  }
}

/** The store listing a browser installs from: Edge takes Chrome Web Store extensions too, once allowed. */
function storeOf(browser: ExtensionBrowser, paths: DenimInstallPaths): { url: string; name: string; button: string } | null {
  const { stores } = paths;
  if (browser === 'firefox') return stores.firefox ? { url: stores.firefox, name: 'Firefox Add-ons', button: 'Add to Firefox' } : null;
  if (browser === 'edge' && stores.edge) return { url: stores.edge, name: 'Edge Add-ons', button: 'Get' };
  return stores.chrome ? { url: stores.chrome, name: 'Chrome Web Store', button: browser === 'edge' ? 'Get' : 'Add to Chrome' } : null;
}

interface ExtensionStepProps {
  browser: ExtensionBrowser;
  paths: DenimInstallPaths;
  /** The computer's system: with an administrator's rights, its policy installs the extension (selfManaged). */
  system: BurnSystem | null;
  /** In the guide itself its sections are below; the dialog links to them. */
  inGuide: boolean;
  /** The Developer mode steps, shown where the browser has no store listing (the dialog folds them away). */
  developerSteps: ReactNode;
  /** The browser's name in the text, where one step serves two ("Chrome or Edge"). */
  name?: string;
}

const policyHref = (key: PolicyDownloadKey): string => `${DENIM_PATHS.browserPolicies}?file=${key}`;

/**
 * The managed install a staff member with an administrator's rights does on their own computer, without Developer
 * mode: the Windows installer's all-users option, the policy .deb beside the tool's, the macOS profile. null where
 * this server's build has no such file (the Windows option comes with every Windows installer), and for Chrome and
 * Edge on Windows and macOS: there they take an extension from outside their stores by policy only on a computer
 * joined to a domain or enrolled in device management, which is the IT department's path, not this one.
 */
function selfManaged(system: BurnSystem | null, browser: ExtensionBrowser, paths: DenimInstallPaths): ReactNode {
  if (browser !== 'firefox' && system !== 'linux') return null;
  const browsers = browser === 'firefox' ? (paths.firefoxSigned ? 'Firefox' : 'Firefox ESR') : 'Chrome, Chromium and Edge';
  const then = <> {browsers} then add{browsers.includes(' and ') ? '' : 's'} the extension by {browsers.includes(' and ') ? 'themselves' : 'itself'} and keep it up to date.</>;
  switch (system) {
    case 'windows':
      return (
        <>
          If you can run the installer as an administrator, choose <strong>All users of this computer</strong> in it and keep{' '}
          <strong>Install the browser extension for everyone</strong> ticked:{then}
        </>
      );
    case 'linux':
      return paths.policies.includes('linux_deb') ? (
        <>
          If you installed the .deb package, also download the <Link href={policyHref('linux_deb')} download>browser extension package</Link> and open it
          the same way:{then}
        </>
      ) : null;
    case 'macos':
      return paths.policies.includes('macos_profile') ? (
        <>
          With an administrator&apos;s password, download the <Link href={policyHref('macos_profile')} download>browser extension profile</Link>, open it,
          then install it in System Settings, Privacy &amp; Security, Profiles:{then}
        </>
      ) : null;
    default:
      return null;
  }
}

/**
 * Step 2, the extension, for one browser: the store if listed; else the policy, installed by the staff member with
 * an administrator's rights or by the IT department; else (Chrome and Edge) Developer mode.
 */
export function ExtensionStep({ browser, paths, system, inGuide, developerSteps, name = BROWSER_NAMES[browser] }: ExtensionStepProps) {
  const store = storeOf(browser, paths);
  const itLink = inGuide ? <Link href={`#${IT_SECTION}`}>For IT departments</Link> : <Link href={`${INSTALL_GUIDE_PATH}#${IT_SECTION}`} target="_blank" rel="noopener">how, for IT</Link>;
  const own = selfManaged(system, browser, paths);
  const managed = (
    <>
      {own && <>{own} </>}
      On a computer your IT department looks after, ask them to install it for everyone ({itLink}): the browser then adds it by itself and keeps
      it up to date.
    </>
  );
  if (store) {
    return (
      <>
        In {name}, add the burning extension from the {store.name}: open{' '}
        <Link href={store.url} target="_blank" rel="noopener">
          its page
        </Link>{' '}
        and choose {store.button}.{browser === 'edge' && store.name === 'Chrome Web Store' && <> Edge first asks to allow extensions from other stores: choose Allow.</>}
      </>
    );
  }
  if (browser === 'firefox') {
    if (paths.firefoxSigned) {
      return (
        <>
          In Firefox, click <Link href={DENIM_PATHS.firefoxExtension}>Firefox extension</Link> and choose Add when Firefox asks.
        </>
      );
    }
    return (
      <>
        In Firefox, the burning extension is added by the browser policy, in Firefox ESR. {managed} The regular Firefox release adds only extensions
        signed by Mozilla, and this website&apos;s is not signed yet: on such a computer, use Chrome or Edge to burn DVDs.
      </>
    );
  }
  return (
    <>
      In {name}, add the burning extension. {managed} If neither is possible, add it in Developer mode:
      {developerSteps}
    </>
  );
}

function Picture({ picture }: { picture: { file: string; alt: string } }) {
  return (
    <Box
      component="img"
      src={pictureUrl(picture.file)}
      alt={picture.alt}
      loading="lazy"
      sx={{ display: 'block', maxWidth: '100%', height: 'auto', mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}

/**
 * Adding the Chrome build in Developer mode, the last resort (Chrome and Edge take an extension from elsewhere than
 * their stores only this way, or by policy): Load unpacked on the zipped build, whose key gives it the id the
 * helper expects.
 */
export function DeveloperModeSteps({ browser = 'chrome' }: { browser?: 'chrome' | 'edge' }) {
  const name = BROWSER_NAMES[browser];
  const page = browser === 'edge' ? 'edge://extensions' : 'chrome://extensions';
  return (
    <Box sx={{ mt: 1 }}>
      <Typography component="ol" sx={{ pl: 2.5, m: 0, '& > li': { mb: 1.5 } }}>
        <li>
          Download the <Link href={`${DENIM_PATHS.chromeExtension}?format=zip`}>extension as a zip</Link> and unzip it into a folder you keep, for
          example Documents\Tribute DVD burner. {name} loads it from there each time it starts, so leave the folder where it is.
        </li>
        <li>
          Type <code>{page}</code> in the address bar and press Enter.
        </li>
        <li>
          Turn on <strong>Developer mode</strong>: the switch at the top right{browser === 'chrome' ? ' (in Edge, at the bottom of the list on the left)' : ''}.
          <Picture picture={DEVELOPER_MODE_PICTURES.switch} />
        </li>
        <li>
          Click <strong>Load unpacked</strong> and choose the folder you unzipped.
          <Picture picture={DEVELOPER_MODE_PICTURES.loadUnpacked} />
        </li>
        <li>
          Tribute DVD Burner appears in the list, switched on.
          <Picture picture={DEVELOPER_MODE_PICTURES.added} />
        </li>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        An extension added this way does not update itself: when Burn DVD says it is out of date, download the zip again, unzip it over the same
        folder and click the round arrow on its card. {name} may remind you that Developer mode extensions are on; leave them on.
      </Typography>
    </Box>
  );
}
