/**
 * The helper's auto-update (spec 3 section 4.6). It asks its update server for the signed manifest of the newest
 * build for its system, checks the Ed25519 signature against the public key compiled into this helper, refuses a
 * build for another system, an unsigned, tampered or not newer one, downloads the executable, checks its size and
 * SHA-256, and puts it in place of itself atomically (a rename on the same folder). The browser starts the new
 * build on its next connection, so the helper exits after answering update_finish.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isSea } from 'node:sea';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { HelperPlatform } from '../../common/burn-protocol.ts';
import { installerUrl, signedManifestBytes, trustedKeys, type HelperBuildManifest, type KeyRotation } from '../../common/helper-update.ts';

export class UpdateRefused extends Error {}

const MAX_MANIFEST_BYTES = 64 * 1024;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a manifest and answers it when this helper may install it; else throws UpdateRefused saying why. The
 * signature is checked first, so nothing an attacker wrote is trusted before it is known to be ours.
 */
export function verifyManifest(raw: unknown, publicKey: string | null, platform: HelperPlatform, currentVersion: number): HelperBuildManifest {
  if (!publicKey) throw new UpdateRefused('This helper has no update key, so it cannot check an update: please reinstall it.');
  if (!isRecord(raw)) throw new UpdateRefused('The update manifest is not a JSON object.');
  const { platform: target, version, size, sha256, signature } = raw;
  if (typeof target !== 'string' || !Number.isSafeInteger(version) || !Number.isSafeInteger(size) || (size as number) <= 0 || typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) {
    throw new UpdateRefused('The update manifest is incomplete.');
  }
  if (typeof signature !== 'string' || !signature) throw new UpdateRefused('The update is not signed.');
  const manifest = { platform: target as HelperPlatform, version: version as number, size: size as number, sha256 };
  // A key other than the compiled-in one is trusted only through rotation records signed by a trusted key.
  const rotations = Array.isArray(raw.rotations) ? (raw.rotations as KeyRotation[]) : undefined;
  const valid = trustedKeys(publicKey, rotations, verifyWith).some((key) => verifyWith(key, signedManifestBytes(manifest), signature));
  if (!valid) throw new UpdateRefused("The update's signature is not valid: it was not made by this product's build.");
  if (manifest.platform !== platform) throw new UpdateRefused(`The update is for ${manifest.platform}, not for this computer (${platform}).`);
  if (manifest.version <= currentVersion) throw new UpdateRefused(`The update's version ${manifest.version} is not newer than this helper's version ${currentVersion}.`);
  return { ...manifest, signature };
}

/** Ed25519 over bytes with a base64 SPKI DER key; false for anything malformed. */
function verifyWith(key: string, bytes: Uint8Array, signature: string): boolean {
  try {
    return crypto.verify(null, bytes, crypto.createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow', headers: { 'User-Agent': 'tribute-burner' } });
  } catch (error) {
    throw new Error(`Could not reach the update server: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    const detail = /"error"\s*:\s*"([^"]+)"/.exec(body)?.[1];
    throw new Error(`The update server answered ${response.status}${detail ? `: ${detail}` : ` ${response.statusText}`}`);
  }
  return response;
}

export async function fetchManifest(server: string, platform: HelperPlatform, signal?: AbortSignal): Promise<unknown> {
  const response = await get(installerUrl(server, platform, 'helper_manifest'), signal);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) throw new UpdateRefused('The update manifest is too large.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UpdateRefused('The update manifest is not JSON.');
  }
}

/** Downloads the build into file, checking its size and SHA-256 against the verified manifest. */
export async function downloadBuild(server: string, manifest: HelperBuildManifest, file: string, progress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  const response = await get(installerUrl(server, manifest.platform, 'helper'), signal);
  if (!response.body) throw new Error('The update server sent no file.');
  const hash = crypto.createHash('sha256');
  const out = fs.createWriteStream(file, { mode: 0o755 });
  let received = 0;
  let lastPercent = -1;
  try {
    for await (const chunk of Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)) {
      const bytes = chunk as Buffer;
      received += bytes.length;
      if (received > manifest.size) throw new UpdateRefused(`The downloaded update is larger than its signed size ${manifest.size}: it was tampered with.`);
      hash.update(bytes);
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      const percent = Math.floor((received / manifest.size) * 100);
      if (percent !== lastPercent) {
        lastPercent = percent;
        progress(percent);
      }
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  if (received !== manifest.size) throw new UpdateRefused(`The downloaded update has ${received} bytes, not its signed ${manifest.size}.`);
  const actual = hash.digest('hex');
  if (actual !== manifest.sha256) throw new UpdateRefused('The downloaded update does not match its signed SHA-256: it was tampered with.');
}

/**
 * Puts the verified file in place of target. A rename in one folder is atomic, so the browser either starts the
 * old build or the new one, never half of one. Windows cannot replace a running executable but can rename it,
 * so there the running one moves aside to .old first (removed at the next start).
 */
export async function installBuild(file: string, target: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  await fs.promises.chmod(file, 0o755);
  if (platform === 'win32') {
    const old = `${target}.old`;
    await fs.promises.rm(old, { force: true });
    await fs.promises.rename(target, old);
    try {
      await fs.promises.rename(file, target);
    } catch (error) {
      await fs.promises.rename(old, target);
      throw error;
    }
    return;
  }
  await fs.promises.rename(file, target);
}

/** Removes what a Windows update left beside the executable. */
export function cleanOldExecutable(target = process.execPath): void {
  fs.rmSync(`${target}.old`, { force: true });
}

/** Why this process cannot replace itself, or null when it can (a single executable build). */
export function selfUpdateProblem(): string | null {
  if (isSea()) return null;
  return `This helper runs as a script under ${path.basename(process.execPath)}, not as its own executable, so it cannot update itself: install the built helper (npm run build:helper).`;
}

export interface UpdateOptions {
  server: string;
  platform: HelperPlatform;
  currentVersion: number;
  publicKey: string | null;
  /** The executable to replace (process.execPath in the built helper; a temporary file in tests). */
  target: string;
  progress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The whole update; answers the version installed. Leaves nothing behind when it fails. */
export async function runUpdate(options: UpdateOptions): Promise<number> {
  const manifest = verifyManifest(await fetchManifest(options.server, options.platform, options.signal), options.publicKey, options.platform, options.currentVersion);
  const temp = path.join(path.dirname(options.target), `.${path.basename(options.target)}.${process.pid}.update`);
  try {
    await downloadBuild(options.server, manifest, temp, options.progress ?? (() => undefined), options.signal);
    await installBuild(temp, options.target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      // A system-wide install (the .deb in /opt): the user running the browser may not replace it.
      throw new Error(`The helper is installed in ${path.dirname(options.target)}, which this user cannot change, so it cannot update itself: please install version ${manifest.version} with the installer.`);
    }
    throw error;
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
  return manifest.version;
}
