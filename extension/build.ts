/**
 * Builds the burn extension for one browser and packages it (offline: esbuild, sharp and yazl are installed).
 *
 *   buildExtension({ browser, publicUrl, outDir, chromeKey })  -> outDir holds the unpacked extension (load it as is)
 *   packageExtension({ browser, dir, outFile, chromeKey })     -> Chrome: outFile (.zip) and the .crx beside it,
 *                                                                signed with this installation's key; Firefox: .xpi
 *
 * The product's PUBLIC_URL is fixed in at build time: the content script matches only its origin, the burn window
 * opens under it, and the manifests' update_url (Chrome) and gecko.update_url (Firefox) point at its
 * /denim/updates/ routes (common/extension-updates.ts), so installed extensions update themselves (Firefox: https
 * addresses only). Versions are
 * extension/version.json's major.minor with the helper's version as the third number: the helper and the
 * extension move together, and a build with a higher helper version is offered to installed extensions. The
 * Chrome id follows from this installation's key (chrome-key.ts). Run it too:
 *   node --import tsx extension/build.ts --browser chrome|firefox|all --public-url URL [--out DIR]
 * which writes DIR/extension/<browser>/ and DIR/tribute-burner-<browser>.{zip,crx,xpi} (DIR: build/burner).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import sharp from 'sharp';
import yazl from 'yazl';
import { zipBuffer } from '../scripts/lib/zip-buffer.ts';
import { FIREFOX_EXTENSION_ID, type ExtensionBrowser } from '../common/burn-protocol.ts';
import { chromeUpdateUrl, firefoxUpdateUrl } from '../common/extension-updates.ts';
import { defaultSigningKeyFile } from '../installer/signing.ts';
import { defaultChromeKeyFile, loadOrCreateChromeKey, type ChromeKey } from './chrome-key.ts';
import { createCrx3 } from './crx.ts';
import { MIN_CHROME_VERSION, MIN_FIREFOX_VERSION } from '../common/burn-support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export const EXTENSION_BROWSERS: readonly ExtensionBrowser[] = ['chrome', 'firefox'];
export const ICON_SIZES = [16, 32, 48, 128] as const;

/** The file names the build writes (the installer's layout and the /denim routes use them). */
export const PACKAGE_NAMES = {
  chromeZip: 'tribute-burner-chrome.zip',
  chromeCrx: 'tribute-burner-chrome.crx',
  firefoxXpi: 'tribute-burner-firefox.xpi',
} as const;

/** The helper's version (native-host/version.json), the third number of the extensions' versions. */
export function sourceHelperVersion(): number {
  return (JSON.parse(readFileSync(path.join(here, '..', 'native-host', 'version.json'), 'utf8')) as { version: number }).version;
}

/**
 * The version a build carries: version.json's major.minor (spec 3 section 9: the burn window needs at least 1.6
 * Chrome, 1.7 Firefox) and the helper's version, e.g. 1.6.7 with helper 7.
 */
export function extensionVersion(browser: ExtensionBrowser, helperVersion = sourceHelperVersion()): string {
  const versions = JSON.parse(readFileSync(path.join(here, 'version.json'), 'utf8')) as Record<ExtensionBrowser, string>;
  if (!/^\d+\.\d+$/.test(versions[browser])) throw new Error(`extension/version.json: ${browser} must be major.minor, not ${versions[browser]}.`);
  if (!Number.isSafeInteger(helperVersion) || helperVersion < 0) throw new Error(`The helper version must be a whole number, not ${helperVersion}.`);
  return `${versions[browser]}.${helperVersion}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key; anything else (arrays included) in the override replaces the base. */
function merge(base: Json, override: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(override)) out[key] = isObject(value) && isObject(out[key]) ? merge(out[key] as Json, value) : value;
  return out;
}

const readJson = (name: string): Json => JSON.parse(readFileSync(path.join(here, name), 'utf8')) as Json;

/** PUBLIC_URL checked and without its trailing slash. */
function normalPublicUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be http(s): ${publicUrl}`);
  return publicUrl.replace(/\/+$/, '');
}

/**
 * The content script's match pattern for the product's origin. Chrome's patterns name the port; Firefox's cannot
 * (they match every port of the host), so there the content script itself checks the exact origin.
 */
export function originMatchPattern(publicUrl: string, browser: ExtensionBrowser): string {
  const url = new URL(publicUrl);
  const port = browser === 'chrome' && url.port ? `:${url.port}` : '';
  return `${url.protocol}//${url.hostname}${port}/*`;
}

export interface ManifestOptions {
  /** Default native-host/version.json's. */
  helperVersion?: number;
  /** Chrome: this installation's public key (base64 SPKI DER), the manifest's "key" that fixes the id. */
  chromeKeyBase64?: string;
}

