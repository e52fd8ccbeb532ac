/**
 * The helper's version and the public key its updates must be signed with. The build (installer/) bakes both in
 * with esbuild's define, so a built helper carries them inside its one executable and nothing on disk can change
 * them; run unbundled (tsx, unit tests) they fall back to version.json and env TRIBUTE_BURNER_UPDATE_KEY.
 */
import os from 'node:os';
import type { HelperPlatform } from '../../common/burn-protocol.ts';
import versionFile from '../version.json' with { type: 'json' };

declare const __HELPER_VERSION__: number | undefined;
declare const __HELPER_UPDATE_PUBLIC_KEY__: string | undefined;

/** The version the window compares with MIN_NATIVE_VERSION. */
export const HELPER_VERSION: number = typeof __HELPER_VERSION__ === 'number' ? __HELPER_VERSION__ : versionFile.version;

/** Base64 SPKI DER of the Ed25519 key updates are verified with, or null when this helper has none. */
export function updatePublicKey(): string | null {
  if (typeof __HELPER_UPDATE_PUBLIC_KEY__ === 'string') return __HELPER_UPDATE_PUBLIC_KEY__ || null;
  return process.env.TRIBUTE_BURNER_UPDATE_KEY || null;
}

/** The build this process is: its system and processor. */
export function helperPlatform(): HelperPlatform {
  if (process.platform === 'win32') return 'win-x64';
  if (process.platform === 'darwin') return 'darwin-x64';
  if (process.platform !== 'linux') throw new Error(`The DVD burning tool does not run on ${os.type()}.`);
  return 'linux-x64';
}
