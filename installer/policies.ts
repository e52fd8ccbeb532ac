/**
 * The browser policies that force-install the burn extension from this server, the way IT departments install
 * extensions on managed computers (issue 29.2): no developer mode, no store, and the browsers keep it current
 * from the build's update manifests (common/extension-updates.ts). One source for every format:
 *
 * - Chrome, Chromium and Edge: ExtensionInstallForcelist "<id>;<update_url>" (the id of this installation's key,
 *   extension/chrome-key.ts). Linux reads JSON from /etc/opt/chrome/policies/managed/,
 *   /etc/chromium/policies/managed/ and /etc/opt/edge/policies/managed/; Windows the registry (a .reg file here;
 *   HKLM\SOFTWARE\Policies\<vendor>\ExtensionInstallForcelist); macOS a configuration profile (.mobileconfig).
 * - Firefox: policies.json ExtensionSettings with installation_mode force_installed and install_url (the .xpi
 *   route). Release Firefox installs only signed add-ons; ESR honours the xpinstall.signatures.required preference
 *   the policy also sets, so the unsigned .xpi installs there (release Firefox needs the addons.mozilla.org-signed
 *   one). Linux reads /etc/firefox/policies/policies.json (and the distribution/ folder of the installation, e.g.
 *   /usr/lib/firefox-esr/distribution/policies.json for Debian's firefox-esr).
 */
import { createHash } from 'node:crypto';
import { LINUX_CHROMIUM_POLICY_DIRS, POLICY_FILE_PATHS } from '../common/browser-policies.ts';
import { FIREFOX_EXTENSION_ID } from '../common/burn-protocol.ts';
import { chromeUpdateUrl, firefoxPackageUrl } from '../common/extension-updates.ts';

/** The file name of our policy in each managed-policy folder (Chromium reads every .json there). */
export const CHROMIUM_POLICY_FILE = 'tribute-burner.json';

/** Where Chrome, Chromium and Edge on Linux read managed policies (named in common/, which the install guide shows). */
export { LINUX_CHROMIUM_POLICY_DIRS };
/** Where Firefox on Linux reads policies.json (the system-wide folder every Firefox build checks). */
export const LINUX_FIREFOX_POLICY_DIRS = ['/etc/firefox/policies'] as const;
export const FIREFOX_POLICY_FILE = 'policies.json';

export interface PolicyTarget {
  /** This installation's Chrome extension id. */
  chromeExtensionId: string;
  /** The product's address (the update manifests and the .xpi are served there). */
  publicUrl: string;
}

/** The one forcelist entry: the id and where its updates come from. */
export function forcelistEntry({ chromeExtensionId, publicUrl }: PolicyTarget): string {
  if (!/^[a-p]{32}$/.test(chromeExtensionId)) throw new Error(`Not a Chrome extension id: ${chromeExtensionId}`);
  return `${chromeExtensionId};${chromeUpdateUrl(publicUrl)}`;
}

/** Chrome, Chromium and Edge managed policy (Linux JSON). */
export function chromiumPolicy(target: PolicyTarget): { ExtensionInstallForcelist: string[] } {
  return { ExtensionInstallForcelist: [forcelistEntry(target)] };
}

/** Firefox's ExtensionSettings policy: force-install ours from this server's .xpi. */
export function firefoxExtensionSettings({ publicUrl }: Pick<PolicyTarget, 'publicUrl'>): Record<string, { installation_mode: string; install_url: string }> {
  return { [FIREFOX_EXTENSION_ID]: { installation_mode: 'force_installed', install_url: firefoxPackageUrl(publicUrl) } };
}

