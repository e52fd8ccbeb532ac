/**
 * /denim: the DVD burning tool's install guide (issue 29.2), open to everyone, as the downloads below it are. It says
 * which way fits whom: a staff member on their own computer (the helper, then the extension from the store where this
 * server names one), an IT department installing it for everyone by browser policy (the files this server's build
 * made, each with where it goes), and Developer mode as the last resort, step by step with pictures.
 */
import { Alert, Box, Divider, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { LINUX_CHROMIUM_POLICY_DIRS, type PolicyDownloadKey } from '../../../../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../../../../common/helper-update.ts';
import { Page } from '../../../ui/index.ts';
import { BURN_COMPATIBILITY_NOTE, burnBrowser, burnSystem, type BurnSystem } from './burn-compat.ts';
import { NO_INSTALL_PATHS, useInstallPaths } from './install-paths.ts';
import { DEVELOPER_SECTION, IT_SECTION } from './install-guide-path.ts';
import { DeveloperModeSteps, ExtensionStep, helperStep, SYSTEM_NAMES, type ExtensionBrowser } from './InstallSteps.tsx';

const SYSTEMS: BurnSystem[] = ['windows', 'macos', 'linux'];

/** Each policy file: what it is and where IT puts it. */
const POLICY_TEXTS: Record<PolicyDownloadKey, { system: BurnSystem; name: string; how: ReactNode }> = {
  windows_reg: {
    system: 'windows',
    name: 'Chrome and Edge policy (.reg)',
    how: (
      <>
        Import it on each computer (double-click it as an administrator) or put its ExtensionInstallForcelist entry in your Group Policy. Chrome and
        Edge take an extension from outside their stores this way only on computers joined to your domain or enrolled in their cloud management.
        Where you already force-install other extensions, add ours under the next free number instead of importing the file as it is. The burning
        tool&apos;s installer, run for all users, can write the same values and Firefox&apos;s.
      </>
    ),
  },
  windows_firefox: {
    system: 'windows',
    name: 'Firefox policies.json',
    how: <>Copy it into the distribution folder of Firefox&apos;s installation folder (C:\Program Files\Mozilla Firefox\distribution), or merge its ExtensionSettings into your own.</>,
  },
  macos_profile: {
    system: 'macos',
    name: 'Configuration profile for Chrome, Edge and Firefox (.mobileconfig)',
    how: (
      <>
        Deploy it with your device management (MDM): Chrome and Edge take an extension from outside their stores only on a managed Mac. Firefox also
        takes it installed by hand, in System Settings, Privacy &amp; Security, Profiles.
      </>
    ),
  },
  linux_deb: {
    system: 'linux',
    name: 'Policy package for Debian and Ubuntu (.deb)',
    how: (
      <>
        Install it beside the tool&apos;s own package: <code>sudo apt install ./</code> and the file&apos;s name. It adds the policy for Chrome, Chromium
        and Edge and links Firefox&apos;s, unless the computer has a Firefox policies.json of its own (it then says what to add).
      </>
    ),
  },
  linux_chromium: {
    system: 'linux',
    name: 'Chrome, Chromium and Edge policy (.json)',
    how: <>Copy it into {LINUX_CHROMIUM_POLICY_DIRS.map((dir, i) => <span key={dir}>{i > 0 && (i === LINUX_CHROMIUM_POLICY_DIRS.length - 1 ? ' or ' : ', ')}<code>{dir}</code></span>)}, for the browsers the computer has.</>,
  },
  linux_firefox: {
    system: 'linux',
    name: 'Firefox policies.json',
    how: <>Copy it to <code>/etc/firefox/policies/policies.json</code>, or merge its ExtensionSettings into the one there.</>,
  },
};

/** Scrolls to the part the address names (#it-departments, #developer-mode), once the page has drawn it. */
function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (ready && id) document.getElementById(id)?.scrollIntoView();
  }, [ready]);
}

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id ?? title}-title`} sx={{ mt: 4, scrollMarginTop: 80 }}>
      <Typography variant="h2" id={`${id ?? title}-title`} sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function InstallGuidePage() {
  const answered = useInstallPaths(true);
  const paths = answered ?? NO_INSTALL_PATHS;
  const ownSystem = burnSystem(navigator.userAgent);
  const ownBrowser = burnBrowser(navigator.userAgent);
  useScrollToHash(answered !== null);
  // The visitor's own system first, the others after it.
  const systems = ownSystem ? [ownSystem, ...SYSTEMS.filter((s) => s !== ownSystem)] : SYSTEMS;
  // Chrome and Edge share one step unless a store lists the extension for one of them; the visitor's browser first.
  const chromium: { browser: ExtensionBrowser; name?: string }[] = paths.stores.chrome || paths.stores.edge ? [{ browser: 'chrome' }, { browser: 'edge' }] : [{ browser: 'chrome', name: 'Chrome or Edge' }];
  const browsers = ownBrowser === 'firefox' ? [{ browser: 'firefox' as const }, ...chromium] : [...chromium, { browser: 'firefox' as const }];
  const stepsSx = { pl: 2.5, mt: 0, '& > li': { mb: 1.5 }, '& code': { fontSize: '0.875em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 } };
  return (
    <Page title="Install the DVD burning tool" maxWidth="md">
      <Typography sx={{ mb: 1 }}>
        The DVD burning tool makes a DVD of a finished tribute video on this computer. It is a small program for the computer and an extension for
        the browser: together they download the disc image, burn it to a blank disc in the DVD drive and check the result, so the disc plays in any
        DVD player. It is free and installs once; after that, Burn DVD on a video&apos;s page does the rest.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        It runs on {BURN_COMPATIBILITY_NOTE}.
      </Typography>

      <Section id="your-computer" title="On your own computer">
        <Typography component="ol" sx={stepsSx}>
          <li>
            Install the burning tool on the computer:
            <Box component="ul" sx={{ pl: 2.5, mt: 0.5, '& li': { mb: 0.5 } }}>
              {systems.map((s) => (
                <li key={s}>{helperStep(s, true, answered !== null && answered.windowsInstallerSigned !== true && s === 'windows')}</li>
              ))}
            </Box>
          </li>
          <li>
            Add the extension to your browser:
            <Box component="ul" sx={{ pl: 2.5, mt: 0.5, '& > li': { mb: 1 } }}>
              {browsers.map(({ browser: b, name }) => (
                <li key={b}>
                  <ExtensionStep browser={b} name={name} paths={paths} system={ownSystem} inGuide developerSteps={<> see <Link href={`#${DEVELOPER_SECTION}`}>Developer mode</Link> below.</>} />
                </li>
              ))}
            </Box>
          </li>
          <li>Open the video&apos;s page and press Burn DVD. Use blank DVD-R discs for the best results.</li>
        </Typography>
      </Section>

      <Section id={IT_SECTION} title="For IT departments: install it for everyone">
        <Typography sx={{ mb: 1.5 }}>
          On computers you manage, the browsers install the extension by themselves from this website and keep it up to date, with no Developer mode
          and nothing for staff to do: give them the browser policy below, then install the burning tool itself as usual (on Windows, run its
          installer as an administrator and choose all users).
        </Typography>
        {paths.policies.length === 0 ? (
          <Alert severity="info">
            {answered ? 'This website has not made its browser policy files yet: its administrator makes them with the DVD burning tool’s build.' : 'Looking for this website’s browser policy files…'}
          </Alert>
        ) : (
          systems.map((system) => {
            const files = paths.policies.filter((key) => POLICY_TEXTS[key].system === system);
            if (files.length === 0) return null;
            return (
              <Box key={system} sx={{ mb: 2 }}>
                <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                  {SYSTEM_NAMES[system]}
                </Typography>
                <List dense disablePadding>
                  {files.map((key) => (
                    <ListItem key={key} disableGutters sx={{ '& code': { fontSize: '0.875em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 } }}>
                      <ListItemText
                        primary={
                          <Link href={`${DENIM_PATHS.browserPolicies}?file=${key}`} download>
                            {POLICY_TEXTS[key].name}
                          </Link>
                        }
                        secondary={POLICY_TEXTS[key].how}
                      />
                    </ListItem>
                  ))}
                </List>
              </Box>
            );
          })
        )}
        <Typography variant="body2" color="text.secondary">
          {paths.firefoxSigned
            ? 'Firefox: this website’s package is signed by Mozilla, so every Firefox installs it.'
            : 'Firefox: the regular release installs only packages signed by Mozilla, and this website’s is not signed yet. The policy installs it in Firefox ESR, which it lets take an unsigned package.'}
        </Typography>
      </Section>

      <Divider sx={{ mt: 4 }} />
      <Section id={DEVELOPER_SECTION} title="The last resort: Developer mode in Chrome or Edge">
        <Typography sx={{ mb: 1 }}>
          Only where there is no store listing and no IT department to install the policy: Chrome and Edge take an extension from elsewhere only in
          Developer mode.
        </Typography>
        <DeveloperModeSteps browser={ownBrowser === 'edge' ? 'edge' : 'chrome'} />
      </Section>
    </Page>
  );
}