/**
 * The manifest for a browser: base + that browser's overrides, its version, the product's origin and the update
 * address. The Chrome manifest carries the installation's public key as "key", so the unpacked build has the same
 * id as the .crx (Chrome drops "key" from a packed extension's manifest; the store uploads leave it out).
 */
export function extensionManifest(browser: ExtensionBrowser, publicUrl: string, { helperVersion, chromeKeyBase64 }: ManifestOptions = {}): Json {
  const manifest = merge(readJson('manifest.base.json'), readJson(`manifest.${browser}.json`));
  manifest.version = extensionVersion(browser, helperVersion);
  const scripts = manifest.content_scripts as Json[];
  manifest.content_scripts = scripts.map((script) => ({ ...script, matches: [originMatchPattern(publicUrl, browser)] }));
  if (browser === 'chrome') {
    if (!chromeKeyBase64) throw new Error('The Chrome build needs the installation\'s extension key (chrome-key.ts).');
    manifest.key = chromeKeyBase64;
    manifest.update_url = chromeUpdateUrl(publicUrl);
  } else {
    const gecko = ((manifest.browser_specific_settings as Json).gecko ?? {}) as Json;
    if (gecko.id !== FIREFOX_EXTENSION_ID) throw new Error(`manifest.firefox.json's gecko id is not FIREFOX_EXTENSION_ID ${FIREFOX_EXTENSION_ID}.`);
    // Firefox takes only an https update address (an http one makes it mark the add-on incompatible): a build for
    // a plain http address (loopback trials) has none and is updated by reinstalling.
    if (new URL(publicUrl).protocol === 'https:') (manifest.browser_specific_settings as Json).gecko = { ...gecko, update_url: firefoxUpdateUrl(publicUrl) };
  }
  return manifest;
}

/** A blank disc seen from above: silver with a rainbow sheen, the hole in the middle, the product's blue ring. */
const DISC_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e8eef7"/><stop offset="0.35" stop-color="#b9c8f0"/>
      <stop offset="0.55" stop-color="#f3d9f0"/><stop offset="0.75" stop-color="#cdeede"/><stop offset="1" stop-color="#9aa8bd"/>
    </linearGradient>
  </defs>
  <circle cx="64" cy="64" r="60" fill="url(#sheen)" stroke="#1f4e8c" stroke-width="6"/>
  <circle cx="64" cy="64" r="22" fill="#ffffff" fill-opacity="0.7" stroke="#1f4e8c" stroke-width="3"/>
  <circle cx="64" cy="64" r="9" fill="#ffffff" stroke="#1f4e8c" stroke-width="3"/>
