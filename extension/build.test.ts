import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FIREFOX_EXTENSION_ID,
  MIN_CHROME_EXTENSION_VERSION,
  MIN_FIREFOX_EXTENSION_VERSION,
  compareVersions,
} from '../common/burn-protocol.ts';
import { chromeUpdateUrl, firefoxUpdateUrl } from '../common/extension-updates.ts';
import { ICON_SIZES, buildExtension, extensionManifest, originMatchPattern, packageExtension } from './build.ts';
import { loadOrCreateChromeKey, type ChromeKey } from './chrome-key.ts';
import { createCrx3, extensionIdFromPublicKey, parseCrx3, publicKeyDer } from './crx.ts';
import { lintFirefoxBuild } from './lint.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const PUBLIC_URL = 'http://127.0.0.1:8123';

/** The names inside a zip, from its central directory (enough to check a package's layout). */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
  }
  return names.sort();
}

describe('extension build', function () {
  this.timeout(120000);
  let out: string;
  let chromeKey: ChromeKey;
  before(() => {
    out = mkdtempSync(path.join(os.tmpdir(), 'tribute-extension-'));
    chromeKey = loadOrCreateChromeKey(path.join(out, 'keys', 'chrome-extension-rsa.pem'));
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('commits no Chrome key (each installation has its own) and the gecko id FIREFOX_EXTENSION_ID', () => {
    const chrome = readJson(path.join(here, 'manifest.chrome.json'));
    assert.equal(chrome.key, undefined);
    assert.throws(() => extensionManifest('chrome', PUBLIC_URL), /needs the installation's extension key/);
    const firefox = readJson(path.join(here, 'manifest.firefox.json')) as { browser_specific_settings: { gecko: { id: string } } };
    assert.equal(firefox.browser_specific_settings.gecko.id, FIREFOX_EXTENSION_ID);
    const plain = extensionManifest('firefox', 'http://127.0.0.1:8080', { helperVersion: 7 }) as { browser_specific_settings: { gecko: Record<string, unknown> } };
    assert.equal(plain.browser_specific_settings.gecko.update_url, undefined, 'Firefox takes only an https update address');
  });

  it('carries versions that meet the burn window’s minimums and move with the helper’s', () => {
    const versions = readJson(path.join(here, 'version.json')) as { chrome: string; firefox: string };
    assert.ok(compareVersions(versions.chrome, MIN_CHROME_EXTENSION_VERSION) >= 0);
    assert.ok(compareVersions(versions.firefox, MIN_FIREFOX_EXTENSION_VERSION) >= 0);
    const chrome7 = extensionManifest('chrome', PUBLIC_URL, { helperVersion: 7, chromeKeyBase64: chromeKey.publicKeyBase64 });
    const chrome8 = extensionManifest('chrome', PUBLIC_URL, { helperVersion: 8, chromeKeyBase64: chromeKey.publicKeyBase64 });
    assert.equal(chrome7.version, `${versions.chrome}.7`);
    assert.equal(compareVersions(String(chrome8.version), String(chrome7.version)), 1);
    assert.equal(extensionManifest('firefox', PUBLIC_URL, { helperVersion: 12 }).version, `${versions.firefox}.12`);
  });

  it('points both builds at this server’s update manifests', () => {
    const chrome = extensionManifest('chrome', 'https://app.example.com/sub', { helperVersion: 7, chromeKeyBase64: chromeKey.publicKeyBase64 });
    assert.equal(chrome.update_url, 'https://app.example.com/denim/updates/chrome.xml');
    assert.equal(chrome.update_url, chromeUpdateUrl('https://app.example.com'));
    const firefox = extensionManifest('firefox', 'https://app.example.com', { helperVersion: 7 }) as { browser_specific_settings: { gecko: Record<string, unknown> } };
    assert.equal(firefox.browser_specific_settings.gecko.update_url, 'https://app.example.com/denim/updates/firefox.json');
    assert.equal(firefox.browser_specific_settings.gecko.update_url, firefoxUpdateUrl('https://app.example.com'));
    assert.equal(firefox.browser_specific_settings.gecko.id, FIREFOX_EXTENSION_ID);
  });

  it('matches only the product origin (Chrome with its port; Firefox patterns cannot hold one)', () => {
    assert.equal(originMatchPattern('http://127.0.0.1:8123/', 'chrome'), 'http://127.0.0.1:8123/*');
    assert.equal(originMatchPattern('http://127.0.0.1:8123/', 'firefox'), 'http://127.0.0.1/*');
    assert.equal(originMatchPattern('https://app.example.com/sub', 'chrome'), 'https://app.example.com/*');
  });

  it('builds Chrome: service worker, the installation’s key, version, the origin baked in, icons', async () => {
    const dir = await buildExtension({ browser: 'chrome', publicUrl: `${PUBLIC_URL}/`, outDir: path.join(out, 'chrome'), helperVersion: 7, chromeKey });
    const manifest = readJson(path.join(dir, 'manifest.json')) as Record<string, never>;
    assert.equal(manifest.manifest_version, 3);
    assert.equal(manifest.version, '1.6.7');
    assert.deepEqual(manifest.background, { service_worker: 'background.js' });
    assert.equal(extensionIdFromPublicKey(Buffer.from(manifest.key, 'base64')), chromeKey.extensionId);
    assert.equal(manifest.update_url, 'http://127.0.0.1:8123/denim/updates/chrome.xml');
    assert.deepEqual(manifest.permissions, ['nativeMessaging']);
    assert.equal(manifest.host_permissions, undefined);
    // Its own pages (the service worker) run only its own files: no eval, no other site's script, no plugins, no frames.
    assert.deepEqual(manifest.content_security_policy, {
      extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
    assert.deepEqual(manifest.content_scripts, [{ matches: ['http://127.0.0.1:8123/*'], js: ['content-script.js'], run_at: 'document_start', all_frames: false }]);
    for (const file of ['background.js', 'content-script.js']) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      assert.match(code, /"http:\/\/127\.0\.0\.1:8123"/, `${file} has the product URL`);
      assert.doesNotMatch(code, /__BURN_PUBLIC_URL__/);
    }
    let iconBytes = 0;
    for (const size of ICON_SIZES) {
      const icon = path.join(dir, 'icons', `${size}.png`);
      const png = readFileSync(icon);
      assert.equal(png.readUInt32BE(16), size, `icon ${size} width`);
      iconBytes += statSync(icon).size;
    }
    assert.ok(iconBytes < 20_000, `icons are small (${iconBytes} bytes)`);
  });

  it('packages Chrome as a .zip and, always, a CRX3 signed with the installation’s key', async function () {
    const dir = path.join(out, 'chrome');
    if (!existsSync(path.join(dir, 'manifest.json'))) await buildExtension({ browser: 'chrome', publicUrl: PUBLIC_URL, outDir: dir, chromeKey });
    await assert.rejects(packageExtension({ browser: 'chrome', dir, outFile: path.join(out, 'nokey/tribute-burner-chrome.zip') }), /needs the installation's key/);

    const packed = await packageExtension({ browser: 'chrome', dir, outFile: path.join(out, 'tribute-burner-chrome.zip'), chromeKey });
    assert.deepEqual(zipNames(readFileSync(packed.files[0])), ['background.js', 'content-script.js', 'icons/128.png', 'icons/16.png', 'icons/32.png', 'icons/48.png', 'manifest.json']);
    assert.equal(packed.crx, path.join(out, 'tribute-burner-chrome.crx'));
    const crx = parseCrx3(readFileSync(String(packed.crx)));
    assert.equal(crx.valid, true);
    assert.equal(crx.extensionId, chromeKey.extensionId);
    assert.deepEqual(crx.zip, readFileSync(path.join(out, 'tribute-burner-chrome.zip')));
  });

  it('writes a CRX3 whose signature covers the zip (a changed byte fails it)', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const zip = Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary');
    const crx = createCrx3(zip, privateKey);
    const parsed = parseCrx3(crx);
    assert.equal(parsed.valid, true);
    assert.equal(parsed.extensionId, extensionIdFromPublicKey(publicKeyDer(privateKey)));
    assert.match(parsed.extensionId, /^[a-p]{32}$/);
    const tampered = Buffer.from(crx);
    tampered[tampered.length - 1] ^= 1;
    assert.equal(parseCrx3(tampered).valid, false);
  });

  it('builds Firefox: background scripts, gecko id, version 1.7.<helper>; the .xpi holds it; web-ext lint finds nothing', async () => {
    // https, so the build carries its update_url and lint checks it too.
    const dir = await buildExtension({ browser: 'firefox', publicUrl: 'https://app.example.com:8443', outDir: path.join(out, 'firefox'), helperVersion: 7 });
    const manifest = readJson(path.join(dir, 'manifest.json')) as Record<string, never>;
    assert.equal(manifest.version, '1.7.7');
    assert.deepEqual(manifest.background, { scripts: ['background.js'] });
    assert.equal(manifest.key, undefined, 'Firefox refuses the Chrome key');
    assert.match(String((manifest.content_security_policy as { extension_pages?: string }).extension_pages), /^script-src 'self'; object-src 'none';/);
    assert.deepEqual((manifest.content_scripts as { matches: string[] }[])[0].matches, ['https://app.example.com/*']);

    const packed = await packageExtension({ browser: 'firefox', dir, outFile: path.join(out, 'tribute-burner-firefox.xpi') });
    assert.deepEqual(packed, { files: [path.join(out, 'tribute-burner-firefox.xpi')], crx: null });
    assert.ok(zipNames(readFileSync(packed.files[0])).includes('manifest.json'));

    const lint = await lintFirefoxBuild(dir);
    assert.deepEqual(lint.errors, [], 'web-ext lint errors');
    assert.deepEqual(lint.warnings, [], 'web-ext lint warnings');
  });
});
