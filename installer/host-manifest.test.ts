import assert from 'node:assert/strict';
import { FIREFOX_EXTENSION_ID, NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { HOST_MANIFEST_FILE, PATH_PLACEHOLDER, hostManifest, hostManifestJson } from './host-manifest.ts';
import { userInstallScript } from './user-script.ts';

/** Any installation's id (extension/chrome-key.ts makes each its own). */
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const OWN_ONLY = { chromeExtensionId: ID, storeExtensionIds: [] };

describe('installer: the native messaging host manifest', () => {
  it('for Chrome, Chromium and Edge allows the extension by its origin', () => {
    assert.deepEqual(hostManifest('chromium', '/opt/tribute-burner/tribute-burner', OWN_ONLY), {
      name: NATIVE_HOST_NAME,
      description: 'Tribute DVD burner: downloads a video DVD image and burns it for the Tribute web app',
      path: '/opt/tribute-burner/tribute-burner',
      type: 'stdio',
      allowed_origins: [`chrome-extension://${ID}/`],
    });
  });

  it('for Firefox allows the extension by its id', () => {
    const manifest = hostManifest('firefox', '/home/ann/.local/share/tribute-burner/tribute-burner', OWN_ONLY);
    assert.deepEqual(manifest.allowed_extensions, [FIREFOX_EXTENSION_ID]);
    assert.equal(manifest.allowed_origins, undefined);
    assert.equal(manifest.type, 'stdio');
    assert.equal(manifest.path, '/home/ann/.local/share/tribute-burner/tribute-burner');
  });

  it('refuses a Chrome id that is not 32 letters a-p', () => {
    assert.throws(() => hostManifest('chromium', '/x', { chromeExtensionId: 'jpjmkcjchiabckfejhekiajddlfjbngz', storeExtensionIds: [] }), /Not a Chrome extension id/);
  });

  it('has the name browsers accept and the file name they look for', () => {
    // Chrome: lowercase letters, digits, underscores and dots; no leading or trailing dot, no two in a row.
    assert.match(NATIVE_HOST_NAME, /^[a-z0-9_]+(\.[a-z0-9_]+)*$/);
    assert.equal(HOST_MANIFEST_FILE, `${NATIVE_HOST_NAME}.json`);
    assert.ok(hostManifestJson('chromium', 'x', OWN_ONLY).endsWith('}\n'));
  });

  it('is what the install scripts write, with the installed path put in by the script', () => {
    const script = userInstallScript({ chromeExtensionId: ID, storeExtensionIds: [], publicUrl: 'https://tribute.example.com/app/', helperVersion: 7, bundled: false });
    const line = (name: string) => new RegExp(`^${name}='([^'\\n]*)'$`, 'm').exec(script)?.[1];
    assert.deepEqual(JSON.parse(line('CHROMIUM_MANIFEST')!), hostManifest('chromium', PATH_PLACEHOLDER, OWN_ONLY));
    assert.deepEqual(JSON.parse(line('FIREFOX_MANIFEST')!), hostManifest('firefox', PATH_PLACEHOLDER, OWN_ONLY));
    assert.equal(line('DEFAULT_SERVER'), 'https://tribute.example.com');
    assert.equal(line('HELPER_VERSION'), '7');
    assert.equal(line('BUNDLED_HELPER'), '');
    assert.equal(line('HOST_NAME'), NATIVE_HOST_NAME);
    assert.doesNotMatch(script, /@(SERVER|HELPER_VERSION|BUNDLED_HELPER|HOST_NAME|CHROMIUM_MANIFEST|FIREFOX_MANIFEST)@/);
    const mac = userInstallScript({ chromeExtensionId: ID, storeExtensionIds: [], publicUrl: 'https://tribute.example.com', helperVersion: 7, bundled: true });
    assert.equal(new RegExp("^BUNDLED_HELPER='([^']*)'$", 'm').exec(mac)?.[1], 'tribute-burner');
  });
});
