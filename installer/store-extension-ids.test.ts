import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIREFOX_EXTENSION_ID } from '../common/burn-protocol.ts';
import { DEB_HELPER_PATH, DEB_HOST_DIRS, buildDeb } from './deb.ts';
import { HOST_MANIFEST_FILE, PATH_PLACEHOLDER, hostManifest, type HostExtensions } from './host-manifest.ts';
import { buildBurner } from './build.ts';
import { LINUX_USER_INSTALL_PATH } from './layout.ts';
import { buildMacZip } from './macos-zip.ts';
import { WINDOWS_CHROMIUM_MANIFEST, WINDOWS_FIREFOX_MANIFEST, windowsInstallerFiles } from './nsis.ts';
import { storeExtensionIds } from './store-extension-ids.ts';
import { testSigningKeyFile } from './test-support.ts';
import { userInstallScript } from './user-script.ts';

const OWN = 'abcdefghijklmnopabcdefghijklmnop';
const CHROME_STORE = 'ponmlkjihgfedcbaponmlkjihgfedcba';
const EDGE_STORE = 'aaaabbbbccccddddeeeeffffgggghhhh';
const SECOND_EDGE = 'hhhhggggffffeeeeddddccccbbbbaaaa';
const EXTENSIONS: HostExtensions = { chromeExtensionId: OWN, storeExtensionIds: [CHROME_STORE, EDGE_STORE] };
const ORIGINS = [OWN, CHROME_STORE, EDGE_STORE].map((id) => `chrome-extension://${id}/`);

/** The Chromium and Firefox manifests a per-user script writes (with the placeholder for the installed path). */
function scriptManifests(script: string): { chromium: unknown; firefox: unknown } {
  const line = (name: string) => JSON.parse(new RegExp(`^${name}='([^'\\n]*)'$`, 'm').exec(script)![1]!) as unknown;
  return { chromium: line('CHROMIUM_MANIFEST'), firefox: line('FIREFOX_MANIFEST') };
}

