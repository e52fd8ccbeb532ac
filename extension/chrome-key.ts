/**
 * The Chrome extension's signing key: every installation signs its own .crx (issue 29.2). An RSA key pair made at
 * the first build and kept beside the helper's update-signing key (installer/signing.ts: HELPER_SIGNING_KEY's
 * folder, else <DATA_DIR or ./data>/keys/), or named by env CHROME_EXTENSION_KEY (a PEM file that must exist).
 * The extension id follows from the public key (crx.ts extensionIdFromPublicKey): the unpacked build carries it as
 * the manifest's "key", every native messaging host manifest names chrome-extension://<id>/, and the browsers'
 * install policies force-install that id. Keep the key: a new one is a new extension, which installed copies
 * never update to.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { extensionIdFromPublicKey, publicKeyDer } from './crx.ts';

export const CHROME_KEY_NAME = 'chrome-extension-rsa.pem';

export interface ChromeKey {
  privateKey: KeyObject;
  /** SubjectPublicKeyInfo DER, base64: the manifest's "key". */
  publicKeyBase64: string;
  /** The 32 letters a-p Chrome names the extension by. */
  extensionId: string;
  file: string;
  /** True when this call made the key. */
  created: boolean;
}

/** env CHROME_EXTENSION_KEY, else CHROME_KEY_NAME in the folder of the helper's signing key. */
export function defaultChromeKeyFile(signingKeyFile: string, env: NodeJS.ProcessEnv = process.env): { file: string; explicit: boolean } {
  if (env.CHROME_EXTENSION_KEY) return { file: path.resolve(env.CHROME_EXTENSION_KEY), explicit: true };
  return { file: path.join(path.dirname(signingKeyFile), CHROME_KEY_NAME), explicit: false };
}

/** The key in file, made (RSA 2048, mode 600) when it does not exist and was not named explicitly. */
export function loadOrCreateChromeKey(file: string, explicit = false): ChromeKey {
  let created = false;
  if (!existsSync(file)) {
    if (explicit) throw new Error(`The Chrome extension key ${file} does not exist (CHROME_EXTENSION_KEY).`);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    created = true;
  }
  const privateKey = createPrivateKey(readFileSync(file));
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error(`${file} is not an RSA private key (Chrome signs extensions with RSA).`);
  const der = publicKeyDer(privateKey);
  return { privateKey, publicKeyBase64: der.toString('base64'), extensionId: extensionIdFromPublicKey(der), file, created };
}

/** The id an unpacked build's manifest names through its "key" (the id the build was made for). */
export function extensionIdOfManifest(manifest: { key?: unknown }): string {
  if (typeof manifest.key !== 'string') throw new Error('The Chrome manifest has no "key".');
  return extensionIdFromPublicKey(Buffer.from(manifest.key, 'base64'));
}
