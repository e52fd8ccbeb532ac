import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROME_KEY_NAME, defaultChromeKeyFile, extensionIdOfManifest, loadOrCreateChromeKey } from './chrome-key.ts';
import { createCrx3, parseCrx3 } from './crx.ts';

describe('the installation’s Chrome extension key', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-chrome-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives beside the helper signing key, unless CHROME_EXTENSION_KEY names it', () => {
    assert.deepEqual(defaultChromeKeyFile('/srv/data/keys/helper-signing-ed25519.pem', {}), { file: `/srv/data/keys/${CHROME_KEY_NAME}`, explicit: false });
    assert.deepEqual(defaultChromeKeyFile('/srv/data/keys/helper-signing-ed25519.pem', { CHROME_EXTENSION_KEY: '/etc/tribute/chrome.pem' }), { file: '/etc/tribute/chrome.pem', explicit: true });
  });

  it('is made once (RSA, mode 600) and read back the same: the id stays', () => {
    const file = path.join(dir, 'keys', CHROME_KEY_NAME);
    const made = loadOrCreateChromeKey(file);
    assert.equal(made.created, true);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(made.privateKey.asymmetricKeyType, 'rsa');
    const again = loadOrCreateChromeKey(file);
    assert.equal(again.created, false);
    assert.equal(again.extensionId, made.extensionId);
    assert.equal(again.publicKeyBase64, made.publicKeyBase64);
  });

  it('gives the id Chrome computes: the first 128 bits of SHA-256 of the public key, as letters a-p', () => {
    const key = loadOrCreateChromeKey(path.join(dir, CHROME_KEY_NAME));
    const hex = createHash('sha256').update(Buffer.from(key.publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
    assert.equal(key.extensionId, [...hex].map((digit) => 'abcdefghijklmnop'[Number.parseInt(digit, 16)]).join(''));
    assert.equal(extensionIdOfManifest({ key: key.publicKeyBase64 }), key.extensionId);
    assert.throws(() => extensionIdOfManifest({}), /no "key"/);
    // The .crx it signs carries the same id.
    const crx = parseCrx3(createCrx3(Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'), key.privateKey));
    assert.deepEqual([crx.valid, crx.extensionId], [true, key.extensionId]);
  });

  it('two installations get two ids', () => {
    const one = loadOrCreateChromeKey(path.join(dir, 'a', CHROME_KEY_NAME));
    const two = loadOrCreateChromeKey(path.join(dir, 'b', CHROME_KEY_NAME));
    assert.notEqual(one.extensionId, two.extensionId);
  });

  it('refuses a named key that does not exist, and a key that is not RSA, making nothing', () => {
    const missing = path.join(dir, 'missing.pem');
    assert.throws(() => loadOrCreateChromeKey(missing, true), /does not exist \(CHROME_EXTENSION_KEY\)/);
    assert.throws(() => readFileSync(missing));
    const ed = path.join(dir, 'ed.pem');
    writeFileSync(ed, '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKx0yX4cU5fQ+0b0m5bq9d7K1c5cYQ3Xr5b3c6k0rj0s\n-----END PRIVATE KEY-----\n');
    assert.throws(() => loadOrCreateChromeKey(ed), /not an RSA private key/);
  });
});
