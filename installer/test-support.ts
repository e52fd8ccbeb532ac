/**
 * What the installer tests share: one real build per process and platform set (cached across runs by
 * cache.ts, so a second run takes seconds), signed with a test key of their own that lives in the build cache (a
 * new key every run would make a new helper every run), and a framed `version` request to the helper.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requestFrame, type ReplyFrame } from '../common/burn-protocol.ts';
import type { AuthenticodeConfig } from './authenticode.ts';
import { buildBurner, type BuildBurnerResult } from './build.ts';
import { defaultCacheDir } from './cache.ts';
import type { HelperPlatform } from '../common/burn-protocol.ts';

export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';
/** A download mirror (DOWNLOAD_ALTERNATES) the installed helpers must be allowed to download from. */
export const TEST_MIRROR = 'http://127.0.0.2:8080';
export const testSigningKeyFile = (): string => path.join(defaultCacheDir(), 'test-keys', 'helper-signing-test.pem');

const builds = new Map<string, Promise<BuildBurnerResult>>();
const outDirs: string[] = [];
// Each build folder holds a few hundred MB (helpers and installers): gone when the test process ends.
process.on('exit', () => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A self-signed code-signing certificate for the tests (openssl), as a password-protected .pfx and the PEM
 * certificate osslsigncode verify trusts. Made once into the build cache: a new one each run would re-sign.
 */
export function testCodeSigningCertificate(): AuthenticodeConfig & { certificate: string } {
  const dir = path.join(defaultCacheDir(), 'test-keys');
  const [key, certificate, pfx] = ['code-signing-test.key', 'code-signing-test.pem', 'code-signing-test.pfx'].map((name) => path.join(dir, name));
  const password = 'test pass phrase';
  if (!existsSync(pfx)) {
    mkdirSync(dir, { recursive: true });
    const subject = '/CN=Tribute Test Publisher/O=Tribute Tests';
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '3650', '-subj', subject, '-addext', 'extendedKeyUsage=codeSigning', '-addext', 'keyUsage=digitalSignature'], { stdio: 'pipe' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', certificate, '-out', `${pfx}.tmp`, '-passout', `pass:${password}`], { stdio: 'pipe' });
    execFileSync('mv', [`${pfx}.tmp`, pfx]);
  }
  return { pfx, password, timestampUrl: null, certificate };
}

/** A build of the given platforms into a fresh folder (no extensions: extension/ has its own tests); unsigned for Windows unless a certificate is given. */
export function testBuild(platforms: readonly HelperPlatform[], helperVersion?: number, authenticode: AuthenticodeConfig | null = null): Promise<BuildBurnerResult> {
  const id = `${platforms.join(',')}@${helperVersion ?? ''}@${authenticode?.pfx ?? ''}`;
  let build = builds.get(id);
  if (!build) {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-burner-build-'));
    outDirs.push(outDir);
    build = buildBurner({ publicUrl: TEST_PUBLIC_URL, mirrors: [TEST_MIRROR], outDir, platforms, helperVersion, signingKeyFile: testSigningKeyFile(), extensions: false, authenticode });
    builds.set(id, build);
  }
  return build;
}

/** A native messaging frame: 4-byte little-endian length, then the JSON. */
export function frame(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value));
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length);
  return Buffer.concat([header, body]);
}

export const versionRequest = (id = 1): Buffer => frame(requestFrame(id, { type: 'version' }));

/** Splits native messaging output into its frames. */
export function readFrames(bytes: Buffer): ReplyFrame[] {
  const frames: ReplyFrame[] = [];
  let offset = 0;
  while (offset + 4 <= bytes.length) {
    const length = bytes.readUInt32LE(offset);
    frames.push(JSON.parse(bytes.subarray(offset + 4, offset + 4 + length).toString('utf8')) as ReplyFrame);
    offset += 4 + length;
  }
  return frames;
}

/** Starts a helper executable as a browser would, sends one version request, closes stdin, answers its replies. */
export function askVersion(executable: string, env: NodeJS.ProcessEnv = {}): Promise<{ frames: ReplyFrame[]; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [], { env: { PATH: process.env.PATH, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ frames: readFrames(Buffer.concat(out)), stderr, code }));
    child.stdin.end(versionRequest());
  });
}
