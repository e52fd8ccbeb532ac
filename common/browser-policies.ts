/**
 * The browser policy files a build writes into its policies/ folder (installer/policies.ts, policy-deb.ts) and
 * /denim hands to IT departments (DENIM_PATHS.browserPolicies?file=<key>), named once here for the builder, the
 * server and the install guide. A key never becomes a path: the server looks the key up in this table.
 */

/** Where Chrome, Chromium and Edge on Linux read managed policies. */
export const LINUX_CHROMIUM_POLICY_DIRS = ['/etc/opt/chrome/policies/managed', '/etc/chromium/policies/managed', '/etc/opt/edge/policies/managed'] as const;

/** Each file's key, as the download route and the install guide name it. */
export const POLICY_DOWNLOAD_KEYS = ['linux_deb', 'linux_chromium', 'linux_firefox', 'windows_reg', 'windows_firefox', 'macos_profile'] as const;
export type PolicyDownloadKey = (typeof POLICY_DOWNLOAD_KEYS)[number];

/** The files with fixed names, relative to the build's policies/ folder. */
export const POLICY_FILE_PATHS = {
  linux_chromium: 'linux/chromium-managed.json',
  linux_firefox: 'linux/firefox-policies.json',
  windows_reg: 'windows/tribute-burner-policy.reg',
  windows_firefox: 'windows/firefox-policies.json',
  macos_profile: 'macos/tribute-burner.mobileconfig',
} as const satisfies Record<Exclude<PolicyDownloadKey, 'linux_deb'>, string>;

/** The Debian package of the policies, named by the helper's version (the highest built is served). */
export const POLICY_DEB_PACKAGE = 'tribute-burner-browser-policies';
export const POLICY_DEB_DIR = 'linux';
export const policyDebName = (version: number): string => `${POLICY_DEB_PACKAGE}_${version}_all.deb`;
export const POLICY_DEB_PATTERN = new RegExp(`^${POLICY_DEB_PACKAGE}_(\\d+)_all\\.deb$`);

/**
 * What /denim/install_paths answers (DENIM_PATHS.installPaths): the store listings this server names
 * (CHROME_STORE_URL, EDGE_STORE_URL, FIREFOX_STORE_URL; null where none), the policy files its build holds and
 * whether its Firefox package and Windows installer are signed.
 */
export interface DenimInstallPaths {
  stores: StoreListings;
  policies: PolicyDownloadKey[];
  /** Whether the Firefox package served is signed by addons.mozilla.org: release Firefox installs only signed ones. */
  firefoxSigned: boolean;
  /**
   * Whether the Windows installer carries an Authenticode signature (the build signs it when a code-signing
   * certificate is configured); unsigned, SmartScreen warns at its first run. null without a Windows build.
   */
  windowsInstallerSigned: boolean | null;
}

export interface StoreListings {
  chrome: string | null;
  edge: string | null;
  firefox: string | null;
}
