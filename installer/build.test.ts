import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Koa from 'koa';
import { NATIVE_HOST_NAME } from '../common/burn-protocol.ts';
import { DENIM_PATHS, type HelperBuildManifest } from '../common/helper-update.ts';
import { loadConfig } from '../server/src/config.ts';
import { denimRoutes } from '../server/src/burner/denim.routes.ts';
import type { BuildBurnerResult } from './build.ts';
import { DEB_HELPER_PATH, DEB_HOST_DIRS, DEB_OLD_SHARED_DIR } from './deb.ts';
import { hostManifest } from './host-manifest.ts';
import { signaturePath } from './layout.ts';
import { sha256Hex, verifyBytes, verifyHelperManifest } from './signing.ts';
import { askVersion, testBuild, TEST_MIRROR, TEST_PUBLIC_URL } from './test-support.ts';

const run = promisify(execFile);

/** Every path under dir, relative, sorted. */
function tree(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? [`${relative}/`, ...tree(dir, relative)] : [relative];
  }).sort();
}

/** Runs the per-user install script as a user whose home is `home`, with nothing of this machine's XDG setup. */
function runScript(script: string, home: string, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile('bash', [script, ...args], { env: { PATH: process.env.PATH, HOME: home, TMPDIR: os.tmpdir() }, cwd: home }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, code: error ? Number((error as { code?: number }).code ?? 1) : 0 });
    });
  });
}

