/**
 * The helper's builds as the server publishes them and the helper's auto-update reads them (spec 3 section 4.6):
 * the /denim addresses, the build manifest, and the exact bytes an Ed25519 signature covers. Written once; the
 * build scripts sign with it, the server serves with it, the helper verifies with it.
 */
import type { HelperPlatform } from './burn-protocol.ts';

export const DENIM_PATHS = {
  /** The installer for the visitor's system (by User-Agent, or ?platform=); the helper's update uses it too. */
  installer: '/denim/download_resource/installer',
  firefoxExtension: '/denim/download_resource/firefox_extension_latest',
  chromeExtension: '/denim/download_resource/chrome_extension_latest',
  /** The per-user Linux install script (no root needed). */
  linuxUserInstall: '/denim/download_resource/linux_user_install',
  /** How this server lets the burn path travel (DenimTransport): the install dialog warns while plain http is allowed. */
  transport: '/denim/transport',
  /** Which ways to install this server offers (DenimInstallPaths, common/browser-policies.ts): store listings, policy files. */
  installPaths: '/denim/install_paths',
  /** One browser policy file for IT departments (?file=<PolicyDownloadKey>, common/browser-policies.ts). */
  browserPolicies: '/denim/download_resource/browser_policies',
} as const;

/** What DENIM_PATHS.transport answers: whether ALLOW_PLAIN_HTTP is set on this server (common/secure-url.ts). */
export interface DenimTransport {
  plainHttpAllowed: boolean;
}

/**
 * What the installer route answers besides the installer itself (?artifact=):
 * - installer (default): the .deb, the NSIS .exe or the macOS zip;
 * - installer_signature: the Ed25519 signature of those bytes, base64;
 * - helper: the bare helper executable the auto-update installs;
 * - helper_manifest: the HelperBuildManifest of that executable, JSON, signed.
 */
export const INSTALLER_ARTIFACTS = ['installer', 'installer_signature', 'helper', 'helper_manifest'] as const;
export type InstallerArtifact = (typeof INSTALLER_ARTIFACTS)[number];

export function installerUrl(server: string, platform: HelperPlatform, artifact: InstallerArtifact): string {
  const url = new URL(DENIM_PATHS.installer, server);
  url.searchParams.set('platform', platform);
  url.searchParams.set('artifact', artifact);
  return url.toString();
}

/** One published helper executable. signature is Ed25519 over signedManifestBytes, base64. */
export interface HelperBuildManifest {
  platform: HelperPlatform;
  version: number;
  size: number;
  sha256: string;
  signature: string;
  /**
   * Windows only: the executable (and the installer built with it) carries an Authenticode signature. Said for the
   * install dialog's SmartScreen note; not covered by the Ed25519 signature, which checks the bytes themselves.
   */
  authenticode?: boolean;
  /**
   * When the build was signed with a new key: the chain of rotation records from a key older helpers trust to
   * it. Each record is signed by the key before it, so a helper learns a new key only from a key it trusts.
   */
  rotations?: KeyRotation[];
}

/** "Key previous hands over to key next": both base64 SPKI DER Ed25519 keys; signature by previous, base64. */
export interface KeyRotation {
  previous: string;
  next: string;
  signature: string;
}

/** The bytes a rotation record's signature covers, with a label no other signed thing carries. */
export function signedRotationBytes(rotation: Omit<KeyRotation, 'signature'>): Uint8Array {
  return new TextEncoder().encode(['tribute-helper-key-rotation/1', rotation.previous, rotation.next].join('\n'));
}

/**
 * The keys a helper trusts for one manifest: its own compiled-in key, and each key a rotation record hands over
 * to when that record is signed by a key already trusted (in order). verify(key, bytes, signature) is the caller's
 * Ed25519 check. A record signed by anything else adds nothing.
 */
export function trustedKeys(compiled: string, rotations: readonly KeyRotation[] | undefined, verify: (key: string, bytes: Uint8Array, signature: string) => boolean): string[] {
  const trusted = [compiled];
  for (const rotation of rotations ?? []) {
    if (typeof rotation?.previous !== 'string' || typeof rotation.next !== 'string' || typeof rotation.signature !== 'string') continue;
    if (!trusted.includes(rotation.previous) || trusted.includes(rotation.next)) continue;
    if (verify(rotation.previous, signedRotationBytes(rotation), rotation.signature)) trusted.push(rotation.next);
  }
  return trusted;
}

/**
 * The bytes the signature covers: a fixed label (so no other signed thing can pass as a build), then every field
 * on its own line. The helper refuses a manifest whose signature does not verify against the public key compiled
 * into it, whose platform is not its own, whose version is not above its own, or whose file's size or SHA-256
 * differs.
 */
export function signedManifestBytes(manifest: Omit<HelperBuildManifest, 'signature'>): Uint8Array {
  const text = ['tribute-helper-build/1', manifest.platform, String(manifest.version), String(manifest.size), manifest.sha256].join('\n');
  return new TextEncoder().encode(text);
}

/** The platform a User-Agent names, for the installer route; null when the system has no helper. */
export function platformFromUserAgent(userAgent: string): HelperPlatform | null {
  if (/Windows NT/.test(userAgent)) return 'win-x64';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'darwin-x64';
  if (/Linux|X11|CrOS/.test(userAgent) && !/Android/.test(userAgent)) return 'linux-x64';
  return null;
}
