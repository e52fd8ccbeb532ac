/**
 * Authenticode signatures for the Windows files (the helper, which is also its own update, and the NSIS installer),
 * made on Debian with osslsigncode when a code-signing certificate is configured:
 *
 *   WINDOWS_SIGNING_PFX            the certificate and its private key, a PKCS#12 (.pfx / .p12) file
 *   WINDOWS_SIGNING_PASSWORD       its password (may be empty)
 *   WINDOWS_SIGNING_TIMESTAMP_URL  an RFC 3161 timestamp server (say http://timestamp.digicert.com); off by default,
 *                                  so a build never needs the network. With it, signatures stay valid after the
 *                                  certificate expires.
 *
 * Windows SmartScreen and the file's Properties then name the publisher. The Ed25519 signatures of signing.ts stay
 * the helper's own integrity check: Authenticode comes first, then SHA-256 and Ed25519 are taken over the final
 * bytes. Without a certificate the files stay unsigned and the build says so.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SIGNING_ENV = { pfx: 'WINDOWS_SIGNING_PFX', password: 'WINDOWS_SIGNING_PASSWORD', timestampUrl: 'WINDOWS_SIGNING_TIMESTAMP_URL' } as const;

export interface AuthenticodeConfig {
  pfx: string;
  password: string;
  /** null: no timestamp (the default). */
  timestampUrl: string | null;
}

/** What the build says when the Windows files go out unsigned. */
export const UNSIGNED_NOTE = `The Windows helper and installer are not Authenticode-signed (no ${SIGNING_ENV.pfx}): Windows SmartScreen will say "Windows protected your PC" at their first run, and the install dialog tells Windows users to choose More info, then Run anyway.`;

/** The signing configuration from the environment; null when no certificate is configured. Throws on a bad one. */
export function authenticodeConfig(env: NodeJS.ProcessEnv = process.env): AuthenticodeConfig | null {
  const pfx = env[SIGNING_ENV.pfx];
  if (!pfx) return null;
  if (!existsSync(pfx)) throw new Error(`${SIGNING_ENV.pfx} names ${pfx}, which does not exist.`);
  const timestampUrl = env[SIGNING_ENV.timestampUrl] || null;
  if (timestampUrl && !/^https?:\/\/[^\s]+$/.test(timestampUrl)) throw new Error(`${SIGNING_ENV.timestampUrl} must be an http(s) address, not ${timestampUrl}.`);
  return { pfx: path.resolve(pfx), password: env[SIGNING_ENV.password] ?? '', timestampUrl };
}

/** What identifies a signing setup in cache keys: the certificate file's bytes and the timestamp choice. */
export function signingIdentity(config: AuthenticodeConfig): string {
  return createHash('sha256').update(readFileSync(config.pfx)).update(`\n${config.timestampUrl ?? ''}`).digest('hex');
}

/**
 * osslsigncode's arguments to sign `input` into `output`. The password is read from a file (-readpass), never put
 * on the command line where any user's `ps` would see it. SHA-256 digests; -ts is RFC 3161.
 */
export function signArguments(config: AuthenticodeConfig, passwordFile: string, input: string, output: string, description: { name: string; url: string }): string[] {
  const args = ['sign', '-pkcs12', config.pfx, '-readpass', passwordFile, '-h', 'sha256', '-n', description.name, '-i', description.url];
  if (config.timestampUrl) args.push('-ts', config.timestampUrl);
  args.push('-in', input, '-out', output);
  return args;
}

/** Signs a PE file in place (through a temporary file and a rename). */
export async function signPe(file: string, config: AuthenticodeConfig, description: { name: string; url: string }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-authenticode-'));
  const passwordFile = path.join(dir, 'password');
  const signed = `${file}.signed`;
  try {
    writeFileSync(passwordFile, config.password, { mode: 0o600 });
    await run('osslsigncode', signArguments(config, passwordFile, file, signed, description), { maxBuffer: 16 * 1024 * 1024 });
    renameSync(signed, file);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('osslsigncode is not installed (Debian: apt-get install osslsigncode); unset WINDOWS_SIGNING_PFX to build unsigned.');
    const said = `${failure.stderr ?? ''}${failure.stdout ?? ''}`.trim().split('\n').slice(-4).join(' ');
    throw new Error(`Authenticode signing of ${path.basename(file)} failed: ${said || failure.message}`);
  } finally {
    rmSync(signed, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `osslsigncode verify` of a file; caFile is the root to trust (a test's self-signed certificate). */
export async function verifyPe(file: string, caFile?: string): Promise<{ ok: boolean; output: string }> {
  const args = ['verify', ...(caFile ? ['-CAfile', caFile] : []), '-in', file];
  try {
    const { stdout, stderr } = await run('osslsigncode', args, { maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` || failure.message };
  }
}
