import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { burnerBuildsService } from '../server/src/burner/burner-builds.service.ts';
import { buildBurner } from './build.ts';
import { buildFolderName, helperManifestPath } from './layout.ts';
import { beginStaging } from './staging.ts';

describe('installer: builds renamed into place whole, one folder per address', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'burner-staging-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  it('names a folder for each address, so two servers of one checkout keep their own build', () => {
    assert.equal(buildFolderName('http://127.0.0.1:8080/'), 'http_127.0.0.1_8080');
    assert.notEqual(buildFolderName('http://127.0.0.1:8080'), buildFolderName('http://127.0.0.1:8081'));
    assert.equal(buildFolderName('https://tribute.example.com/app'), 'https_tribute.example.com');
  });

  it('leaves the served build untouched until commit, and keeps it when the build is abandoned', () => {
    const target = path.join(root, 'http_127.0.0.1_8080');
    write(path.join(target, 'helper/linux-x64/manifest.json'), 'v1');
    write(path.join(target, 'build-info.json'), 'v1');
    const staging = beginStaging(target);
    // The previous build's helper files are shared by hard link; the build replaces files by rename.
    assert.equal(statSync(path.join(staging.dir, 'helper/linux-x64/manifest.json')).ino, statSync(path.join(target, 'helper/linux-x64/manifest.json')).ino);
    write(path.join(staging.dir, 'build-info.json.tmp'), 'v2');
    writeFileSync(path.join(staging.dir, 'build-info.json'), 'v2');
    assert.equal(readFileSync(path.join(target, 'build-info.json'), 'utf8'), 'v1');
    staging.abandon();
    assert.equal(readFileSync(path.join(target, 'build-info.json'), 'utf8'), 'v1');
    const next = beginStaging(target);
    writeFileSync(path.join(next.dir, 'build-info.json'), 'v3');
    next.commit();
    assert.equal(readFileSync(path.join(target, 'build-info.json'), 'utf8'), 'v3');
    assert.equal(readFileSync(path.join(target, 'helper/linux-x64/manifest.json'), 'utf8'), 'v1', 'what this build did not make is kept');
    assert.deepEqual(readdirSync(root), ['http_127.0.0.1_8080'], 'nothing left beside it');
  });

  it('removes the half-made folder of a build whose process died', () => {
    const target = path.join(root, 'site');
    const dead = `${target}.building-4194303-abcd1234`;
    write(path.join(dead, 'half'), 'x');
    beginStaging(target).abandon();
    assert.ok(!existsSync(dead));
  });

  it('an interrupted build leaves the last complete one served, and the server serves its own address only', async () => {
    const a = 'http://127.0.0.1:8080';
    const b = 'http://127.0.0.1:8081';
    for (const [url, version] of [[a, 'a'], [b, 'b']]) write(path.join(root, buildFolderName(url), helperManifestPath('linux-x64')), `{"v":"${version}"}`);
    await assert.rejects(
      buildBurner({ publicUrl: a, outDir: path.join(root, buildFolderName(a)), platforms: ['linux-x64'], extensions: false, helperEntry: path.join(root, 'missing.ts'), signingKeyFile: path.join(root, 'key.pem'), log: () => undefined }),
    );
    // Beside the two builds only the keys the first build makes next to its signing key (the Chrome package's too).
    assert.deepEqual(readdirSync(root).sort(), [buildFolderName(a), buildFolderName(b), 'key.pem', 'helper-signing-ed25519.pub', 'chrome-extension-rsa.pem'].sort());
    const served = (url: string) => readFileSync(burnerBuildsService(root, url).artifact('linux-x64', 'helper_manifest')!.path, 'utf8');
    assert.equal(served(a), '{"v":"a"}');
    assert.equal(served(b), '{"v":"b"}');
  });

  it('refuses a plain http address beyond loopback, naming the setting', async () => {
    await assert.rejects(buildBurner({ publicUrl: 'http://tribute.example.com', outDir: path.join(root, 'x'), platforms: [], extensions: false, allowPlainHttp: false }), /PUBLIC_URL \(--public-url\) "http:\/\/tribute.example.com" is plain http/);
    await assert.rejects(buildBurner({ publicUrl: 'https://tribute.example.com', mirrors: ['http://mirror.example.com'], outDir: path.join(root, 'x'), platforms: [], extensions: false, allowPlainHttp: false }), /DOWNLOAD_ALTERNATES "http:\/\/mirror.example.com" is plain http/);
    assert.ok(!existsSync(path.join(root, 'x')));
  });
});
