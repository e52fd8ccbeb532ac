/**
 * The DVD burning tool's builds as `npm run build:helper` left them (installer/layout.ts names every file), found
 * fresh on every call so a rebuild is served at once without a restart. Only these fixed names are ever looked
 * up: nothing a request says becomes a path.
 *
 * The build of this server's own address is <build dir>/<buildFolderName(PUBLIC_URL)> (two servers from one
 * checkout keep theirs apart); a build dir without that folder is served as it is (a build made with --out and
 * named by BURNER_BUILD_DIR). Builds are renamed into place whole (installer/staging.ts), so what is served is
 * always one complete build. The server never signs: it serves files signed where the key is.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HelperPlatform } from '../../../common/burn-protocol.ts';
import { POLICY_DEB_DIR, POLICY_DEB_PATTERN, POLICY_DOWNLOAD_KEYS, POLICY_FILE_PATHS, type PolicyDownloadKey } from '../../../common/browser-policies.ts';
import type { HelperBuildManifest, InstallerArtifact } from '../../../common/helper-update.ts';
import { insecureUrlProblem, PLAIN_HTTP_WARNING } from '../../../common/secure-url.ts';
import { PUBLIC_KEY_NAME, SIGNING_KEY_NAME } from '../../../installer/signing.ts';
import {
  EXTENSION_FILES,
  INSTALLER_DIR,
  INSTALLER_NAMES,
  LINUX_USER_INSTALL_PATH,
  POLICIES_DIR,
  SCRIPT_ALLOW_PLAIN_HTTP_LINE,
  SCRIPT_MIRRORS_LINE,
  SCRIPT_SERVER_LINE,
  buildFolderName,
  firefoxSignedXpi,
  helperFileName,
  helperManifestPath,
  helperPath,
  scriptAllowPlainHttpLine,
  scriptMirrorsLine,
  scriptServerLine,
  signaturePath,
} from '../../../installer/layout.ts';

/** A built file to send: where it is, the name the browser saves it as, and its type. */
export interface BuildFile {
  path: string;
  name: string;
  type: string;
}

const INSTALLER_TYPES: Record<HelperPlatform, string> = {
  'linux-x64': 'application/vnd.debian.binary-package',
  'win-x64': 'application/vnd.microsoft.portable-executable',
  'darwin-x64': 'application/zip',
};

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