describe('installer: store extension ids (CHROME_STORE_EXTENSION_ID, EDGE_STORE_EXTENSION_ID)', function () {
  this.timeout(60_000);
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'store-ids-'));
    // A stand-in for the helper: what is checked here is the manifests beside it.
    writeFileSync(path.join(work, 'helper'), '#!/bin/sh\n');
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('reads both variables, comma-separated lists, each id once, in order', () => {
    assert.deepEqual(storeExtensionIds({}), []);
    assert.deepEqual(storeExtensionIds({ CHROME_STORE_EXTENSION_ID: CHROME_STORE }), [CHROME_STORE]);
    assert.deepEqual(storeExtensionIds({ CHROME_STORE_EXTENSION_ID: ` ${CHROME_STORE} ,`, EDGE_STORE_EXTENSION_ID: `${EDGE_STORE},${SECOND_EDGE},${CHROME_STORE}` }), [CHROME_STORE, EDGE_STORE, SECOND_EDGE]);
  });

  it('refuses a malformed id, naming the variable', () => {
    assert.throws(() => storeExtensionIds({ EDGE_STORE_EXTENSION_ID: `${EDGE_STORE},https://microsoftedge.microsoft.com/addons/detail/x` }), /EDGE_STORE_EXTENSION_ID: 'https:.*' is not an extension id/);
    assert.throws(() => storeExtensionIds({ CHROME_STORE_EXTENSION_ID: 'ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP' }), /CHROME_STORE_EXTENSION_ID/);
  });

  it('the Chromium host manifest allows the own id and every store id; Firefox keeps its one gecko id', () => {
    assert.deepEqual(hostManifest('chromium', 'x', EXTENSIONS).allowed_origins, ORIGINS);
    assert.deepEqual(hostManifest('chromium', 'x', { chromeExtensionId: OWN, storeExtensionIds: [] }).allowed_origins, [`chrome-extension://${OWN}/`]);
    // A store id equal to the own one (a store that kept the key) is listed once.
    assert.deepEqual(hostManifest('chromium', 'x', { chromeExtensionId: OWN, storeExtensionIds: [OWN] }).allowed_origins, [`chrome-extension://${OWN}/`]);
    const firefox = hostManifest('firefox', 'x', EXTENSIONS);
    assert.deepEqual(firefox.allowed_extensions, [FIREFOX_EXTENSION_ID]);
    assert.equal(firefox.allowed_origins, undefined);
    assert.throws(() => hostManifest('chromium', 'x', { chromeExtensionId: OWN, storeExtensionIds: ['nope'] }), /Not a Chrome extension id: nope/);
  });

  it('the Linux per-user script and the macOS zip write them', async () => {
    const linux = scriptManifests(userInstallScript({ ...EXTENSIONS, publicUrl: 'https://tribute.example.com', helperVersion: 7, bundled: false }));
    assert.deepEqual(linux.chromium, hostManifest('chromium', PATH_PLACEHOLDER, EXTENSIONS));
    assert.deepEqual((linux.chromium as { allowed_origins: string[] }).allowed_origins, ORIGINS);
    assert.deepEqual(linux.firefox, hostManifest('firefox', PATH_PLACEHOLDER, EXTENSIONS));
    const zip = await buildMacZip({ ...EXTENSIONS, helper: path.join(work, 'helper'), version: 7, publicUrl: 'https://tribute.example.com' });
    writeFileSync(path.join(work, 'mac.zip'), zip);
    const mac = scriptManifests(execFileSync('unzip', ['-p', path.join(work, 'mac.zip'), 'tribute-burner-macos-7/install.sh'], { encoding: 'utf8' }));
    assert.deepEqual((mac.chromium as { allowed_origins: string[] }).allowed_origins, ORIGINS);
  });

  it('the .deb installs them in every Chromium browser folder', async () => {
    const deb = path.join(work, 'test.deb');
    const staging = mkdtempSync(path.join(work, 'deb-'));
    await buildDeb({ ...EXTENSIONS, helper: path.join(work, 'helper'), version: 7, publicUrl: 'https://tribute.example.com', stagingDir: staging, outFile: deb });
    const root = path.join(work, 'deb-root');
    execFileSync('dpkg-deb', ['-x', deb, root]);
    for (const { dir, family } of DEB_HOST_DIRS) {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, HOST_MANIFEST_FILE), 'utf8')) as unknown;
      assert.deepEqual(manifest, hostManifest(family, DEB_HELPER_PATH, EXTENSIONS), dir);
    }
  });

  it('the Windows installer packs them (the files makensis takes in)', () => {
    const staging = mkdtempSync(path.join(work, 'nsis-'));
    const files = windowsInstallerFiles({ ...EXTENSIONS, helper: path.join(work, 'helper'), publicUrl: 'https://tribute.example.com', stagingDir: staging });
    assert.deepEqual(JSON.parse(readFileSync(files.chromium, 'utf8')), hostManifest('chromium', 'tribute-burner.exe', EXTENSIONS));
    assert.deepEqual(JSON.parse(readFileSync(files.firefox, 'utf8')), hostManifest('firefox', 'tribute-burner.exe', EXTENSIONS));
    assert.equal(path.basename(files.chromium), WINDOWS_CHROMIUM_MANIFEST);
    assert.equal(path.basename(files.firefox), WINDOWS_FIREFOX_MANIFEST);
  });

  it('npm run build:helper takes them from its environment into what it writes', async () => {
    const saved = { chrome: process.env.CHROME_STORE_EXTENSION_ID, edge: process.env.EDGE_STORE_EXTENSION_ID };
    process.env.CHROME_STORE_EXTENSION_ID = CHROME_STORE;
    process.env.EDGE_STORE_EXTENSION_ID = EDGE_STORE;
    try {
      const outDir = path.join(work, 'build');
      const build = await buildBurner({ publicUrl: 'https://tribute.example.com', outDir, platforms: [], extensions: false, signingKeyFile: testSigningKeyFile() });
      assert.deepEqual(build.storeExtensionIds, [CHROME_STORE, EDGE_STORE]);
      const script = scriptManifests(readFileSync(path.join(outDir, LINUX_USER_INSTALL_PATH), 'utf8'));
      assert.deepEqual((script.chromium as { allowed_origins: string[] }).allowed_origins, [build.chromeExtensionId, CHROME_STORE, EDGE_STORE].map((id) => `chrome-extension://${id}/`));
      assert.deepEqual((JSON.parse(readFileSync(path.join(outDir, 'build-info.json'), 'utf8')) as { storeExtensionIds: string[] }).storeExtensionIds, [CHROME_STORE, EDGE_STORE]);
    } finally {
      for (const [name, value] of [['CHROME_STORE_EXTENSION_ID', saved.chrome], ['EDGE_STORE_EXTENSION_ID', saved.edge]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
