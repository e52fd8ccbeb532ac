/**
 * The helper as one executable per system, made with Node's single executable applications (SEA):
 *   1. esbuild bundles native-host/src/main.ts into one CommonJS file (a SEA's require() reaches only Node's
 *      built-in modules), with the helper's version and the update public key defined in;
 *   2. `node --experimental-sea-config` turns it into a blob, without a V8 snapshot or code cache, so the one blob
 *      runs in the Linux, Windows and macOS Node alike;
 *   3. postject injects the blob into a copy of each system's Node binary (node-binary.ts), flipping the sentinel
 *      fuse that makes Node run it instead of its usual command line. macOS's binary loses its code signature
 *      first (macho.ts): the injection would leave it invalid, and macOS kills a process with a broken signature;
 *      node.exe loses its Authenticode signature (pe.ts), which the injection would leave pointing at garbage.
 * The design card named `pkg`; pkg downloads Node builds when it runs and cannot build offline, hence SEA.
 * Results are cached by the bundle's and the Node binary's identity (cache.ts).
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import type { HelperPlatform } from '../common/burn-protocol.ts';
import { cacheKey, cached } from './cache.ts';
import { helperFileName } from './layout.ts';
import { hasCodeSignature, removeCodeSignature, segmentNames } from './macho.ts';
import { NODE_VERSION, nodeBinary } from './node-binary.ts';
import { peSignature, removePeSignature } from './pe.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The fuse postject flips in Node's binary (Node's documentation, "Single executable applications"). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const SEA_RESOURCE = 'NODE_SEA_BLOB';
export const MACHO_SEGMENT = 'NODE_SEA';

export interface HelperBundleOptions {
  entry: string;
  version: number;
  /** Base64 SPKI DER of the Ed25519 key update manifests are verified with. */
  publicKeyBase64: string;
}

/** The helper bundled into one CommonJS script. Warnings (say, an import.meta that CommonJS lacks) fail the build. */
export async function bundleHelper({ entry, version, publicKeyBase64 }: HelperBundleOptions): Promise<string> {
  if (!existsSync(entry)) throw new Error(`The helper's entry ${entry} does not exist (native-host/src/main.ts is written by the native-host work).`);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    minify: false,
    legalComments: 'inline',
    define: { __HELPER_VERSION__: String(version), __HELPER_UPDATE_PUBLIC_KEY__: JSON.stringify(publicKeyBase64) },
    logLevel: 'silent',
  });
  if (result.warnings.length) {
    const text = await esbuild.formatMessages(result.warnings, { kind: 'warning' });
    throw new Error(`Bundling the helper gave warnings:\n${text.join('\n')}`);
  }
  return result.outputFiles[0].text;
}

const postjectVersion = (): string => (JSON.parse(readFileSync(require.resolve('postject/package.json'), 'utf8')) as { version: string }).version;
const postjectCli = (): string => path.join(path.dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');

/** The SEA preparation blob for a bundled script, made by this Node. */
async function seaBlob(script: string, dir: string): Promise<string> {
  const main = path.join(dir, 'helper.cjs');
  const blob = path.join(dir, 'sea-prep.blob');
  const config = path.join(dir, 'sea-config.json');
  writeFileSync(main, script);
  // No snapshot and no code cache: both are specific to the Node build that makes them, and one blob serves three.
  writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: false }));
  await run(process.execPath, ['--experimental-sea-config', config], { cwd: dir });
  if (!existsSync(blob)) throw new Error('node --experimental-sea-config wrote no blob.');
  return blob;
}

/** Builds (or takes from the cache) the helper executable for a platform; answers its path in the cache. */
export async function helperExecutable(platform: HelperPlatform, script: string, cacheDir: string, log: (line: string) => void = () => {}): Promise<string> {
  const base = await nodeBinary(platform, cacheDir, log);
  const baseSize = statSync(base).size;
  const key = `${platform}_${cacheKey(script, NODE_VERSION, String(baseSize), postjectVersion(), readFileSync(new URL(import.meta.url)), readFileSync(new URL('./macho.ts', import.meta.url)), readFileSync(new URL('./pe.ts', import.meta.url)))}`;
  const name = helperFileName(platform);
  return cached(cacheDir, 'helpers', key, name, async (dir) => {
    log(`building the ${platform} helper (Node ${NODE_VERSION} + postject)`);
    const blob = await seaBlob(script, dir);
    const file = path.join(dir, name);
    if (platform === 'darwin-x64') writeFileSync(file, removeCodeSignature(readFileSync(base)));
    else if (platform === 'win-x64') writeFileSync(file, removePeSignature(readFileSync(base)));
    else copyFileSync(base, file);
    chmodSync(file, 0o755);
    const args = [postjectCli(), file, SEA_RESOURCE, blob, '--sentinel-fuse', SEA_FUSE];
    if (platform === 'darwin-x64') args.push('--macho-segment-name', MACHO_SEGMENT);
    await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
    if (platform === 'darwin-x64') {
      const built = readFileSync(file);
      if (hasCodeSignature(built) || !segmentNames(built).includes(MACHO_SEGMENT)) throw new Error('The macOS helper came out signed or without its NODE_SEA segment.');
    }
    if (platform === 'win-x64' && peSignature(readFileSync(file))) throw new Error('The Windows helper came out with a (broken) signature.');
    // helper.cjs stays beside the executable: the script it runs, for reading when something goes wrong.
    for (const leftover of ['sea-prep.blob', 'sea-config.json']) rmSync(path.join(dir, leftover));
  });
}