export function burnerBuildsService(buildRoot: string, publicUrl?: string) {
  const own = publicUrl ? path.join(buildRoot, buildFolderName(publicUrl)) : null;
  const buildDir = (): string => (own && existsSync(own) ? own : buildRoot);
  const inBuild = (relative: string): string => path.join(buildDir(), relative);
  const found = (file: BuildFile): BuildFile | null => (isFile(file.path) ? file : null);

  /** The installer of the highest version built for a platform. */
  function installerName(platform: HelperPlatform): string | null {
    const dir = inBuild(INSTALLER_DIR);
    if (!existsSync(dir)) return null;
    const { pattern } = INSTALLER_NAMES[platform];
    let best: { name: string; version: number } | null = null;
    for (const name of readdirSync(dir)) {
      const match = pattern.exec(name);
      if (match && (!best || Number(match[1]) > best.version) && isFile(path.join(dir, name))) best = { name, version: Number(match[1]) };
    }
    return best?.name ?? null;
  }

  /** The version of the built Firefox extension (its unpacked manifest), or null when absent or unreadable. */
  function firefoxBuildVersion(): string | null {
    const file = inBuild(`${EXTENSION_FILES.firefoxUnpacked}/manifest.json`);
    if (!isFile(file)) return null;
    try {
      const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
      return typeof version === 'string' && /^\d+(\.\d+){0,3}$/.test(version) ? version : null;
    } catch {
      return null;
    }
  }

  return {
    /** One artifact of a platform's build (common/helper-update.ts INSTALLER_ARTIFACTS), or null when not built. */
    artifact(platform: HelperPlatform, artifact: InstallerArtifact): BuildFile | null {
      switch (artifact) {
        case 'installer': {
          const name = installerName(platform);
          return name ? found({ path: inBuild(`${INSTALLER_DIR}/${name}`), name, type: INSTALLER_TYPES[platform] }) : null;
        }
        case 'installer_signature': {
          const name = installerName(platform);
          return name ? found({ path: inBuild(signaturePath(`${INSTALLER_DIR}/${name}`)), name: signaturePath(name), type: 'text/plain; charset=utf-8' }) : null;
        }
        case 'helper':
          return found({
            path: inBuild(helperPath(platform)),
            name: helperFileName(platform),
            type: platform === 'win-x64' ? 'application/vnd.microsoft.portable-executable' : 'application/octet-stream',
          });
        case 'helper_manifest':
          return found({ path: inBuild(helperManifestPath(platform)), name: `tribute-burner-${platform}-manifest.json`, type: 'application/json; charset=utf-8' });
      }
    },

    /**
     * The Firefox package: the addons.mozilla.org-signed .xpi of the build's version when release:extensions put one
     * there (release Firefox installs nothing else), else the build's unsigned .xpi (ESR with the policy).
     */
    firefoxExtension(): BuildFile | null {
      const version = firefoxBuildVersion();
      const signed = version ? found({ path: inBuild(firefoxSignedXpi(version)), name: EXTENSION_FILES.firefoxXpi, type: 'application/x-xpinstall' }) : null;
      return signed ?? found({ path: inBuild(EXTENSION_FILES.firefoxXpi), name: EXTENSION_FILES.firefoxXpi, type: 'application/x-xpinstall' });
    },

    /**
     * Whether the served .xpi carries addons.mozilla.org's signature: a signed package holds META-INF/mozilla.rsa
     * (and cose.sig), whose names a zip keeps uncompressed in its directory.
     */
    async firefoxSigned(): Promise<boolean> {
      const file = this.firefoxExtension();
      return file ? (await readFile(file.path)).includes('META-INF/mozilla.rsa') : false;
    },

    /** Whether the Windows helper's manifest says the build signed it with Authenticode (null: no Windows build). */
    async windowsInstallerSigned(): Promise<boolean | null> {
      const manifest = this.artifact('win-x64', 'helper_manifest');
      if (!manifest) return null;
      return (JSON.parse(await readFile(manifest.path, 'utf8')) as HelperBuildManifest).authenticode === true;
    },

    /** The Chrome build as a .zip, for Load unpacked in Developer mode (its manifest's key gives it the .crx's id). */
    chromeExtensionZip(): BuildFile | null {
      return found({ path: inBuild(EXTENSION_FILES.chromeZip), name: EXTENSION_FILES.chromeZip, type: 'application/zip' });
    },

    /** The packed .crx (every build signs one with the installation's key); a .zip alone from an older build. */
    chromeExtension(): BuildFile | null {
      return (
        found({ path: inBuild(EXTENSION_FILES.chromeCrx), name: EXTENSION_FILES.chromeCrx, type: 'application/x-chrome-extension' }) ??
        found({ path: inBuild(EXTENSION_FILES.chromeZip), name: EXTENSION_FILES.chromeZip, type: 'application/zip' })
      );
    },

    /**
     * A browser's built extension: the unpacked build's manifest.json and the package installed browsers download
     * (Chrome the .crx, Firefox the .xpi), or null when either is missing.
     */
    async extensionBuild(browser: 'chrome' | 'firefox'): Promise<{ manifest: Record<string, unknown>; file: BuildFile } | null> {
      const file = browser === 'chrome'
        ? found({ path: inBuild(EXTENSION_FILES.chromeCrx), name: EXTENSION_FILES.chromeCrx, type: 'application/x-chrome-extension' })
        : this.firefoxExtension();
      const manifestFile = inBuild(`${browser === 'chrome' ? EXTENSION_FILES.chromeUnpacked : EXTENSION_FILES.firefoxUnpacked}/manifest.json`);
      if (!file || !isFile(manifestFile)) return null;
      return { manifest: JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>, file };
    },

    /** The browser policy files this build holds (common/browser-policies.ts), in the table's order. */
    policyKeys(): PolicyDownloadKey[] {
      return POLICY_DOWNLOAD_KEYS.filter((key) => this.policyFile(key) !== null);
    },

    /** One browser policy file for IT departments, or null when the build has none (the .deb: its highest version). */
    policyFile(key: PolicyDownloadKey): BuildFile | null {
      if (key !== 'linux_deb') {
        const relative = POLICY_FILE_PATHS[key];
        const type = relative.endsWith('.json') ? 'application/json; charset=utf-8' : relative.endsWith('.reg') ? 'text/plain; charset=utf-8' : 'application/x-apple-aspen-config';
        // Saved under a name that says what it is: two policies.json files would otherwise look alike in Downloads.
        return found({ path: inBuild(`${POLICIES_DIR}/${relative}`), name: `tribute-burner-${relative.replace(/\//g, '-')}`, type });
      }
      const dir = inBuild(`${POLICIES_DIR}/${POLICY_DEB_DIR}`);
      if (!existsSync(dir)) return null;
      let best: { name: string; version: number } | null = null;
      for (const name of readdirSync(dir)) {
        const match = POLICY_DEB_PATTERN.exec(name);
        if (match && (!best || Number(match[1]) > best.version)) best = { name, version: Number(match[1]) };
      }
      return best ? found({ path: path.join(dir, best.name), name: best.name, type: INSTALLER_TYPES['linux-x64'] }) : null;
    },

    /** The per-user Linux install script with this server's address and download mirrors as its defaults, or null. */
    async linuxUserInstall(publicUrl: string, mirrors: readonly string[], allowPlainHttp = false): Promise<{ name: string; text: string } | null> {
      const file = inBuild(LINUX_USER_INSTALL_PATH);
      if (!isFile(file)) return null;
      const text = (await readFile(file, 'utf8'))
        .replace(SCRIPT_SERVER_LINE, () => scriptServerLine(new URL(publicUrl).origin))
        .replace(SCRIPT_MIRRORS_LINE, () => scriptMirrorsLine(mirrors.map((mirror) => new URL(mirror).origin)))
        .replace(SCRIPT_ALLOW_PLAIN_HTTP_LINE, () => scriptAllowPlainHttpLine(allowPlainHttp));
      return { name: path.basename(file), text };
    },
  };
}

