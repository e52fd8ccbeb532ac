/**
 * The Windows installer's two modes under wine64, in a scratch prefix of its own (made and removed by the test):
 * "Just me" (/S) registers the host under HKCU and writes no policy; "All users" (/S /ALLUSERS) installs under
 * Program Files and registers under HKLM, and with /POLICIES writes the force-install policies for Chrome, Edge
 * and Firefox, the values policies.ts makes. Each uninstaller removes exactly what its installer wrote: a policy
 * value the computer already had stays. The build is the cached one burner-windows.test.ts uses too.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NATIVE_HOST_NAME } from '../../common/burn-protocol.ts';
import type { BuildBurnerResult } from '../../installer/build.ts';
import { hostManifest } from '../../installer/host-manifest.ts';
import { FIREFOX_POLICY_RECORD, NSIS_BAD_SWITCHES_EXIT, WINDOWS_FIREFOX_MANIFEST, WINDOWS_REGISTRY_KEYS, WINDOWS_UNINSTALL_KEY, forcelistRecordName, windowsPolicyValues } from '../../installer/nsis.ts';
import { WINDOWS_FIREFOX_POLICY_KEY, WINDOWS_FIREFOX_POLICY_VALUE, WINDOWS_POLICY_KEYS, windowsRegFile } from '../../installer/policies.ts';
import { testBuild, testCodeSigningCertificate, TEST_PUBLIC_URL } from '../../installer/test-support.ts';
import { wine, type Wine } from './wine.ts';

const [CHROME_LIST, EDGE_LIST] = WINDOWS_POLICY_KEYS;
/** An extension the computer's IT already force-installs in Chrome: ours must go beside it, and it must stay. */
const IT_ENTRY = 'ponmlkjihgfedcbaponmlkjihgfedcba;https://clients2.google.com/service/update2/crx';

