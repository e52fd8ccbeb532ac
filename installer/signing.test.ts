import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedManifestBytes } from '../common/helper-update.ts';
import { defaultSigningKeyFile, helperManifest, loadOrCreateSigningKey, sha256Hex, signBytes, verifyBytes, verifyHelperManifest } from './signing.ts';

describe('installer: signing', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'signing-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the key once, private to its owner, and reads the same key afterwards', () => {
    const file = path.join(dir, 'keys', 'helper-signing-ed25519.pem');
    const made = loadOrCreateSigningKey(file);
    assert.equal(made.created, true);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(readFileSync(file, 'utf8'), /^-----BEGIN PRIVATE KEY-----/);
    const again = loadOrCreateSigningKey(file);
    assert.equal(again.created, false);
    assert.equal(again.publicKeyBase64, made.publicKeyBase64);
    // Base64 SPKI DER of an Ed25519 key: 44 bytes.
    assert.equal(Buffer.from(made.publicKeyBase64, 'base64').length, 44);
  });

  it('takes the key from HELPER_SIGNING_KEY, else DATA_DIR/keys, else ./data/keys', () => {
    assert.equal(defaultSigningKeyFile({ HELPER_SIGNING_KEY: '/secrets/k.pem' }, '/repo'), '/secrets/k.pem');
    assert.equal(defaultSigningKeyFile({ DATA_DIR: '/srv/data' }, '/repo'), '/srv/data/keys/helper-signing-ed25519.pem');
    assert.equal(defaultSigningKeyFile({}, '/repo'), '/repo/data/keys/helper-signing-ed25519.pem');
  });

  it('signs a helper manifest the helper can verify; any changed field or byte fails', () => {
    const key = loadOrCreateSigningKey(path.join(dir, 'k2.pem'));
    const executable = Buffer.from('a helper executable');
    const manifest = helperManifest(key.privateKey, 'win-x64', 8, executable);
    assert.deepEqual({ ...manifest, signature: undefined }, { platform: 'win-x64', version: 8, size: executable.length, sha256: sha256Hex(executable), signature: undefined });
    assert.ok(verifyBytes(key.publicKeyBase64, signedManifestBytes(manifest), manifest.signature));
    assert.ok(verifyHelperManifest(key.publicKeyBase64, manifest, executable));

    const flipped = Buffer.from(executable);
    flipped[3] ^= 0x01;
    assert.equal(verifyHelperManifest(key.publicKeyBase64, manifest, flipped), false);
    assert.equal(verifyHelperManifest(key.publicKeyBase64, { ...manifest, platform: 'linux-x64' }), false);
    assert.equal(verifyHelperManifest(key.publicKeyBase64, { ...manifest, version: 9 }), false);
    assert.equal(verifyHelperManifest(key.publicKeyBase64, { ...manifest, signature: 'bm90IGEgc2lnbmF0dXJl' }), false);
    const other = loadOrCreateSigningKey(path.join(dir, 'k3.pem'));
    assert.equal(verifyHelperManifest(other.publicKeyBase64, manifest, executable), false);
    assert.equal(verifyBytes(key.publicKey, Buffer.from('x'), signBytes(other.privateKey, Buffer.from('x'))), false);
  });
});
