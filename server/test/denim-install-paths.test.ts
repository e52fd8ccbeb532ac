/**
 * The ways to install the burn extension that a server offers (issue 29.2): its store listings (CHROME_STORE_URL,
 * EDGE_STORE_URL, FIREFOX_STORE_URL) and the browser policy files its build holds, which IT departments download
 * from /denim/download_resource/browser_policies?file=<key>. The install dialog and the /denim guide read both.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'superagent';
import { POLICY_DOWNLOAD_KEYS, policyDebName, type DenimInstallPaths } from '../../common/browser-policies.ts';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import { chromiumPolicy, firefoxPolicy, policyFiles } from '../../installer/policies.ts';
import { EXTENSION_FILES, NOT_BUILT_MESSAGE, POLICIES_DIR, helperManifestPath } from '../../installer/layout.ts';
import { parseStoreListings } from '../../server/src/config.ts';
import { ORIGIN, startHarness, type Harness } from './harness.ts';

const TARGET = { chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', publicUrl: ORIGIN };

function write(dir: string, relative: string, content: string | Buffer): void {
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  writeFileSync(path.join(dir, relative), content);
}

/** A response body as text, whatever its type. */
function asText(stream: Response, done: (error: Error | null, body: string) => void): void {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  stream.on('end', () => done(null, text));
}

/** One policy file as text, whatever type the server sends it as, with the name it is saved under. */
async function policy(h: Harness, file: string): Promise<{ text: string; disposition: string }> {
  const res = await h
    .request()
    .get(DENIM_PATHS.browserPolicies)
    .query({ file })
    .buffer(true)
    .parse(asText)
    .expect(200);
  return { text: res.body as string, disposition: String(res.headers['content-disposition']) };
}