</svg>`;

async function writeIcons(outDir: string): Promise<void> {
  mkdirSync(path.join(outDir, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) {
    await sharp(Buffer.from(DISC_SVG), { density: Math.max(72, (72 * size) / 128) * 2 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(outDir, 'icons', `${size}.png`));
  }
}

export interface BuildExtensionOptions {
  browser: ExtensionBrowser;
  /** The product's PUBLIC_URL, e.g. 'https://app.example.com' or 'http://127.0.0.1:8080'. */
  publicUrl: string;
  /** Emptied and filled with the unpacked extension. */
  outDir: string;
  /** Default native-host/version.json's. */
  helperVersion?: number;
  /** Chrome: this installation's key (chrome-key.ts). */
  chromeKey?: ChromeKey;
}

/** Builds the unpacked extension into outDir and answers outDir. */
export async function buildExtension({ browser, publicUrl, outDir, helperVersion, chromeKey }: BuildExtensionOptions): Promise<string> {
  const url = normalPublicUrl(publicUrl);
  const manifest = extensionManifest(browser, url, { helperVersion, chromeKeyBase64: chromeKey?.publicKeyBase64 });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: { background: path.join(here, 'src/background.ts'), 'content-script': path.join(here, 'src/content-script.ts') },
    outdir: outDir,
    // The bundles name their source files in comments, relative to this folder and with node_modules as the
    // checkout has it (not where a linked node_modules really is): the same code gives the same bytes wherever
    // and from whatever folder it is built, which the source archive for addons.mozilla.org review relies on.
    absWorkingDir: path.join(here, '..'),
    preserveSymlinks: true,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // The browsers the manifests accept (common/burn-support.ts reads their minimums): no syntax newer than those.
    target: browser === 'chrome' ? `chrome${MIN_CHROME_VERSION}` : `firefox${MIN_FIREFOX_VERSION}`,
    // Reviewers (addons.mozilla.org, the Chrome Web Store) read the code: keep it readable.
    minify: false,
    legalComments: 'inline',
    define: { __BURN_PUBLIC_URL__: JSON.stringify(url), __BURN_BROWSER__: JSON.stringify(browser) },
    logLevel: 'warning',
  });
  await writeIcons(outDir);
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return outDir;
}

/** Every file under dir, relative, with / separators, sorted (the package's order does not depend on the disk). */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, relative) : [relative];
    })
    .sort();
}

/** Zips an unpacked extension (manifest.json at the root), with fixed dates so a rebuild gives the same bytes. */
export function zipDirectory(dir: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2020-01-01T00:00:00Z');
  for (const file of listFiles(dir)) zip.addFile(path.join(dir, file), file, { mtime, mode: 0o100644 });
  return zipBuffer(zip);
}

/** This installation's Chrome key: env CHROME_EXTENSION_KEY, else beside the helper's signing key, made when missing. */
export function defaultChromeKey(signingKeyFile = defaultSigningKeyFile()): ChromeKey {
  const { file, explicit } = defaultChromeKeyFile(signingKeyFile);
  return loadOrCreateChromeKey(file, explicit);
}

export interface PackageExtensionOptions {
  browser: ExtensionBrowser;
  /** An unpacked build (buildExtension's outDir). */
  dir: string;
  /** Chrome: the .zip to write (the .crx goes beside it, same name); Firefox: the .xpi to write. */
  outFile: string;
  /** Chrome: this installation's key (chrome-key.ts), which signs the .crx. */
  chromeKey?: ChromeKey;
}

export interface PackagedExtension {
  /** Every file written. */
  files: string[];
  /** The .crx written, or null (Firefox). */
  crx: string | null;
}

function writeFileAtomic(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, bytes);
  // A rename, so the server never serves half a package while a build runs.
  renameSync(`${file}.tmp`, file);
}

/** Packages an unpacked build: Chrome .zip and .crx (signed with the installation's key), Firefox .xpi. */
export async function packageExtension({ browser, dir, outFile, chromeKey }: PackageExtensionOptions): Promise<PackagedExtension> {
  if (!existsSync(path.join(dir, 'manifest.json'))) throw new Error(`${dir} holds no built extension (manifest.json).`);
  const zip = await zipDirectory(dir);
  writeFileAtomic(outFile, zip);
  if (browser === 'firefox') return { files: [outFile], crx: null };
  if (!chromeKey) throw new Error('Packaging the Chrome extension needs the installation\'s key (chrome-key.ts).');
  const crx = outFile.replace(/\.zip$/i, '') + '.crx';
  writeFileAtomic(crx, createCrx3(zip, chromeKey.privateKey));
  return { files: [outFile, crx], crx };
}

export interface BuildAllOptions {
  browsers?: readonly ExtensionBrowser[];
  helperVersion?: number;
  /** Default defaultChromeKey(). */
  chromeKey?: ChromeKey;
}

/** Builds and packages both browsers the way build/burner/ lays them out. */
export async function buildAll(publicUrl: string, outDir: string, options: BuildAllOptions = {}): Promise<PackagedExtension[]> {
  const browsers = options.browsers ?? EXTENSION_BROWSERS;
  const chromeKey = browsers.includes('chrome') ? (options.chromeKey ?? defaultChromeKey()) : undefined;
  const results: PackagedExtension[] = [];
  for (const browser of browsers) {
    const dir = await buildExtension({ browser, publicUrl, outDir: path.join(outDir, 'extension', browser), helperVersion: options.helperVersion, chromeKey });
    const outFile = path.join(outDir, browser === 'chrome' ? PACKAGE_NAMES.chromeZip : PACKAGE_NAMES.firefoxXpi);
    results.push(await packageExtension({ browser, dir, outFile, chromeKey }));
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { browser: { type: 'string', default: 'all' }, 'public-url': { type: 'string' }, out: { type: 'string' } },
  });
  const publicUrl = values['public-url'] ?? process.env.PUBLIC_URL;
  if (!publicUrl) throw new Error('Give the product address: --public-url URL (or env PUBLIC_URL).');
  const browsers = values.browser === 'all' ? EXTENSION_BROWSERS : EXTENSION_BROWSERS.filter((b) => b === values.browser);
  if (!browsers.length) throw new Error(`--browser must be chrome, firefox or all, not ${values.browser}.`);
  const outDir = path.resolve(values.out ?? path.join(here, '..', 'build', 'burner'));
  const chromeKey = browsers.includes('chrome') ? defaultChromeKey() : undefined;
  if (chromeKey?.created) console.log(`made this installation's Chrome extension key: ${chromeKey.file} (keep it: the extension id ${chromeKey.extensionId} follows from it).`);
  for (const result of await buildAll(publicUrl, outDir, { browsers, chromeKey })) {
    for (const file of result.files) console.log(`built ${path.relative(process.cwd(), file)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
