/**
 * Builds the DVD burning tool, offline, from a fresh clone (the npm registry is the only network it may use, for
 * the Windows and macOS Node binaries, once):
 *
 *   npm run build:helper -- [--public-url URL] [--out DIR] [--helper-version N] [--platforms linux-x64,win-x64,darwin-x64]
 *                           [--skip-extensions]
 *
 * It writes, under DIR (default build/burner/, which the server's /denim routes serve):
 *   extension/chrome/, extension/firefox/ (unpacked), tribute-burner-chrome.zip and .crx, tribute-burner-firefox.xpi
 *   (extension/build.ts; the .crx is signed with this installation's Chrome key, extension/chrome-key.ts, kept
 *   beside the signing key or named by CHROME_EXTENSION_KEY, made at the first build; every host manifest names
 *   its id);
 *   helper/<platform>/tribute-burner[.exe] + manifest.json (the signed HelperBuildManifest the update reads);
 *   installer/tribute-burner_<v>_amd64.deb, tribute-burner-setup-<v>.exe, tribute-burner-macos-<v>.zip,
 *   linux-user-install.sh, each with <file>.sig (Ed25519, base64) beside it;
 *   policies/ (policies.ts): the browser policies that force-install the extension on managed computers.
 * Every host manifest also allows the Chrome Web Store and Edge Add-ons copies named by CHROME_STORE_EXTENSION_ID
 * and EDGE_STORE_EXTENSION_ID (comma-separated lists allowed; store-extension-ids.ts).
 * The public URL (default PUBLIC_URL, else http://127.0.0.1:PORT) is the one server the helpers may download from
 * and the origin the extensions talk to; it and the mirrors must be https (or loopback), unless ALLOW_PLAIN_HTTP=1
 * (common/secure-url.ts). The signing key: env HELPER_SIGNING_KEY, else <DATA_DIR or ./data>/keys/
 * helper-signing-ed25519.pem, made at the first build only where no public key alone says that builds are signed
 * elsewhere (signing.ts; docs/architecture.md "Release flow").
 *
 * Without --out the build goes to build/burner/<address>/ (layout.ts buildFolderName), so two servers started from
 * one checkout with different addresses keep their own builds. Every build is made in a folder beside its target
 * and renamed into place when complete: a server never serves half a build, and an interrupted build leaves the
 * last complete one served.
 * With a code-signing certificate (WINDOWS_SIGNING_PFX, authenticode.ts) the Windows helper and installer are
 * Authenticode-signed first; their SHA-256 and Ed25519 signatures are then taken over the signed bytes.
 * Expensive steps are cached by content in ~/.cache/tribute/burner (env TRIBUTE_BURNER_CACHE; cache.ts).
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HELPER_PLATFORMS, type HelperPlatform } from '../common/burn-protocol.ts';
import type { HelperBuildManifest } from '../common/helper-update.ts';
import { authenticodeConfig, signingIdentity, signPe, UNSIGNED_NOTE, type AuthenticodeConfig } from './authenticode.ts';
import { cacheKey, cached, defaultCacheDir } from './cache.ts';
import { buildAll } from '../extension/build.ts';
import { defaultChromeKeyFile, loadOrCreateChromeKey, type ChromeKey } from '../extension/chrome-key.ts';
import { buildDeb } from './deb.ts';
import { buildPolicyDeb } from './policy-deb.ts';
import { POLICY_DEB_DIR, policyDebName } from '../common/browser-policies.ts';
import { parseDownloadAlternates } from '../server/src/config.ts';
import { serverOrigin } from './helper-config.ts';
import { bundleHelper, helperExecutable } from './helper-executable.ts';
import { EXTENSION_FILES, INSTALLER_DIR, POLICIES_DIR, INSTALLER_NAMES, LINUX_USER_INSTALL_PATH, buildFolderName, helperManifestPath, helperPath, installerPath, signaturePath } from './layout.ts';
import { PLAIN_HTTP_WARNING, plainHttpAllowed, requireSecureUrl } from '../common/secure-url.ts';
import { beginStaging, type Staging } from './staging.ts';
import { buildMacZip } from './macos-zip.ts';
import { NODE_VERSION } from './node-binary.ts';
import { policyFiles } from './policies.ts';
import { buildNsisInstaller } from './nsis.ts';
import { defaultSigningKeyFile, helperManifest, loadBuildSigningKey, readKeyRotations, signBytes, type SigningKey } from './signing.ts';
import { storeExtensionIds as storeExtensionIdsFrom } from './store-extension-ids.ts';
import { userInstallScript } from './user-script.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..');
/** Where the server reads the builds from (its BURNER_BUILD_DIR, same default): one folder per address inside. */
export const DEFAULT_OUT_DIR = path.resolve(process.env.BURNER_BUILD_DIR || path.join(REPO_ROOT, 'build', 'burner'));
export const DEFAULT_HELPER_ENTRY = path.join(REPO_ROOT, 'native-host', 'src', 'main.ts');

