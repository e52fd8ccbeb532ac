import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedManifestBytes } from '../common/helper-update.ts';
import { verifyManifest } from '../native-host/src/updater.ts';
import { defaultSigningKeyFile, helperManifest, loadBuildSigningKey, loadOrCreateSigningKey, publicKeyFileFor, readKeyRotations, rotateSigningKey, sha256Hex, signBytes, verifyBytes, verifyHelperManifest } from './signing.ts';

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

  it('refuses to build where only the public key is (a serving machine), and where a named key is missing', () => {
    const keys = path.join(dir, 'server-keys');
    mkdirSync(keys);
    const file = path.join(keys, 'helper-signing-ed25519.pem');
    writeFileSync(publicKeyFileFor(file), `${loadOrCreateSigningKey(path.join(dir, 'release.pem')).publicKeyBase64}\n`);
    assert.throws(() => loadBuildSigningKey(file, false), /holds only the public update key .*does not build unsigned ones/);
    assert.ok(!existsSync(file), 'no key was made on the serving machine');
    assert.throws(() => loadBuildSigningKey(path.join(dir, 'nowhere.pem'), true), /does not exist \(HELPER_SIGNING_KEY\)/);
    // A first trial on one machine: the key is made, with its public half beside it.
    const trial = loadBuildSigningKey(path.join(dir, 'trial', 'helper-signing-ed25519.pem'), false);
    assert.equal(trial.created, true);
    assert.equal(readFileSync(publicKeyFileFor(trial.file), 'utf8').trim(), trial.publicKeyBase64);
  });

  it('rotates to a new key through a record signed by the old one, which installed helpers then accept', () => {
    const oldKey = loadOrCreateSigningKey(path.join(dir, 'rot', 'old.pem'));
    const { file } = rotateSigningKey(oldKey.file, path.join(dir, 'rot', 'new', 'helper-signing-ed25519.pem'));
    const newKey = loadOrCreateSigningKey(path.join(dir, 'rot', 'new', 'helper-signing-ed25519.pem'));
    const rotations = readKeyRotations(newKey.file);
    assert.equal(file, path.join(dir, 'rot', 'new', 'helper-key-rotations.json'));
    assert.deepEqual(rotations?.map((r) => [r.previous, r.next]), [[oldKey.publicKeyBase64, newKey.publicKeyBase64]]);
    const exe = Buffer.from('helper v9');
    const manifest = helperManifest(newKey.privateKey, 'linux-x64', 9, exe, rotations);
    // A helper built with the old key accepts the build signed with the new one through the record...
    assert.equal(verifyManifest(JSON.parse(JSON.stringify(manifest)), oldKey.publicKeyBase64, 'linux-x64', 8).version, 9);
    // ...but not without it, nor through a record signed by a key it does not trust.
    const { rotations: _drop, ...bare } = manifest;
    void _drop;
    assert.throws(() => verifyManifest(bare, oldKey.publicKeyBase64, 'linux-x64', 8), /signature is not valid/);
    const rogue = loadOrCreateSigningKey(path.join(dir, 'rot', 'rogue.pem'));
    const forged = { previous: oldKey.publicKeyBase64, next: rogue.publicKeyBase64, signature: signBytes(rogue.privateKey, Buffer.from('x')) };
    const rogueManifest = helperManifest(rogue.privateKey, 'linux-x64', 9999, exe, [forged]);
    assert.throws(() => verifyManifest(rogueManifest, oldKey.publicKeyBase64, 'linux-x64', 8), /signature is not valid/);
  });
});