describe('Windows installer: just me, or all users with the browser policies (wine64)', function () {
  this.timeout(600_000);
  let build: BuildBurnerResult;
  let prefix: Wine;
  let installer: string;
  const hklm = (key: string) => prefix.registryValues(`HKLM\\${key}`);
  const hkcu = (key: string) => prefix.registryValues(`HKCU\\${key}`);
  const programFiles = () => path.join(prefix.prefix, 'drive_c', 'Program Files', 'TributeBurner');

  before(async () => {
    build = await testBuild(['win-x64'], undefined, testCodeSigningCertificate());
    installer = build.installers['win-x64']!;
    prefix = wine(mkdtempSync(path.join(os.tmpdir(), 'wine-all-users-')));
    await prefix.init();
  });

  after(async () => {
    if (!prefix) return;
    await prefix.settle().catch(() => undefined);
    rmSync(prefix.prefix, { recursive: true, force: true });
  });

  /** Runs the installer (or an uninstaller) silently and waits for everything it started. */
  async function silently(program: string, ...switches: string[]): Promise<number | null> {
    const result = await prefix.run([program, '/S', ...switches]);
    await prefix.settle();
    return result.code;
  }

  async function noPolicies(): Promise<void> {
    for (const key of WINDOWS_POLICY_KEYS) assert.equal(await hklm(key), null, key);
    assert.equal(await hklm(WINDOWS_FIREFOX_POLICY_KEY), null);
  }

  it('just me: the host under HKCU, nothing under HKLM, no policy; the uninstaller leaves nothing', async () => {
    assert.equal(await silently(installer), 0);
    const users = path.join(prefix.prefix, 'drive_c', 'users');
    const user = readdirSync(users).find((name) => existsSync(path.join(users, name, 'AppData', 'Local', 'TributeBurner')));
    assert.ok(user, 'installed in %LOCALAPPDATA%');
    const windowsDir = `C:\\users\\${user}\\AppData\\Local\\TributeBurner`;
    for (const { key, manifest } of WINDOWS_REGISTRY_KEYS) {
      assert.equal((await hkcu(key))?.get('(Default)')?.data, `${windowsDir}\\${manifest}`, key);
      assert.equal(await hklm(key), null, `HKLM ${key}`);
    }
    assert.ok(await hkcu(WINDOWS_UNINSTALL_KEY));
    assert.equal(await hklm(WINDOWS_UNINSTALL_KEY), null);
    assert.equal(existsSync(programFiles()), false);
    await noPolicies();

    assert.equal(await silently(`${windowsDir}\\uninstall.exe`), 0);
    assert.equal(existsSync(path.join(users, user, 'AppData', 'Local', 'TributeBurner')), false);
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await hkcu(key), null, key);
    assert.equal(await hkcu(WINDOWS_UNINSTALL_KEY), null);
  });

  it('refuses /POLICIES without /ALLUSERS and installs nothing', async () => {
    assert.equal(await silently(installer, '/POLICIES'), NSIS_BAD_SWITCHES_EXIT);
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await hkcu(key), null, key);
    await noPolicies();
  });

  it('all users without /POLICIES: Program Files and HKLM, no policy', async () => {
    assert.equal(await silently(installer, '/ALLUSERS'), 0);
    assert.ok(existsSync(path.join(programFiles(), 'tribute-burner.exe')));
    for (const { key, manifest } of WINDOWS_REGISTRY_KEYS) assert.equal((await hklm(key))?.get('(Default)')?.data, `C:\\Program Files\\TributeBurner\\${manifest}`, key);
    await noPolicies();
    assert.equal(await silently('C:\\Program Files\\TributeBurner\\uninstall.exe'), 0);
    assert.equal(existsSync(programFiles()), false);
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await hklm(key), null, key);
    assert.equal(await hklm(WINDOWS_UNINSTALL_KEY), null);
  });

  it('all users with /POLICIES: the .reg file\'s forcelist values beside IT\'s own, Firefox ExtensionSettings; the uninstaller takes exactly those away', async () => {
    // The computer already force-installs another extension in Chrome as value 1.
    const seeded = await prefix.run(['reg', 'add', `HKLM\\${CHROME_LIST}`, '/v', '1', '/t', 'REG_SZ', '/d', IT_ENTRY, '/f']);
    assert.equal(seeded.code, 0, seeded.stderr);
    await prefix.settle();

    assert.equal(await silently(installer, '/ALLUSERS', '/POLICIES'), 0);
    const home = programFiles();
    assert.deepEqual(readdirSync(home).sort(), [`${NATIVE_HOST_NAME}.firefox.json`, `${NATIVE_HOST_NAME}.json`, 'config.json', 'tribute-burner.exe', 'uninstall.exe']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, `${NATIVE_HOST_NAME}.json`), 'utf8')), hostManifest('chromium', 'tribute-burner.exe', build));
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, WINDOWS_FIREFOX_MANIFEST), 'utf8')), hostManifest('firefox', 'tribute-burner.exe', build));
    for (const { key, manifest } of WINDOWS_REGISTRY_KEYS) {
      assert.equal((await hklm(key))?.get('(Default)')?.data, `C:\\Program Files\\TributeBurner\\${manifest}`, key);
      assert.equal(await hkcu(key), null, `HKCU ${key}`);
    }

    // The values are the .reg file's (one source, policies.ts); ours takes the first free number in each list.
    const expected = windowsPolicyValues(build.chromeExtensionId, TEST_PUBLIC_URL);
    const regFile = windowsRegFile({ chromeExtensionId: build.chromeExtensionId, publicUrl: TEST_PUBLIC_URL });
    for (const key of WINDOWS_POLICY_KEYS) assert.ok(regFile.includes(`[HKEY_LOCAL_MACHINE\\${key}]\r\n"1"="${expected.forcelistEntry}"`), key);
    const chrome = await hklm(CHROME_LIST);
    assert.deepEqual([...(chrome ?? [])], [['1', { type: 'REG_SZ', data: IT_ENTRY }], ['2', { type: 'REG_SZ', data: expected.forcelistEntry }]]);
    assert.deepEqual([...((await hklm(EDGE_LIST)) ?? [])], [['1', { type: 'REG_SZ', data: expected.forcelistEntry }]]);
    const firefox = (await hklm(WINDOWS_FIREFOX_POLICY_KEY))?.get(WINDOWS_FIREFOX_POLICY_VALUE);
    assert.equal(firefox?.type, 'REG_SZ');
    assert.equal(firefox.data, expected.firefoxExtensionSettings);
    assert.deepEqual(JSON.parse(firefox.data), { 'dvd-burner@tribute-videos.com': { installation_mode: 'force_installed', install_url: `${TEST_PUBLIC_URL}/denim/download_resource/firefox_extension_latest` } });
    // What the uninstaller will remove is recorded beside the Apps & features entry.
    const record = await hklm(WINDOWS_UNINSTALL_KEY);
    assert.equal(record?.get(forcelistRecordName(CHROME_LIST))?.data, '2');
    assert.equal(record?.get(forcelistRecordName(EDGE_LIST))?.data, '1');
    assert.equal(record?.get(FIREFOX_POLICY_RECORD)?.data, '0x1');
    assert.equal(record?.get('InstallLocation')?.data, 'C:\\Program Files\\TributeBurner');

    // Installing again (an update) keeps the same numbers instead of adding a second entry.
    assert.equal(await silently(installer, '/ALLUSERS', '/POLICIES'), 0);
    assert.equal((await hklm(CHROME_LIST))?.size, 2);

    assert.equal(await silently('C:\\Program Files\\TributeBurner\\uninstall.exe'), 0);
    assert.equal(existsSync(home), false);
    for (const { key } of WINDOWS_REGISTRY_KEYS) assert.equal(await hklm(key), null, key);
    assert.equal(await hklm(WINDOWS_UNINSTALL_KEY), null);
    assert.deepEqual([...((await hklm(CHROME_LIST)) ?? [])], [['1', { type: 'REG_SZ', data: IT_ENTRY }]], 'IT\'s own entry stays');
    assert.equal(await hklm(EDGE_LIST), null);
    assert.equal(await hklm('SOFTWARE\\Policies\\Microsoft\\Edge'), null, 'the key made for the policy goes with it');
    assert.equal(await hklm(WINDOWS_FIREFOX_POLICY_KEY), null);
    assert.equal(await hklm('SOFTWARE\\Policies\\Mozilla'), null);
  });

  it('all users with /POLICIES leaves a Firefox ExtensionSettings of the computer\'s own as it was, and the uninstaller too', async () => {
    const own = '{"other@example.com":{"installation_mode":"blocked"}}';
    // Imported from a .reg file: a quote inside a command-line argument does not survive wine's command line.
    const regFile = path.join(prefix.prefix, 'drive_c', 'own-firefox-policy.reg');
    writeFileSync(regFile, `Windows Registry Editor Version 5.00\r\n\r\n[HKEY_LOCAL_MACHINE\\${WINDOWS_FIREFOX_POLICY_KEY}]\r\n"${WINDOWS_FIREFOX_POLICY_VALUE}"="${own.replace(/"/g, '\\"')}"\r\n`);
    const imported = await prefix.run(['reg', 'import', 'C:\\own-firefox-policy.reg']);
    assert.equal(imported.code, 0, imported.stderr);
    await prefix.settle();
    assert.equal((await hklm(WINDOWS_FIREFOX_POLICY_KEY))?.get(WINDOWS_FIREFOX_POLICY_VALUE)?.data, own);
    assert.equal(await silently(installer, '/ALLUSERS', '/POLICIES'), 0);
    assert.equal((await hklm(WINDOWS_FIREFOX_POLICY_KEY))?.get(WINDOWS_FIREFOX_POLICY_VALUE)?.data, own);
    assert.equal((await hklm(WINDOWS_UNINSTALL_KEY))?.get(FIREFOX_POLICY_RECORD), undefined);
    assert.equal(await silently('C:\\Program Files\\TributeBurner\\uninstall.exe'), 0);
    assert.equal((await hklm(WINDOWS_FIREFOX_POLICY_KEY))?.get(WINDOWS_FIREFOX_POLICY_VALUE)?.data, own);
    await prefix.run(['reg', 'delete', `HKLM\\${WINDOWS_FIREFOX_POLICY_KEY}`, '/f']);
  });
});
