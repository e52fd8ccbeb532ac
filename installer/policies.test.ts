import assert from 'node:assert/strict';
import { FIREFOX_EXTENSION_ID } from '../common/burn-protocol.ts';
import { chromiumPolicy, firefoxPolicy, forcelistEntry, macosProfile, policyFiles, windowsRegFile } from './policies.ts';

const target = { chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', publicUrl: 'https://tribute.example.com/app/' };

describe('installer: browser policies that force-install the extension', () => {
  it('Chrome, Chromium and Edge: ExtensionInstallForcelist "<id>;<update_url>" from this server', () => {
    assert.equal(forcelistEntry(target), 'abcdefghijklmnopabcdefghijklmnop;https://tribute.example.com/denim/updates/chrome.xml');
    assert.deepEqual(chromiumPolicy(target), { ExtensionInstallForcelist: ['abcdefghijklmnopabcdefghijklmnop;https://tribute.example.com/denim/updates/chrome.xml'] });
    assert.throws(() => forcelistEntry({ ...target, chromeExtensionId: 'abc' }), /Not a Chrome extension id/);
  });

  it('Firefox: ExtensionSettings force_installed from the .xpi route, and the ESR preference for the unsigned package', () => {
    assert.deepEqual(firefoxPolicy(target), {
      policies: {
        ExtensionSettings: { [FIREFOX_EXTENSION_ID]: { installation_mode: 'force_installed', install_url: 'https://tribute.example.com/denim/download_resource/firefox_extension_latest' } },
        Preferences: { 'xpinstall.signatures.required': { Value: false, Status: 'locked' } },
      },
    });
  });

  it('Windows: a .reg file for HKLM Chrome and Edge lists, CRLF, value 1', () => {
    const reg = windowsRegFile(target);
    assert.ok(reg.startsWith('Windows Registry Editor Version 5.00\r\n\r\n'));
    assert.match(reg, /\[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome\\ExtensionInstallForcelist\]\r\n"1"="abcdefghijklmnopabcdefghijklmnop;https:\/\/tribute\.example\.com\/denim\/updates\/chrome\.xml"\r\n/);
    assert.match(reg, /\[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Edge\\ExtensionInstallForcelist\]\r\n"1"="abcdefghijklmnopabcdefghijklmnop;/);
    assert.doesNotMatch(reg.replace(/\r\n/g, ''), /\n/);
  });

  it('macOS: one configuration profile for Chrome, Edge and Firefox, the same identifiers on every build', () => {
    const profile = macosProfile(target);
    for (const type of ['com.google.Chrome', 'com.microsoft.Edge', 'org.mozilla.firefox']) assert.match(profile, new RegExp(`<key>PayloadType</key><string>${type.replace(/\./g, '\\.')}</string>`));
    assert.equal(profile.match(/<string>abcdefghijklmnopabcdefghijklmnop;https:\/\/tribute\.example\.com\/denim\/updates\/chrome\.xml<\/string>/g)?.length, 2);
    assert.match(profile, /<key>install_url<\/key><string>https:\/\/tribute\.example\.com\/denim\/download_resource\/firefox_extension_latest<\/string>/);
    assert.equal(macosProfile(target), profile);
    const uuids = profile.match(/<key>PayloadUUID<\/key><string>([0-9A-F-]{36})<\/string>/g) ?? [];
    assert.equal(new Set(uuids).size, 4);
    // Well-formed enough for plutil: every dict and array closes.
    for (const tag of ['dict', 'array', 'plist']) assert.equal(profile.split(`<${tag}`).length, profile.split(`</${tag}>`).length, tag);
  });

  it('every file a build writes comes from these functions', () => {
    const files = policyFiles(target);
    assert.deepEqual(Object.keys(files).sort(), ['linux/chromium-managed.json', 'linux/firefox-policies.json', 'macos/tribute-burner.mobileconfig', 'windows/firefox-policies.json', 'windows/tribute-burner-policy.reg']);
    assert.deepEqual(JSON.parse(files['linux/chromium-managed.json']), chromiumPolicy(target));
    assert.deepEqual(JSON.parse(files['linux/firefox-policies.json']), firefoxPolicy(target));
  });
});
