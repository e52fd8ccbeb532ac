/**
 * The Ed25519 key the builds are signed with. The helper carries the public key (compiled in) and refuses an
 * update whose manifest does not verify against it; installers get a detached signature (.sig) beside them.
 *
 * The private key never enters the repository: env HELPER_SIGNING_KEY names a PEM file, else it lives in
 * <DATA_DIR or ./data>/keys/helper-signing-ed25519.pem, made at the first build. Losing it means helpers already
 * installed can no longer update themselves (they trust only the key they were built with).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signedManifestBytes, type HelperBuildManifest } from '../common/helper-update.ts';
import type { HelperPlatform } from '../common/burn-protocol.ts';

export const SIGNING_KEY_NAME = 'helper-signing-ed25519.pem';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as base64 SPKI DER: what the helper is built with (__HELPER_UPDATE_PUBLIC_KEY__). */
  publicKeyBase64: string;
  file: string;
  /** True when this call made the key. */
  created: boolean;
}

/** HELPER_SIGNING_KEY, else the data folder's key file. */
export function defaultSigningKeyFile(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): string {
  if (env.HELPER_SIGNING_KEY) return path.resolve(env.HELPER_SIGNING_KEY);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return path.join(dataDir, 'keys', SIGNING_KEY_NAME);
}

/** Reads the key, or makes it (mode 600) when the file does not exist yet. */
export function loadOrCreateSigningKey(file: string): SigningKey {
  let created = false;
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    created = true;
  }
  const privateKey = createPrivateKey(readFileSync(file));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 private key.`);
  const publicKey = createPublicKey(privateKey);
  const publicKeyBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey, publicKey, publicKeyBase64, file, created };
}

export const signBytes = (key: KeyObject, bytes: Uint8Array): string => sign(null, bytes, key).toString('base64');

export function verifyBytes(publicKey: KeyObject | string, bytes: Uint8Array, signature: string): boolean {
  const key = typeof publicKey === 'string' ? createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }) : publicKey;
  try {
    return verify(null, bytes, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The signed manifest of one helper executable. */
export function helperManifest(key: KeyObject, platform: HelperPlatform, version: number, executable: Buffer): HelperBuildManifest {
  const unsigned = { platform, version, size: executable.length, sha256: sha256Hex(executable) };
  return { ...unsigned, signature: signBytes(key, signedManifestBytes(unsigned)) };
}

/** Checks a manifest the way the helper does: signature, then the executable's size and SHA-256 when given. */
export function verifyHelperManifest(publicKey: KeyObject | string, manifest: HelperBuildManifest, executable?: Buffer): boolean {
  const { signature, ...unsigned } = manifest;
  if (!verifyBytes(publicKey, signedManifestBytes(unsigned), signature)) return false;
  return !executable || (executable.length === manifest.size && sha256Hex(executable) === manifest.sha256);
}