/** The helper's version as native-host/version.json says. */
export function sourceHelperVersion(): number {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'native-host', 'version.json'), 'utf8')) as { version: number }).version;
}

export interface BuildBurnerOptions {
  /** The product's address: the server the helpers use and the origin the extensions serve. */
  publicUrl: string;
  /** Exactly this folder; default build/burner/<address> (BURNER_BUILD_DIR/<address>). */
  outDir?: string;
  /** Plain http public URL and mirrors beyond loopback are accepted; default env ALLOW_PLAIN_HTTP. */
  allowPlainHttp?: boolean;
  /** The server's download mirrors (origins); default the DOWNLOAD_ALTERNATES environment variable's. */
  mirrors?: readonly string[];
  /** Default native-host/version.json; tests build an older helper to see it update. */
  helperVersion?: number;
  /** A PEM Ed25519 private key; default HELPER_SIGNING_KEY or the data folder's key (made when missing). */
  signingKeyFile?: string;
  /** Default every platform. */
  platforms?: readonly HelperPlatform[];
  /** Build the extension packages too (default true). */
  extensions?: boolean;
  /** Default native-host/src/main.ts. */
  helperEntry?: string;
  /** Default ~/.cache/tribute/burner (TRIBUTE_BURNER_CACHE). */
  cacheDir?: string;
  /** The Windows code-signing certificate; default from the environment (authenticode.ts), null for none. */
  authenticode?: AuthenticodeConfig | null;
  /** The Chrome Web Store and Edge Add-ons ids every host manifest allows too; default the environment's (store-extension-ids.ts). */
  storeExtensionIds?: readonly string[];
  log?: (line: string) => void;
}

export interface BuildBurnerResult {
  outDir: string;
  publicUrl: string;
  helperVersion: number;
  publicKeyBase64: string;
  signingKeyFile: string;
  /** This installation's Chrome extension id (the key's), named by every host manifest. */
  chromeExtensionId: string;
  chromeKeyFile: string;
  /** The store copies' ids, allowed by every host manifest beside chromeExtensionId. */
  storeExtensionIds: string[];
  helpers: Partial<Record<HelperPlatform, { executable: string; manifest: HelperBuildManifest }>>;
  installers: Partial<Record<HelperPlatform, string>>;
  linuxUserInstall: string;
  /** Extension package files written (absolute). */
  extensions: string[];
  /** The browser policy files under policies/ (absolute). */
  policies: string[];
  /** Things a person should know (an unsigned Windows build, a missing part). */
  notes: string[];
}

/** Writes through a temporary name and a rename, so the server never serves half a file while a build runs. */
function writeAtomic(file: string, content: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
}

function copyAtomic(from: string, to: string, mode?: number): void {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, `${to}.tmp`);
  if (mode !== undefined) chmodSync(`${to}.tmp`, mode);
  renameSync(`${to}.tmp`, to);
}

