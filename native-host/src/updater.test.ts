import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { HelperPlatform } from '../../common/burn-protocol.ts';
import { signedManifestBytes, type HelperBuildManifest } from '../../common/helper-update.ts';
import { installBuild, runUpdate, verifyManifest } from './updater.ts';

const keys = crypto.generateKeyPairSync('ed25519');
const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const strangerKeys = crypto.generateKeyPairSync('ed25519');

function sign(build: Buffer, platform: HelperPlatform, version: number, privateKey = keys.privateKey): HelperBuildManifest {
  const manifest = { platform, version, size: build.length, sha256: crypto.createHash('sha256').update(build).digest('hex') };
  return { ...manifest, signature: crypto.sign(null, signedManifestBytes(manifest), privateKey).toString('base64') };
}

/** The /denim installer route as the helper's update reads it. */
async function startUpdateServer(): Promise<{ origin: string; manifest: unknown; build: Buffer; hits: string[]; close(): Promise<void> }> {
  const state = { origin: '', manifest: {} as unknown, build: Buffer.alloc(0), hits: [] as string[], close: async (): Promise<void> => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    state.hits.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (url.pathname !== '/denim/download_resource/installer' || url.searchParams.get('platform') !== 'linux-x64') {
      response.writeHead(404).end();
      return;
    }
    if (url.searchParams.get('artifact') === 'helper_manifest') response.end(JSON.stringify(state.manifest));
    else if (url.searchParams.get('artifact') === 'helper') response.end(state.build);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

describe('helper auto-update', () => {
  let server: Awaited<ReturnType<typeof startUpdateServer>>;
  let dir: string;
  let target: string;
  const oldBuild = Buffer.from('#!/bin/sh\necho old helper 7\n');
  const newBuild = Buffer.concat([Buffer.from('#!/bin/sh\necho new helper 8\n'), crypto.randomBytes(200 * 1024)]);

  before(async () => {
    server = await startUpdateServer();
  });
  after(() => server.close());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-update-'));
    target = path.join(dir, 'tribute-burner');
    fs.writeFileSync(target, oldBuild, { mode: 0o755 });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const update = (progress?: (percent: number) => void) =>
    runUpdate({ server: server.origin, platform: 'linux-x64', currentVersion: 7, publicKey, target, progress });
  const leftovers = () => fs.readdirSync(dir).filter((name) => name !== 'tribute-burner');

  it('installs a newer build signed with its key, in place of itself, executable', async () => {
    server.build = newBuild;
    server.manifest = sign(newBuild, 'linux-x64', 8);
    const percents: number[] = [];
    assert.equal(await update((percent) => percents.push(percent)), 8);
    assert.ok(fs.readFileSync(target).equals(newBuild));
    assert.equal(fs.statSync(target).mode & 0o777, 0o755);
    assert.equal(percents[percents.length - 1], 100);
    assert.deepEqual(leftovers(), []);
    assert.ok(server.hits.includes('/denim/download_resource/installer?platform=linux-x64&artifact=helper_manifest'));
  });

  const refused = async (pattern: RegExp) => {
    await assert.rejects(update(), pattern);
    assert.ok(fs.readFileSync(target).equals(oldBuild), 'the running helper stays as it was');
    assert.deepEqual(leftovers(), []);
  };

  it('refuses a build whose bytes were tampered with', async () => {
    server.manifest = sign(newBuild, 'linux-x64', 8);
    const tampered = Buffer.from(newBuild);
    tampered[100] ^= 1;
    server.build = tampered;
    await refused(/tampered/);
  });

  it('refuses a manifest signed with another key, edited after signing, or not signed', async () => {
    server.build = newBuild;
    server.manifest = sign(newBuild, 'linux-x64', 8, strangerKeys.privateKey);
    await refused(/signature is not valid/);
    server.manifest = { ...sign(newBuild, 'linux-x64', 8), version: 9 };
    await refused(/signature is not valid/);
    const { signature: _signature, ...unsigned } = sign(newBuild, 'linux-x64', 8);
    server.manifest = unsigned;
    await refused(/not signed/);
  });

  it('refuses an older or equal version and another system\'s build', async () => {
    server.build = newBuild;
    server.manifest = sign(newBuild, 'linux-x64', 6);
    await refused(/not newer/);
    server.manifest = sign(newBuild, 'linux-x64', 7);
    await refused(/not newer/);
    server.manifest = sign(newBuild, 'win-x64', 8);
    await refused(/for win-x64/);
  });

  it('refuses everything when the helper has no key', () => {
    assert.throws(() => verifyManifest(sign(newBuild, 'linux-x64', 8), null, 'linux-x64', 7), /no update key/);
  });

  it('on Windows moves the running executable aside to .old, then puts the new one in its place', async () => {
    const file = path.join(dir, 'new.exe');
    fs.writeFileSync(file, newBuild);
    await installBuild(file, target, 'win32');
    assert.ok(fs.readFileSync(target).equals(newBuild));
    assert.ok(fs.readFileSync(`${target}.old`).equals(oldBuild));
  });
});
