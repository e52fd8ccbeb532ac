import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'superagent';
import { createHash } from 'node:crypto';
import { EXTENSION_UPDATE_PATHS } from '../../common/extension-updates.ts';
import { DENIM_PATHS } from '../../common/helper-update.ts';
import { CHROME_KEY_NAME, loadOrCreateChromeKey } from '../../extension/chrome-key.ts';
import { EXTENSION_FILES, LINUX_USER_INSTALL_PATH, NOT_BUILT_MESSAGE, firefoxSignedXpi, helperManifestPath, helperPath, installerPath, signaturePath } from '../../installer/layout.ts';
import { userInstallScript } from '../../installer/user-script.ts';
import { ORIGIN, startHarness, type Harness } from './harness.ts';

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const LINUX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Collects a response body as bytes, whatever its type. */
function bytes(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** A build folder laid out as `npm run build:helper` leaves it, with small stand-in files of known contents. */
function makeBuild(dir: string, files: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), content);
  }
}

const contents = {
  deb6: 'old deb, version 6',
  deb7: 'the linux .deb, version 7',
  exe7: Buffer.from('MZ the NSIS installer, version 7'),
  zip7: Buffer.from('PK the macOS zip, version 7'),
  helperLinux: Buffer.from('\x7fELF the linux helper'),
  helperWin: Buffer.from('MZ the windows helper'),
  manifest: { platform: 'linux-x64', version: 7, size: 21, sha256: 'a'.repeat(64), signature: 'c2lnbmF0dXJl' },
};