/** Signs a written file: <file>.sig holds the base64 Ed25519 signature of its bytes. */
function signFile(key: SigningKey, file: string): void {
  writeAtomic(signaturePath(file), signBytes(key.privateKey, readFileSync(file)));
}

/** Everything the installers are made from besides the helper: a change to any of it makes them anew. */
function installerSources(): string {
  const files = ['deb.ts', 'nsis.ts', 'macos-zip.ts', 'user-script.ts', 'host-manifest.ts', 'store-extension-ids.ts', 'policies.ts', 'helper-config.ts', 'layout.ts', 'templates/install-user.sh'].map((name) => path.join(here, name));
  files.push(path.join(REPO_ROOT, 'common', 'burn-protocol.ts'), path.join(REPO_ROOT, 'common', 'extension-updates.ts'));
  return cacheKey(...files.map((file) => readFileSync(file)));
}

/**
 * A Windows file Authenticode-signed, cached by its bytes and the signing setup: a signature carries its signing
 * time, so signing afresh each build would change the helper's bytes and remake its installer every time.
 */
async function authenticodeSigned(file: string, config: AuthenticodeConfig, publicUrl: string, cacheDir: string): Promise<string> {
  const name = path.basename(file);
  const key = `${name}_${cacheKey(readFileSync(file), signingIdentity(config), publicUrl, readFileSync(new URL('./authenticode.ts', import.meta.url)))}`;
  return cached(cacheDir, 'authenticode', key, name, async (dir) => {
    copyFileSync(file, path.join(dir, name));
    await signPe(path.join(dir, name), config, { name: 'Tribute DVD Burner', url: publicUrl });
  }, 2);
}

/** Removes installers of other versions for a platform, so the folder holds one build. */
function removeOtherVersions(outDir: string, platform: HelperPlatform, version: number): void {
  const dir = path.join(outDir, INSTALLER_DIR);
  if (!existsSync(dir)) return;
  const keep = INSTALLER_NAMES[platform].make(version);
  for (const name of readdirSync(dir)) {
    const base = name.replace(/\.sig$/, '');
    if (base !== keep && INSTALLER_NAMES[platform].pattern.test(base)) rmSync(path.join(dir, name), { force: true });
  }
}

interface InstallerServers {
  chromeExtensionId: string;
  storeExtensionIds: readonly string[];
  publicUrl: string;
  mirrors: readonly string[];
  allowPlainHttp: boolean;
}

