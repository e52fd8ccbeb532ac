/**
 * The Ed25519 key the builds are signed with. The helper carries the public key (compiled in) and refuses an
 * update whose manifest does not verify against it; installers get a detached signature (.sig) beside them.
 *
 * The private key never enters the repository and, in production, never sits on the web server: the release
 * machine (or CI) runs `npm run build:helper` with HELPER_SIGNING_KEY naming the PEM file, and the signed output is
 * copied to the server, which only serves it (docs/architecture.md, "Release flow"). A machine that holds only the
 * public key (helper-signing-ed25519.pub beside where the private key would be) refuses to build: it serves the
 * signed files it was given and never makes unsigned or self-signed ones. For a first trial on one machine,
 * without either file, the first build makes the key in <DATA_DIR or ./data>/keys/ and says plainly that
 * production should sign elsewhere.
 *
 * Replacing the key: `node --import tsx installer/signing.ts rotate --from OLD.pem --to NEW.pem` writes a rotation
 * record signed by the old key into helper-key-rotations.json beside the new one; builds signed with the new key
 * carry the records in their manifests, and installed helpers accept the new key through them
 * (common/helper-update.ts trustedKeys) without a reinstall.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signedManifestBytes, signedRotationBytes, type HelperBuildManifest, type KeyRotation } from '../common/helper-update.ts';
import type { HelperPlatform } from '../common/burn-protocol.ts';

export const SIGNING_KEY_NAME = 'helper-signing-ed25519.pem';
/** Beside the private key's place: the public key alone (base64 SPKI DER), on a machine that only serves. */
export const PUBLIC_KEY_NAME = 'helper-signing-ed25519.pub';
/** Beside the private key: the rotation records leading to it, JSON KeyRotation[]. */
export const ROTATIONS_NAME = 'helper-key-rotations.json';

export const publicKeyFileFor = (keyFile: string): string => path.join(path.dirname(keyFile), PUBLIC_KEY_NAME);
export const rotationsFileFor = (keyFile: string): string => path.join(path.dirname(keyFile), ROTATIONS_NAME);

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

/**
 * The key a build signs with. explicit (HELPER_SIGNING_KEY or an option named the file): it must exist. Else the
 * data folder's key, made for a first trial only when no public key alone says this machine serves builds signed
 * elsewhere. The public key is written beside a made key (the file a serving machine keeps).
 */
export function loadBuildSigningKey(file: string, explicit: boolean): SigningKey {
  if (!existsSync(file)) {
    if (explicit) throw new Error(`The signing key ${file} does not exist (HELPER_SIGNING_KEY). Sign on the machine that holds the key.`);
    const publicOnly = publicKeyFileFor(file);
    if (existsSync(publicOnly)) {
      throw new Error(
        `This machine holds only the public update key (${publicOnly}): it serves builds signed on the release machine and does not build unsigned ones. Run npm run build:helper where the private key is (HELPER_SIGNING_KEY=/path/to/${SIGNING_KEY_NAME}) and copy its output folder here.`,
      );
    }
  }
  const key = loadOrCreateSigningKey(file);
  if (key.created) writeFileSync(publicKeyFileFor(file), `${key.publicKeyBase64}\n`, { mode: 0o644 });
  return key;
}

/** The rotation records kept beside a key (empty when it was never rotated to). */
export function readKeyRotations(keyFile: string): KeyRotation[] | undefined {
  const file = rotationsFileFor(keyFile);
  if (!existsSync(file)) return undefined;
  const records = JSON.parse(readFileSync(file, 'utf8')) as KeyRotation[];
  if (!Array.isArray(records)) throw new Error(`${file} must hold a list of key rotation records.`);
  return records;
}

/**
 * Hands over from the key in fromFile to the one in toFile (made when missing): a record signed by the old key,
 * appended to the old key's own records and written beside the new key.
 */
export function rotateSigningKey(fromFile: string, toFile: string): { rotation: KeyRotation; file: string } {
  const from = loadOrCreateSigningKey(fromFile);
  if (from.created) throw new Error(`${fromFile} did not exist: rotate from the key installed helpers trust.`);
  const to = loadOrCreateSigningKey(toFile);
  const unsigned = { previous: from.publicKeyBase64, next: to.publicKeyBase64 };
  const rotation: KeyRotation = { ...unsigned, signature: signBytes(from.privateKey, signedRotationBytes(unsigned)) };
  const chain = [...(readKeyRotations(fromFile) ?? []), rotation];
  const file = rotationsFileFor(toFile);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(chain, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  writeFileSync(publicKeyFileFor(toFile), `${to.publicKeyBase64}\n`, { mode: 0o644 });
  return { rotation, file };
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
export function helperManifest(key: KeyObject, platform: HelperPlatform, version: number, executable: Buffer, rotations?: KeyRotation[]): HelperBuildManifest {
  const unsigned = { platform, version, size: executable.length, sha256: sha256Hex(executable) };
  return { ...unsigned, signature: signBytes(key, signedManifestBytes(unsigned)), ...(rotations?.length ? { rotations } : {}) };
}

/** Checks a manifest the way the helper does: signature, then the executable's size and SHA-256 when given. */
export function verifyHelperManifest(publicKey: KeyObject | string, manifest: HelperBuildManifest, executable?: Buffer): boolean {
  const { signature, ...unsigned } = manifest;
  if (!verifyBytes(publicKey, signedManifestBytes(unsigned), signature)) return false;
  return !executable || (executable.length === manifest.size && sha256Hex(executable) === manifest.sha256);
}

// ------------------------------------------------------------------------------------------------- command line

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (positionals[0] !== 'rotate' || !values.from || !values.to) {
    console.error('Usage: node --import tsx installer/signing.ts rotate --from OLD.pem --to NEW.pem');
    process.exit(2);
  }
  try {
    const { file } = rotateSigningKey(path.resolve(values.from), path.resolve(values.to));
    console.log(`Wrote ${file}: builds signed with ${values.to} now carry it, and installed helpers accept the new key through it.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