describe('/denim install paths: store listings and browser policies for IT', function () {
  this.timeout(60_000);
  let h: Harness;
  let buildDir: string;
  const stores = { chrome: 'https://chromewebstore.google.com/detail/tribute/abc', edge: null, firefox: 'https://addons.mozilla.org/firefox/addon/tribute/' };

  before(async () => {
    buildDir = mkdtempSync(path.join(os.tmpdir(), 'denim-policies-'));
    h = await startHarness({ burnerBuildDir: buildDir, storeListings: stores });
  });

  after(async () => {
    await h?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('names the store listings and no policy file before the build, as JSON even to a browser', async () => {
    const res = await h.request().get(DENIM_PATHS.installPaths).set('Accept', 'text/html').expect(200);
    assert.match(res.type, /json/);
    assert.deepEqual(res.body as DenimInstallPaths, { stores, policies: [], firefoxSigned: false, windowsInstallerSigned: null });
    const missing = await h.request().get(DENIM_PATHS.browserPolicies).query({ file: 'windows_reg' }).expect(404);
    assert.equal(missing.body.error, NOT_BUILT_MESSAGE);
  });

  it('serves each policy file the build wrote, under a name that says what it is, and the newest .deb', async () => {
    for (const [relative, content] of Object.entries(policyFiles(TARGET))) write(buildDir, `${POLICIES_DIR}/${relative}`, content);
    write(buildDir, `${POLICIES_DIR}/linux/${policyDebName(6)}`, 'old deb');
    write(buildDir, `${POLICIES_DIR}/linux/${policyDebName(7)}`, 'policy deb 7');

    const paths = (await h.request().get(DENIM_PATHS.installPaths).expect(200)).body as DenimInstallPaths;
    assert.deepEqual(paths.policies, [...POLICY_DOWNLOAD_KEYS]);

    const chromium = await policy(h, 'linux_chromium');
    assert.deepEqual(JSON.parse(chromium.text), chromiumPolicy(TARGET));
    assert.match(chromium.disposition, /filename="tribute-burner-linux-chromium-managed\.json"/);
    assert.deepEqual(JSON.parse((await policy(h, 'windows_firefox')).text), firefoxPolicy(TARGET));
    assert.match((await policy(h, 'windows_reg')).text, /ExtensionInstallForcelist/);
    const profile = await policy(h, 'macos_profile');
    assert.match(profile.text, /ExtensionInstallForcelist/);
    assert.match(profile.disposition, /filename="tribute-burner-macos-tribute-burner\.mobileconfig"/);
    const deb = await policy(h, 'linux_deb');
    assert.equal(deb.text, 'policy deb 7');
    assert.ok(deb.disposition.includes(`filename="${policyDebName(7)}"`), deb.disposition);
  });

  it('says whether the Firefox package is signed, and serves the Chrome build as a zip for Load unpacked', async () => {
    write(buildDir, EXTENSION_FILES.firefoxXpi, Buffer.from('PK unsigned package: manifest.json background.js'));
    write(buildDir, EXTENSION_FILES.chromeZip, Buffer.from('PK the chrome zip'));
    write(buildDir, EXTENSION_FILES.chromeCrx, Buffer.from('Cr24 the chrome crx'));
    const unsigned = (await h.request().get(DENIM_PATHS.installPaths).expect(200)).body as DenimInstallPaths;
    assert.equal(unsigned.firefoxSigned, false);
    write(buildDir, EXTENSION_FILES.firefoxXpi, Buffer.from('PK signed package: META-INF/cose.sig META-INF/mozilla.rsa manifest.json'));
    assert.equal(((await h.request().get(DENIM_PATHS.installPaths).expect(200)).body as DenimInstallPaths).firefoxSigned, true);

    const zip = await h.request().get(DENIM_PATHS.chromeExtension).query({ format: 'zip' }).buffer(true).parse(asText).expect(200);
    assert.equal(zip.body, 'PK the chrome zip');
    const crx = await h.request().get(DENIM_PATHS.chromeExtension).buffer(true).parse(asText).expect(200);
    assert.equal(crx.body, 'Cr24 the chrome crx');
    await h.request().get(DENIM_PATHS.chromeExtension).query({ format: 'tar' }).expect(400);
  });

  it('says whether the Windows installer is Authenticode-signed, from its helper manifest', async () => {
    const signedOf = async () => ((await h.request().get(DENIM_PATHS.installPaths).expect(200)).body as DenimInstallPaths).windowsInstallerSigned;
    const manifest = { platform: 'win-x64', version: 7, size: 1, sha256: 'a'.repeat(64), signature: 'c2ln' };
    write(buildDir, helperManifestPath('win-x64'), JSON.stringify(manifest));
    assert.equal(await signedOf(), false);
    write(buildDir, helperManifestPath('win-x64'), JSON.stringify({ ...manifest, authenticode: true }));
    assert.equal(await signedOf(), true);
  });

  it('refuses a file it does not know, or a path, with 400 JSON', async () => {
    for (const file of ['../keys/chrome-extension-rsa.pem', 'linux/chromium-managed.json', '', 'LINUX_DEB']) {
      const res = await h.request().get(DENIM_PATHS.browserPolicies).query({ file }).set('Accept', 'text/html').expect(400);
      assert.match(res.body.error, /Unknown policy file/);
    }
    await h.request().get(`${DENIM_PATHS.browserPolicies}?file=windows_reg&file=linux_deb`).expect(400);
  });
});

describe('store listing settings', () => {
  it('takes https addresses, leaves unset ones null, and stops the start on anything else with the setting named', () => {
    assert.deepEqual(parseStoreListings({ EDGE_STORE_URL: ' https://microsoftedge.microsoft.com/addons/detail/x ' }), {
      chrome: null,
      edge: 'https://microsoftedge.microsoft.com/addons/detail/x',
      firefox: null,
    });
    assert.throws(() => parseStoreListings({ CHROME_STORE_URL: 'http://chromewebstore.google.com/detail/x' }), /CHROME_STORE_URL: .*https:\/\//);
    assert.throws(() => parseStoreListings({ FIREFOX_STORE_URL: 'addons.mozilla.org' }), /FIREFOX_STORE_URL: .*not an address/);
  });
});