async function buildInstaller(platform: HelperPlatform, helper: string, helperSha: string, version: number, { chromeExtensionId, storeExtensionIds, publicUrl, mirrors, allowPlainHttp }: InstallerServers, cacheDir: string, sources: string): Promise<string> {
  const name = INSTALLER_NAMES[platform].make(version);
  const key = `${platform}_${cacheKey(helperSha, String(version), chromeExtensionId, storeExtensionIds.join(','), publicUrl, mirrors.join(' '), allowPlainHttp ? 'plain-http' : 'https', sources)}`;
  return cached(cacheDir, 'installers', key, name, async (dir) => {
    const outFile = path.join(dir, name);
    const staging = await mkdtemp(path.join(os.tmpdir(), `tribute-burner-${platform}-`));
    try {
      if (platform === 'linux-x64') await buildDeb({ helper, chromeExtensionId, storeExtensionIds, version, publicUrl, mirrors, allowPlainHttp, stagingDir: staging, outFile });
      else if (platform === 'win-x64') await buildNsisInstaller({ helper, chromeExtensionId, storeExtensionIds, version, publicUrl, mirrors, allowPlainHttp, stagingDir: staging, outFile });
      else writeFileSync(outFile, await buildMacZip({ helper, chromeExtensionId, storeExtensionIds, version, publicUrl, mirrors, allowPlainHttp }));
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }, 3);
}

/** Builds the extension packages with extension/build.ts (same versions as the helper, signed with chromeKey). */
async function buildExtensions(publicUrl: string, outDir: string, helperVersion: number, chromeKey: ChromeKey): Promise<string[]> {
  const files: string[] = [];
  for (const result of await buildAll(publicUrl, outDir, { helperVersion, chromeKey })) files.push(...result.files);
  return files;
}

export async function buildBurner(options: BuildBurnerOptions): Promise<BuildBurnerResult> {
  const log = options.log ?? (() => {});
  const publicUrl = serverOrigin(options.publicUrl);
  const mirrors = (options.mirrors ?? Object.values(parseDownloadAlternates(process.env.DOWNLOAD_ALTERNATES))).map(serverOrigin);
  const allowPlainHttp = options.allowPlainHttp ?? plainHttpAllowed(process.env);
  requireSecureUrl(publicUrl, 'PUBLIC_URL (--public-url)', allowPlainHttp);
  for (const mirror of mirrors) requireSecureUrl(mirror, 'DOWNLOAD_ALTERNATES', allowPlainHttp);
  if (allowPlainHttp) log(PLAIN_HTTP_WARNING);
  const finalDir = path.resolve(options.outDir ?? path.join(DEFAULT_OUT_DIR, buildFolderName(publicUrl)));
  const helperVersion = options.helperVersion ?? sourceHelperVersion();
  if (!Number.isSafeInteger(helperVersion) || helperVersion < 1) throw new Error(`The helper version must be a whole number from 1, not ${helperVersion}.`);
  const platforms = options.platforms ?? HELPER_PLATFORMS;
  for (const platform of platforms) if (!HELPER_PLATFORMS.includes(platform)) throw new Error(`Unknown platform ${platform}: use ${HELPER_PLATFORMS.join(', ')}.`);
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const key = loadBuildSigningKey(options.signingKeyFile ?? defaultSigningKeyFile(), options.signingKeyFile === undefined && Boolean(process.env.HELPER_SIGNING_KEY));
  if (key.created) log(`made a new signing key: ${key.file} (keep it: installed helpers accept updates signed with it only). Fine for a first trial; in production sign on a release machine (docs/architecture.md, "Release flow").`);
  const rotations = readKeyRotations(key.file);
  const chromeKeyPlace = defaultChromeKeyFile(key.file);
  const chromeKey = loadOrCreateChromeKey(chromeKeyPlace.file, chromeKeyPlace.explicit);
  if (chromeKey.created) log(`made this installation's Chrome extension key: ${chromeKey.file} (keep it beside the signing key: the extension id ${chromeKey.extensionId} follows from it).`);
  const storeExtensionIds = [...(options.storeExtensionIds ?? storeExtensionIdsFrom())];
  if (storeExtensionIds.length) log(`the host manifests also allow the store extension ids ${storeExtensionIds.join(', ')}.`);
  const notes: string[] = [];
  const authenticode = options.authenticode === undefined ? authenticodeConfig() : options.authenticode;
  if (platforms.includes('win-x64')) notes.push(authenticode ? `The Windows helper and installer are Authenticode-signed with ${authenticode.pfx}${authenticode.timestampUrl ? `, timestamped by ${authenticode.timestampUrl}` : ' (no timestamp)'}.` : UNSIGNED_NOTE);
  // Everything is written into a folder beside the target, then renamed into place (staging.ts).
  const staging: Staging = beginStaging(finalDir);
  const outDir = staging.dir;
  try {
    const result = await buildInto(outDir, { publicUrl, storeExtensionIds, mirrors, allowPlainHttp, helperVersion, platforms, cacheDir, key, chromeKey, rotations, authenticode, notes, log, options });
    staging.commit();
    return relocate(result, outDir, finalDir);
  } catch (error) {
    staging.abandon();
    throw error;
  }
}

/** The result with its paths moved from the staging folder to the final one. */
function relocate(result: BuildBurnerResult, from: string, to: string): BuildBurnerResult {
  const move = (file: string) => (file.startsWith(from) ? to + file.slice(from.length) : file);
  const helpers: BuildBurnerResult['helpers'] = {};
  for (const [platform, helper] of Object.entries(result.helpers)) helpers[platform as HelperPlatform] = { ...helper, executable: move(helper.executable) };
  const installers: BuildBurnerResult['installers'] = {};
  for (const [platform, file] of Object.entries(result.installers)) installers[platform as HelperPlatform] = move(file);
  return { ...result, outDir: to, helpers, installers, linuxUserInstall: move(result.linuxUserInstall), extensions: result.extensions.map(move), policies: result.policies.map(move) };
}

interface BuildContext {
  publicUrl: string;
  storeExtensionIds: string[];
  mirrors: string[];
  allowPlainHttp: boolean;
  helperVersion: number;
  platforms: readonly HelperPlatform[];
  cacheDir: string;
  key: SigningKey;
  chromeKey: ChromeKey;
  rotations: HelperBuildManifest['rotations'];
  authenticode: ReturnType<typeof authenticodeConfig>;
  notes: string[];
  log: (line: string) => void;
  options: BuildBurnerOptions;
}

async function buildInto(outDir: string, { publicUrl, storeExtensionIds, mirrors, allowPlainHttp, helperVersion, platforms, cacheDir, key, chromeKey, rotations, authenticode, notes, log, options }: BuildContext): Promise<BuildBurnerResult> {
  const result: BuildBurnerResult = { outDir, publicUrl, helperVersion, publicKeyBase64: key.publicKeyBase64, signingKeyFile: key.file, chromeExtensionId: chromeKey.extensionId, chromeKeyFile: chromeKey.file, storeExtensionIds, helpers: {}, installers: {}, linuxUserInstall: '', extensions: [], policies: [], notes };

  const writeUserScript = () => {
    const userScript = path.join(outDir, LINUX_USER_INSTALL_PATH);
    writeAtomic(userScript, userInstallScript({ publicUrl, chromeExtensionId: chromeKey.extensionId, storeExtensionIds, mirrors, helperVersion, bundled: false, allowPlainHttp }));
    signFile(key, userScript);
    result.linuxUserInstall = userScript;
  };

  if (options.extensions !== false) result.extensions = await buildExtensions(publicUrl, outDir, helperVersion, chromeKey);

  if (platforms.length) {
    const script = await bundleHelper({ entry: options.helperEntry ?? DEFAULT_HELPER_ENTRY, version: helperVersion, publicKeyBase64: key.publicKeyBase64 });
    const sources = installerSources();
    for (const platform of platforms) {
      let built = await helperExecutable(platform, script, cacheDir, log);
      const signed = platform === 'win-x64' && authenticode !== null;
      if (signed) built = await authenticodeSigned(built, authenticode, publicUrl, cacheDir);
      const executable = path.join(outDir, helperPath(platform));
      copyAtomic(built, executable, 0o755);
      const bytes = readFileSync(executable);
      const manifest = { ...helperManifest(key.privateKey, platform, helperVersion, bytes, rotations), ...(platform === 'win-x64' ? { authenticode: signed } : {}) };
      writeAtomic(path.join(outDir, helperManifestPath(platform)), `${JSON.stringify(manifest, null, 2)}\n`);
      result.helpers[platform] = { executable, manifest };

      log(`making the ${platform} installer`);
      let installer = await buildInstaller(platform, executable, manifest.sha256, helperVersion, { chromeExtensionId: chromeKey.extensionId, storeExtensionIds, publicUrl, mirrors, allowPlainHttp }, cacheDir, sources);
      if (signed) installer = await authenticodeSigned(installer, authenticode, publicUrl, cacheDir);
      const target = path.join(outDir, installerPath(platform, helperVersion));
      copyAtomic(installer, target);
      signFile(key, target);
      removeOtherVersions(outDir, platform, helperVersion);
      result.installers[platform] = target;
      if (platform === 'linux-x64') writeUserScript();
    }
  }

  if (!result.linuxUserInstall) writeUserScript();

  // The browser policies that force-install the extension from this server on managed computers (policies.ts).
  for (const [relative, content] of Object.entries(policyFiles({ chromeExtensionId: chromeKey.extensionId, publicUrl }))) {
    const file = path.join(outDir, POLICIES_DIR, relative);
    writeAtomic(file, content);
    result.policies.push(file);
  }
  // Debian and Ubuntu: the same policies as a package IT installs beside the helper's (policy-deb.ts).
  if (platforms.includes('linux-x64')) {
    const staging = await mkdtemp(path.join(os.tmpdir(), 'tribute-burner-policies-'));
    try {
      const name = policyDebName(helperVersion);
      const built = await buildPolicyDeb({ chromeExtensionId: chromeKey.extensionId, publicUrl, version: helperVersion, stagingDir: staging, outFile: path.join(staging, name) });
      const file = path.join(outDir, POLICIES_DIR, POLICY_DEB_DIR, name);
      copyAtomic(built, file);
      result.policies.push(file);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  writeAtomic(
    path.join(outDir, 'build-info.json'),
    `${JSON.stringify({ publicUrl, helperVersion, node: NODE_VERSION, platforms, publicKey: key.publicKeyBase64, chromeExtensionId: chromeKey.extensionId, storeExtensionIds, allowPlainHttp, builtAt: new Date().toISOString(), extensions: result.extensions.map((file) => path.relative(outDir, file)), notes }, null, 2)}\n`,
  );
  return result;
}

// ------------------------------------------------------------------------------------------------- command line

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'public-url': { type: 'string' },
      out: { type: 'string' },
      'helper-version': { type: 'string' },
      platforms: { type: 'string' },
      'skip-extensions': { type: 'boolean', default: false },
    },
  });
  const publicUrl = values['public-url'] ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const platforms = values.platforms ? (values.platforms.split(',').map((p) => p.trim()).filter(Boolean) as HelperPlatform[]) : undefined;
  const started = Date.now();
  const result = await buildBurner({
    publicUrl,
    outDir: values.out,
    helperVersion: values['helper-version'] === undefined ? undefined : Number(values['helper-version']),
    platforms,
    extensions: !values['skip-extensions'],
    log: (line) => console.log(line),
  });
  const show = (file: string) => {
    const relative = path.relative(process.cwd(), file);
    return relative && !relative.startsWith('..') ? relative : file;
  };
  console.log(`\nBuilt the DVD burning tool (helper version ${result.helperVersion}) for ${result.publicUrl} in ${Math.round((Date.now() - started) / 1000)} s:`);
  for (const file of result.extensions) console.log(`  ${show(file)}`);
  for (const [platform, helper] of Object.entries(result.helpers)) console.log(`  ${show(helper.executable)} (${platform}, ${helper.manifest.size} bytes, sha256 ${helper.manifest.sha256.slice(0, 16)}...)`);
  for (const installer of Object.values(result.installers)) console.log(`  ${show(installer)} (+ .sig)`);
  console.log(`  ${show(result.linuxUserInstall)} (+ .sig)`);
  console.log(`  ${show(path.join(result.outDir, POLICIES_DIR))}/ (browser policies for managed computers: ${result.policies.length} files)`);
  console.log(`Signed with ${result.signingKeyFile}; the Chrome extension (id ${result.chromeExtensionId}) with ${result.chromeKeyFile}.`);
  for (const note of result.notes) console.log(`Note: ${note}`);
  if (!existsSync(path.join(result.outDir, EXTENSION_FILES.firefoxXpi))) console.log('Note: no extension packages in this build.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