/** Firefox policies.json. */
export function firefoxPolicy({ publicUrl }: Pick<PolicyTarget, 'publicUrl'>): { policies: Record<string, unknown> } {
  return {
    policies: {
      ExtensionSettings: firefoxExtensionSettings({ publicUrl }),
      // Honoured by ESR (and Developer Edition) only: lets the unsigned .xpi install there.
      Preferences: { 'xpinstall.signatures.required': { Value: false, Status: 'locked' } },
    },
  };
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The registry keys the Windows policy is written under (HKLM; per-user HKCU policies are not for force-installs). */
export const WINDOWS_POLICY_KEYS = ['SOFTWARE\\Policies\\Google\\Chrome\\ExtensionInstallForcelist', 'SOFTWARE\\Policies\\Microsoft\\Edge\\ExtensionInstallForcelist'] as const;
/**
 * The value name of our entry in each list. Chrome reads a list policy's values named 1, 2, 3, ... up to the first
 * gap, so ours is 1: where an IT department already force-installs other extensions, add ours as the next free
 * number instead of importing the file as is.
 */
export const WINDOWS_POLICY_VALUE = '1';

/**
 * Firefox on Windows reads its policies from HKLM\SOFTWARE\Policies\Mozilla\Firefox; a policy whose value is an
 * object (ExtensionSettings) is a REG_SZ holding its JSON. The all-users NSIS installer writes it (nsis.ts).
 */
export const WINDOWS_FIREFOX_POLICY_KEY = 'SOFTWARE\\Policies\\Mozilla\\Firefox';
export const WINDOWS_FIREFOX_POLICY_VALUE = 'ExtensionSettings';
export const windowsFirefoxExtensionSettings = (target: Pick<PolicyTarget, 'publicUrl'>): string => JSON.stringify(firefoxExtensionSettings(target));

/** A .reg file (Windows Registry Editor 5.00) setting the forcelist for Chrome and Edge; Firefox gets policies.json. */
export function windowsRegFile(target: PolicyTarget): string {
  const entry = forcelistEntry(target);
  const lines = ['Windows Registry Editor Version 5.00', ''];
  for (const key of WINDOWS_POLICY_KEYS) lines.push(`[HKEY_LOCAL_MACHINE\\${key}]`, `"${WINDOWS_POLICY_VALUE}"="${entry}"`, '');
  return lines.join('\r\n');
}

const xml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A stable UUID from text (the profile's identifiers stay the same across builds of one server). */
function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/** A macOS configuration profile with the Chrome, Edge and Firefox policies. */
export function macosProfile(target: PolicyTarget): string {
  const host = new URL(target.publicUrl).host;
  const entry = xml(forcelistEntry(target));
  const payload = (type: string, body: string) =>
    [
      '    <dict>',
      `      <key>PayloadType</key><string>${type}</string>`,
      `      <key>PayloadIdentifier</key><string>com.tribute.burner.policy.${type}</string>`,
      `      <key>PayloadUUID</key><string>${uuidOf(`${host} ${type}`)}</string>`,
      '      <key>PayloadVersion</key><integer>1</integer>',
      body,
      '    </dict>',
    ].join('\n');
  const forcelist = `      <key>ExtensionInstallForcelist</key><array><string>${entry}</string></array>`;
  const firefox = [
    '      <key>EnterprisePoliciesEnabled</key><true/>',
    '      <key>ExtensionSettings</key><dict>',
    `        <key>${xml(FIREFOX_EXTENSION_ID)}</key><dict>`,
    '          <key>installation_mode</key><string>force_installed</string>',
    `          <key>install_url</key><string>${xml(firefoxPackageUrl(target.publicUrl))}</string>`,
    '        </dict>',
    '      </dict>',
  ].join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>PayloadContent</key>',
    '  <array>',
    payload('com.google.Chrome', forcelist),
    payload('com.microsoft.Edge', forcelist),
    payload('org.mozilla.firefox', firefox),
    '  </array>',
    `  <key>PayloadDisplayName</key><string>Tribute DVD Burner extension (${xml(host)})</string>`,
    `  <key>PayloadDescription</key><string>Installs the Tribute DVD Burner extension in Chrome, Edge and Firefox from ${xml(target.publicUrl)} and keeps it up to date.</string>`,
    `  <key>PayloadIdentifier</key><string>com.tribute.burner.policy</string>`,
    '  <key>PayloadScope</key><string>System</string>',
    '  <key>PayloadType</key><string>Configuration</string>',
    `  <key>PayloadUUID</key><string>${uuidOf(`${host} profile`)}</string>`,
    '  <key>PayloadVersion</key><integer>1</integer>',
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

/** The policy files a build writes into its policies/ folder (relative path -> content). */
export function policyFiles(target: PolicyTarget): Record<string, string> {
  return {
    [POLICY_FILE_PATHS.linux_chromium]: json(chromiumPolicy(target)),
    [POLICY_FILE_PATHS.linux_firefox]: json(firefoxPolicy(target)),
    [POLICY_FILE_PATHS.windows_reg]: windowsRegFile(target),
    [POLICY_FILE_PATHS.windows_firefox]: json(firefoxPolicy(target)),
    [POLICY_FILE_PATHS.macos_profile]: macosProfile(target),
  };
}
