/**
 * The burner build the burn tests install: built once per source hash with a test signing key, cached, and served by
 * the app (or served spoiled, to test refused updates).
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type HelperBuildManifest } from '../../common/helper-update.ts';
import { CHROME_KEY_NAME, extensionIdOfManifest } from '../../extension/chrome-key.ts';
import { projectRoot } from '../../server/src/config.ts';
import { type BurnApp } from './burn-app.ts';

export const CACHE_DIR = path.join(os.homedir(), '.cache', 'tribute', 'burner-e2e');

export function testSigningKeys(): { keyFile: string; rogueKeyFile: string } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const make = (name: string) => {
    const file = path.join(CACHE_DIR, name);
    if (!existsSync(file)) {
      const { privateKey } = generateKeyPairSync('ed25519');
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    return file;
  };
  return { keyFile: make('test-signing-ed25519.pem'), rogueKeyFile: make('rogue-signing-ed25519.pem') };
}

/** Hashes the sources a burner build is made from, so a cached build is reused only while they are unchanged. */
function sourceHash(extra: string): string {
  const hash = createHash('sha256').update(extra);
  const skip = new Set(['node_modules', 'build', 'dist', '.cache']);
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (skip.has(name)) continue;
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (/\.test\.ts$/.test(name) === false) hash.update(path.relative(projectRoot, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const dir of ['native-host', 'extension', 'installer']) walk(path.join(projectRoot, dir));
  for (const file of ['common/burn-protocol.ts', 'common/helper-update.ts']) hash.update(readFileSync(path.join(projectRoot, file)));
  return hash.digest('hex').slice(0, 20);
}

export interface BuildOptions {
  publicUrl: string;
  helperVersion?: number;
  /** Build the extension packages too (default true; an older helper's build for the update tests needs none). */
  extensions?: boolean;
}

/**
 * A burner build (installer/build.ts buildBurner) for linux-x64 signed with the test key, from the cache when the
 * sources, the public address and the version are unchanged (~/.cache/tribute/burner-e2e/<hash>/).
 */
export async function cachedBurnerBuild(options: BuildOptions): Promise<string> {
  const { keyFile } = testSigningKeys();
  // The build makes its Chrome key beside the signing key at first (extension/chrome-key.ts): a new one is a new build.
  const chromeKeyFile = path.join(CACHE_DIR, CHROME_KEY_NAME);
  const chromeKey = existsSync(chromeKeyFile) ? readFileSync(chromeKeyFile, 'utf8') : 'none yet';
  const key = sourceHash(JSON.stringify({ ...options, key: readFileSync(keyFile, 'utf8'), chromeKey }));
  const outDir = path.join(CACHE_DIR, `build-${options.helperVersion ?? 'current'}-${key}`);
  if (existsSync(path.join(outDir, '.complete'))) return outDir;
  const temp = `${outDir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  // Imported here: a missing installer/ fails only the tests that need it, with the import's own message.
  const builder = new URL('../../installer/build.ts', import.meta.url).href;
  const { buildBurner } = (await import(builder)) as {
    buildBurner(options: Record<string, unknown>): Promise<unknown>;
  };
  await buildBurner({
    publicUrl: options.publicUrl,
    outDir: temp,
    platforms: ['linux-x64'],
    signingKeyFile: keyFile,
    ...(options.helperVersion !== undefined ? { helperVersion: options.helperVersion } : {}),
    ...(options.extensions !== undefined ? { extensions: options.extensions } : {}),
  });
  writeFileSync(path.join(temp, '.complete'), new Date().toISOString());
  rmSync(outDir, { recursive: true, force: true });
  renameSync(temp, outDir);
  for (const old of readdirSync(CACHE_DIR)) {
    // Builds of sources long changed are dead weight (a helper is ~100 MB); a day old, no running test uses them.
    if (old.startsWith('build-') && old !== path.basename(outDir) && !old.includes('.tmp-')) {
      const marker = path.join(CACHE_DIR, old, '.complete');
      if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs > 24 * 3600_000) rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
    }
  }
  return outDir;
}

/** The Chrome extension id a build was made for (its key, extension/chrome-key.ts): what its host manifests allow. */
export const builtChromeExtensionId = (buildDir: string): string =>
  extensionIdOfManifest(JSON.parse(readFileSync(path.join(buildDir, 'extension', 'chrome', 'manifest.json'), 'utf8')) as { key?: unknown });

export const helperManifestFile = (buildDir: string) => path.join(buildDir, 'helper', 'linux-x64', 'manifest.json');
export const helperFile = (buildDir: string) => path.join(buildDir, 'helper', 'linux-x64', 'tribute-burner');

/** What serveBuild can spoil on the way, to prove the helper refuses it. */
export type Tamper = 'none' | 'signature' | 'bytes' | 'rogue-key';

/**
 * Puts a build where the server serves it from (its BURNER_BUILD_DIR), optionally spoiled: a flipped signature, a
 * helper whose bytes differ from its signed manifest, or a manifest signed with a key the helper does not trust.
 */
export async function serveBuild(app: BurnApp, buildDir: string, tamper: Tamper = 'none'): Promise<void> {
  for (const name of readdirSync(app.servedDir)) rmSync(path.join(app.servedDir, name), { recursive: true, force: true });
  cpSync(buildDir, app.servedDir, { recursive: true });
  if (tamper === 'none') return;
  const manifestFile = helperManifestFile(app.servedDir);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as HelperBuildManifest;
  if (tamper === 'signature') {
    const sig = Buffer.from(manifest.signature, 'base64');
    sig[0] ^= 0xff;
    manifest.signature = sig.toString('base64');
  } else if (tamper === 'bytes') {
    // Same length, one byte changed far from the start: only the SHA-256 can tell.
    const exe = helperFile(app.servedDir);
    const bytes = readFileSync(exe);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(exe, bytes, { mode: 0o755 });
  } else if (tamper === 'rogue-key') {
    const { signedManifestBytes } = await import('../../common/helper-update.ts');
    const { sign, createPrivateKey } = await import('node:crypto');
    const { signature: _drop, ...unsigned } = manifest;
    void _drop;
    const rogue = createPrivateKey(readFileSync(testSigningKeys().rogueKeyFile));
    manifest.signature = sign(null, signedManifestBytes(unsigned), rogue).toString('base64');
  }
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}

// ----------------------------------------------------------------------------------------------------- install
