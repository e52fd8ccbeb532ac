/**
 * The burn extension's store uploads, from the build `npm run build:helper` made for this server (issue 29.2):
 *
 *   npm run release:extensions -- [--public-url URL] [--build DIR] [--out DIR]
 *
 * writes under DIR (default release/extensions/):
 *   chrome-web-store/tribute-burner-chrome-<v>.zip        the Chrome Web Store and Edge Add-ons upload (no "key", no update_url)
 *   addons.mozilla.org/tribute-burner-firefox-<v>.xpi     the Firefox package as built
 *   addons.mozilla.org/tribute-burner-firefox-<v>-source.zip   the source archive AMO review asks for
 * With WEB_EXT_API_KEY and WEB_EXT_API_SECRET set it signs the .xpi on addons.mozilla.org as unlisted
 * (extension/amo-sign.ts) and puts the signed package into the build (installer/layout.ts firefoxSignedXpi), which
 * /denim then serves to Firefox in place of the unsigned one; without them it says which is missing.
 *
 * The build must be this checkout's: the Firefox package is rebuilt here and compared byte for byte first, so the
 * source archive rebuilds exactly what is submitted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AMO_CREDENTIALS, AMO_KEY_PAGE, amoSignCommand, missingAmoCredentials, type Command } from '../extension/amo-sign.ts';
import { buildExtension, packageExtension, sourceHelperVersion, zipDirectory } from '../extension/build.ts';
import { amoSourceArchive, amoSourceFiles, amoSourceReadme, chromeStoreManifest } from '../extension/store-release.ts';
import { DEFAULT_OUT_DIR, REPO_ROOT } from '../installer/build.ts';
import { serverOrigin } from '../installer/helper-config.ts';
import { EXTENSION_FILES, buildFolderName, firefoxSignedXpi } from '../installer/layout.ts';

export const DEFAULT_RELEASE_DIR = path.join(REPO_ROOT, 'release', 'extensions');
export const STORE_DIRS = { chrome: 'chrome-web-store', amo: 'addons.mozilla.org' } as const;
const WEB_EXT = path.join(REPO_ROOT, 'node_modules', 'web-ext', 'bin', 'web-ext.js');

export interface ReleaseOptions {
  publicUrl: string;
  /** The build to release; default this address's folder under build/burner (as the server finds it). */
  buildDir?: string;
  /** Default release/extensions/. */
  outDir?: string;
  /** Where the AMO credentials come from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Runs the signing command; default spawns it (the network part: addons.mozilla.org). */
  run?: (command: Command) => Promise<void>;
  log?: (line: string) => void;
}

export interface ReleaseResult {
  /** The uploads written (absolute). */
  written: string[];
  /** The signed .xpi placed in the build, or null. */
  signed: string | null;
  /** Why nothing was signed, or null when signed. */
  notSigned: string | null;
}

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** The build folder the server serves for this address (installer/layout.ts buildFolderName), as it finds it. */
export function defaultBuildDir(publicUrl: string): string {
  const own = path.join(DEFAULT_OUT_DIR, buildFolderName(publicUrl));
  return existsSync(own) ? own : DEFAULT_OUT_DIR;
}

/** The names inside a zip (unzip is in every Linux distribution and macOS). */
function zipNames(file: string): string[] {
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/**
 * Puts an addons.mozilla.org-signed .xpi into the build under the name /denim serves, after checking it is one:
 * Mozilla's signature files in META-INF/ and the version the build's Firefox extension has.
 */
export function placeSignedXpi(buildDir: string, signedXpi: string): string {
  const version = String(readJson(path.join(buildDir, EXTENSION_FILES.firefoxUnpacked, 'manifest.json')).version);
  const names = zipNames(signedXpi);
  if (!names.some((name) => /^META-INF\/(mozilla\.rsa|cose\.sig)$/.test(name))) throw new Error(`${signedXpi} carries no Mozilla signature (META-INF/mozilla.rsa, cose.sig): not an addons.mozilla.org-signed package.`);
  const signedVersion = String((JSON.parse(execFileSync('unzip', ['-p', signedXpi, 'manifest.json'], { encoding: 'utf8' })) as Json).version);
  if (signedVersion !== version) throw new Error(`${signedXpi} is version ${signedVersion}; the build's Firefox extension is ${version}.`);
  const target = path.join(buildDir, firefoxSignedXpi(version));
  copyFileSync(signedXpi, `${target}.tmp`);
  renameSync(`${target}.tmp`, target);
  return target;
}

/** Runs a command to its end with its output shown; fails with its exit code. */
function spawnCommand({ command, args, cwd, env }: Command): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`web-ext sign ended with exit code ${code}.`))));
  });
}