describe('/denim: the DVD burning tool downloads', function () {
  this.timeout(60_000);
  let h: Harness;
  let buildDir: string;

  before(async () => {
    buildDir = mkdtempSync(path.join(os.tmpdir(), 'denim-build-'));
    h = await startHarness({ burnerBuildDir: buildDir, downloadAlternates: { east: 'https://dl-east.example.com' } });
  });

  after(async () => {
    await h?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  describe('before the tool is built', () => {
    const routes = [
      `${DENIM_PATHS.installer}`,
      `${DENIM_PATHS.installer}?platform=win-x64&artifact=helper_manifest`,
      DENIM_PATHS.firefoxExtension,
      DENIM_PATHS.chromeExtension,
      DENIM_PATHS.linuxUserInstall,
      EXTENSION_UPDATE_PATHS.chrome,
      EXTENSION_UPDATE_PATHS.firefox,
    ];
    for (const route of routes) {
      it(`${route} answers 404 JSON with the build command, never the app's page`, async () => {
        const res = await h.request().get(route).set('User-Agent', WINDOWS_UA).set('Accept', 'text/html,application/xhtml+xml').expect(404);
        assert.match(res.type, /json/);
        assert.equal(res.body.error, NOT_BUILT_MESSAGE);
        assert.deepEqual(res.body.errors, [NOT_BUILT_MESSAGE]);
      });
    }
  });

  describe('once built', () => {
    before(() => {
      makeBuild(buildDir, {
        [installerPath('linux-x64', 6)]: contents.deb6,
        [installerPath('linux-x64', 7)]: contents.deb7,
        [signaturePath(installerPath('linux-x64', 7))]: 'ZGViIHNpZ25hdHVyZQ==',
        [installerPath('win-x64', 7)]: contents.exe7,
        [signaturePath(installerPath('win-x64', 7))]: 'ZXhlIHNpZ25hdHVyZQ==',
        [installerPath('darwin-x64', 7)]: contents.zip7,
        [helperPath('linux-x64')]: contents.helperLinux,
        [helperManifestPath('linux-x64')]: JSON.stringify(contents.manifest),
        [helperPath('win-x64')]: contents.helperWin,
        [EXTENSION_FILES.firefoxXpi]: 'PK firefox xpi',
        [EXTENSION_FILES.chromeZip]: 'PK chrome zip',
        // Built for another address: the server serves it with its own PUBLIC_URL.
        [LINUX_USER_INSTALL_PATH]: userInstallScript({ chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', storeExtensionIds: [], publicUrl: 'https://build-machine.example.com', mirrors: ['https://build-mirror.example.com'], helperVersion: 7, bundled: false }),
      });
    });

    it('picks the installer by User-Agent: Windows NSIS .exe, macOS zip, Linux .deb (the newest version)', async () => {
      const win = await h.request().get(DENIM_PATHS.installer).set('User-Agent', WINDOWS_UA).buffer(true).parse(bytes).expect(200);
      assert.equal(win.headers['content-type'], 'application/vnd.microsoft.portable-executable');
      assert.match(win.headers['content-disposition'], /^attachment; filename="tribute-burner-setup-7\.exe"/);
      assert.match(win.headers.vary, /User-Agent/);
      assert.deepEqual(win.body, contents.exe7);

      const mac = await h.request().get(DENIM_PATHS.installer).set('User-Agent', MAC_UA).buffer(true).parse(bytes).expect(200);
      assert.equal(mac.headers['content-type'], 'application/zip');
      assert.match(mac.headers['content-disposition'], /filename="tribute-burner-macos-7\.zip"/);
      assert.deepEqual(mac.body, contents.zip7);

      const linux = await h.request().get(DENIM_PATHS.installer).set('User-Agent', LINUX_UA).buffer(true).parse(bytes).expect(200);
      assert.equal(linux.headers['content-type'], 'application/vnd.debian.binary-package');
      assert.match(linux.headers['content-disposition'], /filename="tribute-burner_7_amd64\.deb"/);
      assert.equal(linux.body.toString(), contents.deb7);
    });

    it('?platform= wins over the User-Agent; an unknown system without it is a 400', async () => {
      const res = await h.request().get(`${DENIM_PATHS.installer}?platform=darwin-x64`).set('User-Agent', WINDOWS_UA).buffer(true).parse(bytes).expect(200);
      assert.deepEqual(res.body, contents.zip7);
      const android = await h.request().get(DENIM_PATHS.installer).set('User-Agent', ANDROID_UA).expect(400);
      assert.match(android.body.error, /Windows, macOS and Linux/);
    });

    it('answers each artifact: the signature, the bare helper and its manifest', async () => {
      const signature = await h.request().get(`${DENIM_PATHS.installer}?platform=linux-x64&artifact=installer_signature`).expect(200);
      assert.match(signature.headers['content-type'], /^text\/plain/);
      assert.match(signature.headers['content-disposition'], /filename="tribute-burner_7_amd64\.deb\.sig"/);
      assert.equal(signature.text, 'ZGViIHNpZ25hdHVyZQ==');

      const helper = await h.request().get(`${DENIM_PATHS.installer}?platform=linux-x64&artifact=helper`).buffer(true).parse(bytes).expect(200);
      assert.equal(helper.headers['content-type'], 'application/octet-stream');
      assert.match(helper.headers['content-disposition'], /filename="tribute-burner"/);
      assert.deepEqual(helper.body, contents.helperLinux);

      const winHelper = await h.request().get(`${DENIM_PATHS.installer}?platform=win-x64&artifact=helper`).buffer(true).parse(bytes).expect(200);
      assert.match(winHelper.headers['content-disposition'], /filename="tribute-burner\.exe"/);
      assert.deepEqual(winHelper.body, contents.helperWin);

      const manifest = await h.request().get(`${DENIM_PATHS.installer}?platform=linux-x64&artifact=helper_manifest`).expect(200);
      assert.match(manifest.headers['content-type'], /^application\/json/);
      assert.deepEqual(manifest.body, contents.manifest);
    });

    it('answers 404 JSON for an artifact this build lacks (macOS signature, Windows manifest)', async () => {
      for (const query of ['platform=darwin-x64&artifact=installer_signature', 'platform=win-x64&artifact=helper_manifest', 'platform=darwin-x64&artifact=helper']) {
        const res = await h.request().get(`${DENIM_PATHS.installer}?${query}`).expect(404);
        assert.equal(res.body.error, NOT_BUILT_MESSAGE, query);
      }
    });

    it('refuses an unknown platform or artifact with 400 JSON', async () => {
      const platform = await h.request().get(`${DENIM_PATHS.installer}?platform=amiga`).expect(400);
      assert.match(platform.body.error, /Unknown platform 'amiga'/);
      const artifact = await h.request().get(`${DENIM_PATHS.installer}?platform=win-x64&artifact=../../etc/passwd`).expect(400);
      assert.match(artifact.body.error, /Unknown artifact/);
      const twice = await h.request().get(`${DENIM_PATHS.installer}?platform=win-x64&platform=linux-x64`).expect(400);
      assert.match(twice.type, /json/);
    });

    it('serves the big files with HTTP Range', async () => {
      const res = await h.request().get(`${DENIM_PATHS.installer}?platform=win-x64&artifact=helper`).set('Range', 'bytes=3-5').buffer(true).parse(bytes).expect(206);
      assert.equal(res.headers['content-range'], `bytes 3-5/${contents.helperWin.length}`);
      assert.deepEqual(res.body, contents.helperWin.subarray(3, 6));
    });

    it('serves the Firefox .xpi, and the Chrome .zip until a .crx is built', async () => {
      const xpi = await h.request().get(DENIM_PATHS.firefoxExtension).buffer(true).parse(bytes).expect(200);
      assert.equal(xpi.headers['content-type'], 'application/x-xpinstall');
      assert.match(xpi.headers['content-disposition'], /filename="tribute-burner-firefox\.xpi"/);
      assert.equal(xpi.body.toString(), 'PK firefox xpi');

      const zip = await h.request().get(DENIM_PATHS.chromeExtension).buffer(true).parse(bytes).expect(200);
      assert.equal(zip.headers['content-type'], 'application/zip');
      assert.match(zip.headers['content-disposition'], /filename="tribute-burner-chrome\.zip"/);

      makeBuild(buildDir, { [EXTENSION_FILES.chromeCrx]: 'Cr24 chrome crx' });
      const crx = await h.request().get(DENIM_PATHS.chromeExtension).buffer(true).parse(bytes).expect(200);
      assert.equal(crx.headers['content-type'], 'application/x-chrome-extension');
      assert.match(crx.headers['content-disposition'], /filename="tribute-burner-chrome\.crx"/);
      assert.equal(crx.body.toString(), 'Cr24 chrome crx');
    });

    it('offers the built extensions to installed ones: Chrome gupdate XML, Firefox updates.json with the .xpi SHA-256; a higher build at once', async () => {
      const key = loadOrCreateChromeKey(path.join(buildDir, 'test-keys', CHROME_KEY_NAME));
      const manifests = (chrome: string, firefox: string) =>
        makeBuild(buildDir, {
          [`${EXTENSION_FILES.chromeUnpacked}/manifest.json`]: JSON.stringify({ manifest_version: 3, version: chrome, key: key.publicKeyBase64 }),
          [`${EXTENSION_FILES.firefoxUnpacked}/manifest.json`]: JSON.stringify({ manifest_version: 3, version: firefox, browser_specific_settings: { gecko: { id: 'dvd-burner@tribute-videos.com' } } }),
          [EXTENSION_FILES.chromeCrx]: 'Cr24 chrome crx',
        });
      manifests('1.6.7', '1.7.7');
      // Chrome asks with its own query (x=id%3D...%26v%3D...): the answer is the same.
      const xml = await h.request().get(`${EXTENSION_UPDATE_PATHS.chrome}?x=${encodeURIComponent(`id=${key.extensionId}&v=1.6.6&uc`)}`).set('Accept', 'text/html').buffer(true).parse(bytes).expect(200);
      assert.match(xml.headers['content-type'], /^application\/xml/);
      assert.equal(xml.headers['cache-control'], 'no-cache');
      assert.equal(
        xml.body.toString(),
        `<?xml version='1.0' encoding='UTF-8'?>\n<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>\n  <app appid='${key.extensionId}'>\n    <updatecheck codebase='${ORIGIN}${DENIM_PATHS.chromeExtension}' version='1.6.7' />\n  </app>\n</gupdate>\n`,
      );
      const json = await h.request().get(EXTENSION_UPDATE_PATHS.firefox).set('Accept', 'text/html').expect(200);
      assert.match(json.type, /json/);
      const sha = createHash('sha256').update('PK firefox xpi').digest('hex');
      assert.deepEqual(json.body, { addons: { 'dvd-burner@tribute-videos.com': { updates: [{ version: '1.7.7', update_link: `${ORIGIN}${DENIM_PATHS.firefoxExtension}`, update_hash: `sha256:${sha}` }] } } });

      manifests('1.6.8', '1.7.8');
      assert.match((await h.request().get(EXTENSION_UPDATE_PATHS.chrome).buffer(true).parse(bytes).expect(200)).body.toString(), / version='1\.6\.8' \/>/);
      assert.equal((await h.request().get(EXTENSION_UPDATE_PATHS.firefox).expect(200)).body.addons['dvd-burner@tribute-videos.com'].updates[0].version, '1.7.8');
    });

    it('serves the addons.mozilla.org-signed .xpi of the build\'s version in place of the unsigned one, and offers it in updates.json', async () => {
      // The build's Firefox extension is 1.7.8 (the test above). A signed package of an older version is not served.
      makeBuild(buildDir, { [firefoxSignedXpi('1.7.7')]: 'PK signed 1.7.7' });
      assert.equal((await h.request().get(DENIM_PATHS.firefoxExtension).buffer(true).parse(bytes).expect(200)).body.toString(), 'PK firefox xpi');

      makeBuild(buildDir, { [firefoxSignedXpi('1.7.8')]: 'PK signed by addons.mozilla.org 1.7.8' });
      const xpi = await h.request().get(DENIM_PATHS.firefoxExtension).buffer(true).parse(bytes).expect(200);
      assert.equal(xpi.headers['content-type'], 'application/x-xpinstall');
      assert.match(xpi.headers['content-disposition'], /filename="tribute-burner-firefox\.xpi"/);
      assert.equal(xpi.body.toString(), 'PK signed by addons.mozilla.org 1.7.8');
      const sha = createHash('sha256').update('PK signed by addons.mozilla.org 1.7.8').digest('hex');
      const update = (await h.request().get(EXTENSION_UPDATE_PATHS.firefox).expect(200)).body.addons['dvd-burner@tribute-videos.com'].updates[0];
      assert.deepEqual(update, { version: '1.7.8', update_link: `${ORIGIN}${DENIM_PATHS.firefoxExtension}`, update_hash: `sha256:${sha}` });

      for (const version of ['1.7.7', '1.7.8']) rmSync(path.join(buildDir, firefoxSignedXpi(version)));
      assert.equal((await h.request().get(DENIM_PATHS.firefoxExtension).buffer(true).parse(bytes).expect(200)).body.toString(), 'PK firefox xpi');
    });

    it("serves the per-user Linux script with this server's PUBLIC_URL and download mirrors as its defaults", async () => {
      const res = await h.request().get(DENIM_PATHS.linuxUserInstall).buffer(true).parse(bytes).expect(200);
      assert.match(res.headers['content-type'], /^text\/x-shellscript/);
      assert.match(res.headers['content-disposition'], /filename="linux-user-install\.sh"/);
      const text = res.body.toString();
      assert.ok(text.startsWith('#!/usr/bin/env bash\n'));
      assert.match(text, new RegExp(`^DEFAULT_SERVER='${ORIGIN}'$`, 'm'));
      // The window's Download Settings may switch to a mirror: the helper must be allowed to download from it.
      assert.match(text, /^DEFAULT_MIRRORS='https:\/\/dl-east\.example\.com'$/m);
      assert.doesNotMatch(text, /build-machine\.example\.com|build-mirror\.example\.com/);
    });
  });

  describe(DENIM_PATHS.transport, () => {
    it('says plain http is not allowed on a server without ALLOW_PLAIN_HTTP, as JSON even to a browser', async () => {
      const res = await h.request().get(DENIM_PATHS.transport).set('Accept', 'text/html').expect(200);
      assert.match(res.type, /json/);
      assert.deepEqual(res.body, { plainHttpAllowed: false });
    });

    it('says so when ALLOW_PLAIN_HTTP is set, for the install dialog to warn (issue 33)', async () => {
      const plain = await startHarness({ allowPlainHttp: true });
      try {
        const res = await plain.request().get(DENIM_PATHS.transport).expect(200);
        assert.deepEqual(res.body, { plainHttpAllowed: true });
      } finally {
        await plain.close();
      }
    });
  });
});
