import assert from 'node:assert/strict';
import { chromePackageUrl, chromeUpdateUrl, chromeUpdateXml, firefoxPackageUrl, firefoxUpdateManifest, firefoxUpdateUrl } from './extension-updates.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';

describe('extension update manifests', () => {
  it('are served under /denim/updates/ of the server’s origin; the packages under /denim/download_resource/', () => {
    assert.equal(chromeUpdateUrl('https://app.example.com/sub/'), 'https://app.example.com/denim/updates/chrome.xml');
    assert.equal(firefoxUpdateUrl('https://app.example.com'), 'https://app.example.com/denim/updates/firefox.json');
    assert.equal(chromePackageUrl('https://app.example.com'), 'https://app.example.com/denim/download_resource/chrome_extension_latest');
    assert.equal(firefoxPackageUrl('https://app.example.com'), 'https://app.example.com/denim/download_resource/firefox_extension_latest');
  });

  it('Chrome: one app with the .crx address and version, attributes escaped', () => {
    const xml = chromeUpdateXml({ extensionId: ID, version: '1.6.8', codebase: 'https://app.example.com/x?a=1&b=2' });
    assert.equal(
      xml,
      "<?xml version='1.0' encoding='UTF-8'?>\n<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>\n" +
        `  <app appid='${ID}'>\n    <updatecheck codebase='https://app.example.com/x?a=1&amp;b=2' version='1.6.8' />\n  </app>\n</gupdate>\n`,
    );
    assert.throws(() => chromeUpdateXml({ extensionId: 'not-an-id', version: '1.6.8', codebase: 'https://x' }), /Not a Chrome extension id/);
    assert.throws(() => chromeUpdateXml({ extensionId: ID, version: "1.6'/>", codebase: 'https://x' }), /Not an extension version/);
  });

  it('Firefox: updates.json with update_link and update_hash sha256:', () => {
    const sha = 'ab'.repeat(32);
    assert.deepEqual(firefoxUpdateManifest({ addonId: 'dvd-burner@tribute-videos.com', version: '1.7.8', updateLink: 'https://app.example.com/x.xpi', sha256: sha }), {
      addons: { 'dvd-burner@tribute-videos.com': { updates: [{ version: '1.7.8', update_link: 'https://app.example.com/x.xpi', update_hash: `sha256:${sha}` }] } },
    });
    assert.throws(() => firefoxUpdateManifest({ addonId: 'a@b', version: '1.7.8', updateLink: 'https://x', sha256: 'short' }), /Not a SHA-256/);
  });
});