/** Checks that this checkout makes the build's Firefox package, byte for byte (the source archive must rebuild it). */
async function checkReproducible(buildDir: string, publicUrl: string): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'release-extensions-'));
  try {
    const dir = await buildExtension({ browser: 'firefox', publicUrl, outDir: path.join(work, 'firefox'), helperVersion: sourceHelperVersion() });
    const xpi = path.join(work, EXTENSION_FILES.firefoxXpi);
    await packageExtension({ browser: 'firefox', dir, outFile: xpi });
    if (!readFileSync(xpi).equals(readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxXpi)))) {
      throw new Error(`The Firefox package in ${buildDir} is not what this checkout builds for ${publicUrl} (another version, address or source): run npm run build:helper again, so the source archive rebuilds what is submitted.`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function releaseExtensions(options: ReleaseOptions): Promise<ReleaseResult> {
  const log = options.log ?? (() => {});
  const env = options.env ?? process.env;
  const publicUrl = serverOrigin(options.publicUrl);
  const buildDir = path.resolve(options.buildDir ?? defaultBuildDir(publicUrl));
  const outDir = path.resolve(options.outDir ?? DEFAULT_RELEASE_DIR);
  const chromeDir = path.join(buildDir, EXTENSION_FILES.chromeUnpacked);
  const firefoxDir = path.join(buildDir, EXTENSION_FILES.firefoxUnpacked);
  for (const file of [path.join(chromeDir, 'manifest.json'), path.join(firefoxDir, 'manifest.json'), path.join(buildDir, EXTENSION_FILES.firefoxXpi)]) {
    if (!existsSync(file)) throw new Error(`No extension build in ${buildDir} (${path.relative(buildDir, file)} is missing): run npm run build:helper with the same PUBLIC_URL (${publicUrl}) first.`);
  }
  await checkReproducible(buildDir, publicUrl);
  const written: string[] = [];
  const write = (file: string, bytes: Buffer) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    written.push(file);
  };

  // Chrome Web Store and Edge Add-ons: the Chrome build without "key" and update_url.
  const chromeManifest = readJson(path.join(chromeDir, 'manifest.json'));
  const storeCopy = mkdtempSync(path.join(os.tmpdir(), 'chrome-store-'));
  try {
    cpSync(chromeDir, storeCopy, { recursive: true });
    writeFileSync(path.join(storeCopy, 'manifest.json'), `${JSON.stringify(chromeStoreManifest(chromeManifest), null, 2)}\n`);
    write(path.join(outDir, STORE_DIRS.chrome, `tribute-burner-chrome-${String(chromeManifest.version)}.zip`), await zipDirectory(storeCopy));
  } finally {
    rmSync(storeCopy, { recursive: true, force: true });
  }

  // addons.mozilla.org: the .xpi and its source archive.
  const version = String(readJson(path.join(firefoxDir, 'manifest.json')).version);
  const amoDir = path.join(outDir, STORE_DIRS.amo);
  const xpiName = `tribute-burner-firefox-${version}.xpi`;
  const xpi = path.join(amoDir, xpiName);
  write(xpi, readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxXpi)));
  const sourceArchive = path.join(amoDir, `tribute-burner-firefox-${version}-source.zip`);
  write(sourceArchive, await amoSourceArchive(REPO_ROOT, await amoSourceFiles(REPO_ROOT), amoSourceReadme({ version, publicUrl, xpiName })));
  for (const file of written) log(`wrote ${file}`);

  const servedSigned = path.join(buildDir, firefoxSignedXpi(version));
  if (existsSync(servedSigned)) {
    // addons.mozilla.org signs each version once.
    log(`${path.basename(servedSigned)} is already in the build: /denim serves the signed package of ${version}; not signing it again.`);
    return { written, signed: servedSigned, notSigned: null };
  }
  const missing = missingAmoCredentials(env);
  if (missing.length) {
    const notSigned = `Not signed for release Firefox: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set (addons.mozilla.org API credentials: ${AMO_KEY_PAGE}). Set ${AMO_CREDENTIALS.join(' and ')} and run npm run release:extensions again; until then /denim serves the unsigned .xpi, which only Firefox ESR with the managed policy installs.`;
    log(notSigned);
    return { written, signed: null, notSigned };
  }

  // web-ext writes the add-on's id and the upload's id into the source folder: a kept copy, so a retry resumes.
  const signing = path.join(amoDir, 'signing', version);
  const sourceDir = path.join(signing, 'source');
  const artifactsDir = path.join(signing, 'signed');
  cpSync(firefoxDir, sourceDir, { recursive: true });
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  const command = amoSignCommand({ webExt: WEB_EXT, sourceDir, artifactsDir, sourceArchive, cwd: outDir, env });
  log(`signing ${xpiName} on addons.mozilla.org (unlisted): ${[command.command, ...command.args].join(' ')}`);
  await (options.run ?? spawnCommand)(command);
  const downloaded = readdirSync(artifactsDir).filter((name) => name.endsWith('.xpi'));
  if (downloaded.length !== 1) throw new Error(`web-ext sign left ${downloaded.length} .xpi files in ${artifactsDir}, not one.`);
  const signedCopy = path.join(amoDir, `tribute-burner-firefox-${version}-signed.xpi`);
  copyFileSync(path.join(artifactsDir, downloaded[0]!), signedCopy);
  written.push(signedCopy);
  const signed = placeSignedXpi(buildDir, signedCopy);
  log(`signed: ${signedCopy}; /denim now serves it to Firefox (${signed}).`);
  return { written, signed, notSigned: null };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'public-url': { type: 'string' }, build: { type: 'string' }, out: { type: 'string' } } });
  const publicUrl = values['public-url'] ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const result = await releaseExtensions({ publicUrl, buildDir: values.build, outDir: values.out, log: (line) => console.log(line) });
  console.log(`\nStore uploads for ${serverOrigin(publicUrl)}:`);
  for (const file of result.written) console.log(`  ${path.relative(process.cwd(), file) || file}`);
  console.log('Chrome Web Store and Edge Add-ons: upload the chrome-web-store zip; then set CHROME_STORE_EXTENSION_ID / EDGE_STORE_EXTENSION_ID to the ids the stores give it and run npm run build:helper, so the helper accepts the store copies.');
  // Why nothing was signed was logged above, where it happened.
  if (result.signed) console.log(`Firefox: /denim serves the addons.mozilla.org-signed package (${result.signed}).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