export type BurnerBuildsService = ReturnType<typeof burnerBuildsService>;

/**
 * What `npm start` says about the DVD burning tool: plain http allowed (at every start, issue 33), a PUBLIC_URL the
 * burn path will refuse, and a signing key kept on this serving machine (fine for a first trial only).
 */
export function burnerStartNotes(config: { publicUrl: string; allowPlainHttp: boolean; dataDir: string }, env: NodeJS.ProcessEnv = process.env): string[] {
  const notes: string[] = [];
  if (config.allowPlainHttp) notes.push(PLAIN_HTTP_WARNING);
  const problem = insecureUrlProblem(config.publicUrl, 'PUBLIC_URL', config.allowPlainHttp);
  if (problem) notes.push(`Burn DVD will not work: ${problem}`);
  const keyFile = env.HELPER_SIGNING_KEY ? path.resolve(env.HELPER_SIGNING_KEY) : path.join(config.dataDir, 'keys', SIGNING_KEY_NAME);
  if (existsSync(keyFile)) {
    notes.push(
      `The DVD helper's update-signing key is on this server (${keyFile}): fine for a first trial, but whoever can read it can sign a helper every staff computer installs. In production sign on a release machine (HELPER_SIGNING_KEY=... npm run build:helper), copy the build here and keep only ${PUBLIC_KEY_NAME} (docs/architecture.md, "Release flow").`,
    );
  }
  return notes;
}