describe('installer: the Linux build (helper, .deb, per-user script)', function () {
  this.timeout(600_000);
  let build: BuildBurnerResult;
  let helper: { executable: string; manifest: HelperBuildManifest };
  let deb: string;
  const temporaries: string[] = [];
  const temporary = (name: string): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    temporaries.push(dir);
    return dir;
  };

  before(async () => {
    build = await testBuild(['linux-x64']);
    helper = build.helpers['linux-x64']!;
    deb = build.installers['linux-x64']!;
  });

  after(() => {
    for (const dir of temporaries) rmSync(dir, { recursive: true, force: true });
  });

  it('the Linux single executable answers version when started directly, as the browser starts it', async () => {
    const { frames, code } = await askVersion(helper.executable, { TRIBUTE_BURNER_LOG: path.join(temporary('helper-log'), 'helper.log') });
    assert.equal(code, 0);
    assert.equal(frames.length, 1);
    assert.deepEqual(frames[0], { channel: 'tribute-burn', id: 1, final: true, reply: { type: 'version', version: build.helperVersion, protocol: 1, platform: 'linux-x64', burner: 'system' } });
  });

  it('signs the helper: its manifest verifies against the build key and the executable; a flipped byte does not', () => {
    const bytes = readFileSync(helper.executable);
    const onDisk = JSON.parse(readFileSync(path.join(build.outDir, 'helper/linux-x64/manifest.json'), 'utf8')) as HelperBuildManifest;
    assert.deepEqual(onDisk, helper.manifest);
    assert.equal(onDisk.platform, 'linux-x64');
    assert.equal(onDisk.version, build.helperVersion);
    assert.equal(onDisk.size, bytes.length);
    assert.equal(onDisk.sha256, sha256Hex(bytes));
    assert.ok(verifyHelperManifest(build.publicKeyBase64, onDisk, bytes));

    const flipped = Buffer.from(bytes);
    flipped[flipped.length >> 1] ^= 0x01;
    assert.equal(verifyHelperManifest(build.publicKeyBase64, onDisk, flipped), false);
    assert.equal(verifyHelperManifest(build.publicKeyBase64, { ...onDisk, version: onDisk.version + 1 }), false);
    const signature = Buffer.from(onDisk.signature, 'base64');
    signature[0] ^= 0x80;
    assert.equal(verifyHelperManifest(build.publicKeyBase64, { ...onDisk, signature: signature.toString('base64') }), false);
  });

  it('puts an Ed25519 signature beside every installer', () => {
    for (const file of [deb, build.linuxUserInstall]) {
      const signature = readFileSync(signaturePath(file), 'utf8');
      assert.ok(verifyBytes(build.publicKeyBase64, readFileSync(file), signature), file);
      const tampered = Buffer.from(readFileSync(file));
      tampered[10] ^= 0x01;
      assert.equal(verifyBytes(build.publicKeyBase64, tampered, signature), false);
    }
  });

  it('the .deb installs the helper in /opt/tribute-burner and host manifests for Chrome, Chromium, Edge and Firefox naming it', async () => {
    assert.equal(path.basename(deb), `tribute-burner_${build.helperVersion}_amd64.deb`);
    const { stdout: listing } = await run('dpkg-deb', ['-c', deb], { maxBuffer: 4 * 1024 * 1024 });
    const entries = listing.split('\n').filter(Boolean).map((line) => ({ mode: line.split(/\s+/)[0], owner: line.split(/\s+/)[1], name: line.split(/\s+/).pop()!.replace(/^\./, '') }));
    const named = (name: string) => entries.find((entry) => entry.name === name);
    assert.equal(named(DEB_HELPER_PATH)?.mode, '-rwxr-xr-x');
    assert.equal(named(DEB_HELPER_PATH)?.owner, 'root/root');
    assert.ok(named('/opt/tribute-burner/config.json'));
    const manifests = ['/etc/opt/chrome/native-messaging-hosts', '/etc/chromium/native-messaging-hosts', '/etc/opt/edge/native-messaging-hosts', '/usr/lib/mozilla/native-messaging-hosts'].map((dir) => `${dir}/${NATIVE_HOST_NAME}.json`);
    for (const manifest of manifests) assert.ok(named(manifest), `${manifest} in the .deb`);

    // The files themselves: each manifest names the installed helper, for its browser's kind.
    const root = temporary('deb-root');
    await run('dpkg-deb', ['-x', deb, root]);
    for (const { dir, family } of DEB_HOST_DIRS) {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, `${NATIVE_HOST_NAME}.json`), 'utf8')) as unknown;
      assert.deepEqual(manifest, hostManifest(family, '/opt/tribute-burner/tribute-burner', build));
    }
    assert.deepEqual(JSON.parse(readFileSync(path.join(root, 'opt/tribute-burner/config.json'), 'utf8')), {
      servers: [TEST_PUBLIC_URL, TEST_MIRROR],
      updateServer: TEST_PUBLIC_URL,
      burner: { kind: 'system' },
    });
    assert.equal(sha256Hex(readFileSync(path.join(root, DEB_HELPER_PATH))), helper.manifest.sha256);
  });

  it('dpkg installs the .deb (into a scratch root) with no shared download folder, removes an old one, and removing it takes away every file', async () => {
    const root = temporary('dpkg-root');
    for (const dir of ['var/lib/dpkg/info', 'var/lib/dpkg/updates', 'var/tmp']) mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, 'var/lib/dpkg/status'), '');
    const before = tree(root).filter((entry) => !entry.startsWith('var/lib/dpkg/'));
    // An earlier version's world-writable folder, which let one account plant the image another burned.
    mkdirSync(path.join(root, DEB_OLD_SHARED_DIR), { mode: 0o1777 });
    writeFileSync(path.join(root, DEB_OLD_SHARED_DIR, 'dvd-x-0000000000000000.iso'), 'planted');
    // Chrootless: the maintainer scripts run here with DPKG_ROOT set, and must write only under it.
    const dpkg = (...args: string[]) => run('dpkg', [`--root=${root}`, '--force-script-chrootless', '--force-not-root', '--log=/dev/null', ...args], { env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } });
    await dpkg('-i', deb);
    assert.equal(sha256Hex(readFileSync(path.join(root, DEB_HELPER_PATH))), helper.manifest.sha256);
    for (const { dir } of DEB_HOST_DIRS) assert.ok(existsSync(path.join(root, dir, `${NATIVE_HOST_NAME}.json`)), dir);
    assert.ok(!existsSync(path.join(root, DEB_OLD_SHARED_DIR)), 'the shared folder is gone: each user downloads into ~/.cache/tribute-burner');
    await dpkg('-r', 'tribute-burner');
    assert.deepEqual(tree(root).filter((entry) => !entry.startsWith('var/lib/dpkg/')), before);
  });

  it('the .deb has its control fields and maintainer scripts that undo what they add', async () => {
    const field = async (name: string) => (await run('dpkg-deb', ['-f', deb, name])).stdout.trim();
    assert.equal(await field('Package'), 'tribute-burner');
    assert.equal(await field('Version'), String(build.helperVersion));
    assert.equal(await field('Architecture'), 'amd64');
    assert.match(await field('Description'), /^Tribute DVD burner/);
    assert.equal(await field('Suggests'), 'tribute-burner-browser-policies');
    // The managed-computer policies as a package of their own, beside the other policy files (policy-deb.test.ts).
    const policyDeb = path.join(build.outDir, 'policies', 'linux', `tribute-burner-browser-policies_${build.helperVersion}_all.deb`);
    assert.ok(build.policies.includes(policyDeb), build.policies.join(', '));
    assert.equal((await run('dpkg-deb', ['-f', policyDeb, 'Package'])).stdout.trim(), 'tribute-burner-browser-policies');
    assert.ok(Number(await field('Installed-Size')) > 50_000);
    const control = temporary('deb-control');
    await run('dpkg-deb', ['-e', deb, control]);
    const postinst = readFileSync(path.join(control, 'postinst'), 'utf8');
    assert.doesNotMatch(postinst, /chmod|1777|mkdir/, 'the package makes no folder shared between users');
    assert.ok(!existsSync(path.join(control, 'postrm')));
    assert.equal(statSync(path.join(control, 'postinst')).mode & 0o777, 0o755);
  });

  it('the per-user script installs into HOME (snap and flatpak folders when present) and --uninstall leaves nothing', async () => {
    const home = temporary('home');
    // The snap Firefox and flatpak Chromium have run once on this computer; the snap Chromium has not.
    mkdirSync(path.join(home, 'snap/firefox'), { recursive: true });
    mkdirSync(path.join(home, '.var/app/org.chromium.Chromium'), { recursive: true });
    const before = tree(home);
    const state = path.join(home, 'virtual-burner.json');
    writeFileSync(state, JSON.stringify({ present: true, media_type: 'DVD-R', blank: true }));
    const profile = path.join(home, 'chromium-profile');

    const result = await runScript(build.linuxUserInstall, home, ['--helper', helper.executable, '--server', 'http://127.0.0.1:9/', '--mirror', 'http://127.0.0.2:9/', '--virtual-burner', 'virtual-burner.json', '--chromium-user-data-dir', profile]);
    assert.equal(result.code, 0, result.stderr);

    const installed = path.join(home, '.local/share/tribute-burner/tribute-burner');
    assert.equal(sha256Hex(readFileSync(installed)), helper.manifest.sha256);
    assert.equal(statSync(installed).mode & 0o777, 0o755);
    assert.deepEqual(JSON.parse(readFileSync(path.join(home, '.local/share/tribute-burner/config.json'), 'utf8')), {
      servers: ['http://127.0.0.1:9', 'http://127.0.0.2:9'],
      updateServer: 'http://127.0.0.1:9',
      burner: { kind: 'virtual', stateFile: state },
    });
    const chromium = ['.config/google-chrome/NativeMessagingHosts', '.config/chromium/NativeMessagingHosts', '.config/microsoft-edge/NativeMessagingHosts', '.var/app/org.chromium.Chromium/config/chromium/NativeMessagingHosts', 'chromium-profile/NativeMessagingHosts'];
    const firefox = ['.mozilla/native-messaging-hosts', 'snap/firefox/common/.mozilla/native-messaging-hosts'];
    for (const dir of chromium) assert.deepEqual(JSON.parse(readFileSync(path.join(home, dir, `${NATIVE_HOST_NAME}.json`), 'utf8')), hostManifest('chromium', installed, build), dir);
    for (const dir of firefox) assert.deepEqual(JSON.parse(readFileSync(path.join(home, dir, `${NATIVE_HOST_NAME}.json`), 'utf8')), hostManifest('firefox', installed, build), dir);
    assert.equal(existsSync(path.join(home, 'snap/chromium')), false, 'no snap Chromium folder is made');

    // The installed helper runs with the installed configuration.
    const { frames } = await askVersion(installed);
    assert.equal(frames[0]?.reply.type === 'version' && frames[0].reply.burner, 'virtual');

    // Installing again replaces the first install; uninstalling then leaves HOME as it was.
    assert.equal((await runScript(build.linuxUserInstall, home, ['--helper', helper.executable])).code, 0);
    const removed = await runScript(build.linuxUserInstall, home, ['--uninstall']);
    assert.equal(removed.code, 0, removed.stderr);
    rmSync(state);
    assert.deepEqual(tree(home), before);
  });

  describe('the per-user script downloading the helper from /denim', () => {
    let server: http.Server;
    let origin: string;

    before(async () => {
      server = http.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const config = loadConfig({ PUBLIC_URL: origin, BURNER_BUILD_DIR: build.outDir, SESSION_SECRET: 'test', DATA_DIR: temporary('data') });
      const app = new Koa();
      app.use(denimRoutes({ config }).routes());
      server.on('request', app.callback());
    });

    after(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('fetches the script, which downloads the helper, checks its SHA-256 and installs it', async () => {
      const home = temporary('home-download');
      const script = path.join(home, 'install.sh');
      const response = await fetch(`${origin}${DENIM_PATHS.linuxUserInstall}`);
      assert.equal(response.status, 200);
      writeFileSync(script, await response.text());
      const result = await runScript(script, home, []);
      assert.equal(result.code, 0, result.stderr);
      const installed = path.join(home, '.local/share/tribute-burner/tribute-burner');
      assert.equal(sha256Hex(readFileSync(installed)), helper.manifest.sha256);
      assert.deepEqual(JSON.parse(readFileSync(path.join(home, '.local/share/tribute-burner/config.json'), 'utf8')).servers, [origin]);
      assert.equal((await runScript(script, home, ['--uninstall'])).code, 0);
      assert.deepEqual(tree(home), ['install.sh']);
    });

    it('refuses a helper that does not match its manifest, and leaves nothing behind', async () => {
      const home = temporary('home-tampered');
      const served = path.join(build.outDir, 'helper/linux-x64/tribute-burner');
      const original = readFileSync(served);
      const script = path.join(home, 'install.sh');
      writeFileSync(script, await (await fetch(`${origin}${DENIM_PATHS.linuxUserInstall}`)).text());
      try {
        const tampered = Buffer.from(original);
        tampered[tampered.length - 100] ^= 0x01;
        writeFileSync(served, tampered);
        const result = await runScript(script, home, []);
        assert.notEqual(result.code, 0);
        assert.match(result.stderr, /does not match its SHA-256/);
        assert.deepEqual(tree(home), ['install.sh']);
      } finally {
        writeFileSync(served, original, { mode: 0o755 });
      }
    });
  });
});
