import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { amoSignCommand, type Command } from '../extension/amo-sign.ts';
import { buildAll } from '../extension/build.ts';
import { loadOrCreateChromeKey } from '../extension/chrome-key.ts';
import { chromeStoreManifest } from '../extension/store-release.ts';
import { REPO_ROOT } from '../installer/build.ts';
import { EXTENSION_FILES, firefoxSignedXpi } from '../installer/layout.ts';
import { burnerBuildsService } from '../server/src/burner/burner-builds.service.ts';
import { placeSignedXpi, releaseExtensions, STORE_DIRS } from './release-extensions.ts';
import { zipBuffer } from './lib/zip-buffer.ts';

const PUBLIC_URL = 'https://tribute.example.com';
const unzipText = (zip: string, name: string): string => execFileSync('unzip', ['-p', zip, name], { encoding: 'utf8' });
const zipNames = (zip: string): string[] => execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();

/** A package as addons.mozilla.org returns it: the extension's files and Mozilla's signature files in META-INF/. */
async function signedLike(dir: string, outFile: string, withSignature = true): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const name of zipNames(path.join(dir, '..', '..', EXTENSION_FILES.firefoxXpi))) zip.addFile(path.join(dir, name), name);
  if (withSignature) for (const name of ['META-INF/manifest.mf', 'META-INF/mozilla.sf', 'META-INF/mozilla.rsa', 'META-INF/cose.sig']) zip.addBuffer(Buffer.from(name), name);
  writeFileSync(outFile, await zipBuffer(zip));
}

describe('npm run release:extensions: the store uploads and the AMO signing', function () {
  this.timeout(180_000);
  let work: string;
  let buildDir: string;
  let version: string;
  const env = { PATH: process.env.PATH, HOME: '/home/release', WEB_EXT_API_KEY: 'user:12345:67', WEB_EXT_API_SECRET: 'the secret', DATABASE_URL: 'postgres://not-for-web-ext' };

  before(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'release-extensions-test-'));
    buildDir = path.join(work, 'build');
    await buildAll(PUBLIC_URL, buildDir, { chromeKey: loadOrCreateChromeKey(path.join(work, 'keys', 'chrome.pem')) });
    version = String((JSON.parse(readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxUnpacked, 'manifest.json'), 'utf8')) as { version: string }).version);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('without credentials writes the Chrome/Edge zip, the .xpi and the source archive, and says what is missing', async () => {
    const out = path.join(work, 'release-unsigned');
    const lines: string[] = [];
    let ran = false;
    const result = await releaseExtensions({ publicUrl: PUBLIC_URL, buildDir, outDir: out, env: { PATH: process.env.PATH }, run: () => Promise.resolve(void (ran = true)), log: (line) => lines.push(line) });
    assert.equal(ran, false);
    assert.equal(result.signed, null);
    assert.match(result.notSigned ?? '', /^Not signed for release Firefox: WEB_EXT_API_KEY and WEB_EXT_API_SECRET are not set/);
    assert.ok(lines.includes(result.notSigned!));

    const chromeZip = path.join(out, STORE_DIRS.chrome, `tribute-burner-chrome-${version.replace(/^1\.7/, '1.6')}.zip`);
    assert.deepEqual(result.written.slice(0, 3), [chromeZip, path.join(out, STORE_DIRS.amo, `tribute-burner-firefox-${version}.xpi`), path.join(out, STORE_DIRS.amo, `tribute-burner-firefox-${version}-source.zip`)]);
    for (const file of result.written) assert.ok(lines.includes(`wrote ${file}`), file);
    // The stores' upload: the Chrome build's files, its manifest without "key" and update_url.
    const built = JSON.parse(readFileSync(path.join(buildDir, EXTENSION_FILES.chromeUnpacked, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    assert.ok(built.key && built.update_url, 'the build itself has both');
    const store = JSON.parse(unzipText(chromeZip, 'manifest.json')) as Record<string, unknown>;
    assert.equal(store.key, undefined);
    assert.equal(store.update_url, undefined);
    assert.deepEqual(store, chromeStoreManifest(built));
    assert.deepEqual(zipNames(chromeZip), zipNames(path.join(buildDir, EXTENSION_FILES.chromeZip)));
    assert.equal(unzipText(chromeZip, 'background.js'), readFileSync(path.join(buildDir, EXTENSION_FILES.chromeUnpacked, 'background.js'), 'utf8'));
    // The AMO .xpi is the package the build serves.
    assert.deepEqual(readFileSync(result.written[1]!), readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxXpi)));

    const one = await releaseExtensions({ publicUrl: PUBLIC_URL, buildDir, outDir: out, env: { WEB_EXT_API_KEY: 'user:1:2' } });
    assert.match(one.notSigned ?? '', /: WEB_EXT_API_SECRET is not set/);
  });

  it('the source archive rebuilds the submitted .xpi byte for byte with the command its README gives', async () => {
    const archive = path.join(work, 'release-unsigned', STORE_DIRS.amo, `tribute-burner-firefox-${version}-source.zip`);
    const names = zipNames(archive);
    for (const needed of ['README-AMO.md', 'package.json', 'package-lock.json', 'extension/build.ts', 'extension/src/background.ts', 'extension/src/content-script.ts', 'extension/manifest.firefox.json', 'common/burn-protocol.ts', 'native-host/version.json']) assert.ok(names.includes(needed), needed);
    assert.ok(!names.some((name) => name.startsWith('node_modules/') || name.startsWith('server/') || name.startsWith('web/')), names.join(' '));
    const source = path.join(work, 'source');
    execFileSync('unzip', ['-q', archive, '-d', source]);
    // `npm ci` would install what package-lock.json names: this checkout's node_modules are those packages.
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(source, 'node_modules'));
    const readme = readFileSync(path.join(source, 'README-AMO.md'), 'utf8');
    const commands = [...readme.matchAll(/^ {4}(\S.*)$/gm)].map((match) => match[1]!);
    assert.equal(commands[0], 'npm ci');
    const [node, ...args] = commands[1]!.split(' ');
    assert.equal(node, 'node');
    execFileSync(process.execPath, args, { cwd: source, env: { PATH: process.env.PATH, HOME: work } });
    assert.deepEqual(readFileSync(path.join(source, 'out', EXTENSION_FILES.firefoxXpi)), readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxXpi)));
  });

  it('runs web-ext sign --channel=unlisted with the credentials in its environment only, and the signed .xpi is what /denim serves', async () => {
    const out = path.join(work, 'release-signed');
    const builds = burnerBuildsService(buildDir);
    assert.equal(builds.firefoxExtension()?.path, path.join(buildDir, EXTENSION_FILES.firefoxXpi));
    let command: Command | null = null;
    // addons.mozilla.org cannot be reached from here: this stands in for the network part only, and answers as
    // web-ext does, with the signed package in --artifacts-dir.
    const amo = async (ran: Command) => {
      command = ran;
      const artifacts = ran.args.find((arg) => arg.startsWith('--artifacts-dir='))!.slice('--artifacts-dir='.length);
      const sourceDir = ran.args.find((arg) => arg.startsWith('--source-dir='))!.slice('--source-dir='.length);
      await signedLike(path.join(buildDir, EXTENSION_FILES.firefoxUnpacked), path.join(artifacts, `tribute_dvd_burner-${version}.xpi`));
      writeFileSync(path.join(sourceDir, '.web-extension-id'), 'dvd-burner@tribute-videos.com\n');
    };
    const result = await releaseExtensions({ publicUrl: PUBLIC_URL, buildDir, outDir: out, env, run: amo });
    const signing = path.join(out, STORE_DIRS.amo, 'signing', version);
    const expected = amoSignCommand({
      webExt: path.join(REPO_ROOT, 'node_modules', 'web-ext', 'bin', 'web-ext.js'),
      sourceDir: path.join(signing, 'source'),
      artifactsDir: path.join(signing, 'signed'),
      sourceArchive: path.join(out, STORE_DIRS.amo, `tribute-burner-firefox-${version}-source.zip`),
      cwd: out,
      env,
    });
    assert.deepEqual(command, expected);
    assert.deepEqual(expected.args.slice(1), [
      'sign',
      '--channel=unlisted',
      `--source-dir=${path.join(signing, 'source')}`,
      `--artifacts-dir=${path.join(signing, 'signed')}`,
      `--upload-source-code=${path.join(out, STORE_DIRS.amo, `tribute-burner-firefox-${version}-source.zip`)}`,
      '--no-config-discovery',
      '--no-input',
    ]);
    assert.equal(expected.command, process.execPath);
    assert.equal(expected.cwd, out);
    assert.deepEqual(expected.env, { PATH: process.env.PATH, HOME: '/home/release', WEB_EXT_API_KEY: 'user:12345:67', WEB_EXT_API_SECRET: 'the secret' });
    assert.ok(!expected.args.some((arg) => arg.includes('the secret') || arg.includes('user:12345')), 'no credential on the command line');
    // web-ext signs the build's Firefox files.
    assert.deepEqual(readFileSync(path.join(signing, 'source', 'manifest.json')), readFileSync(path.join(buildDir, EXTENSION_FILES.firefoxUnpacked, 'manifest.json')));

    assert.equal(result.signed, path.join(buildDir, firefoxSignedXpi(version)));
    assert.equal(result.notSigned, null);
    const served = builds.firefoxExtension();
    assert.equal(served?.path, result.signed);
    assert.equal(served?.name, EXTENSION_FILES.firefoxXpi);
    assert.deepEqual(readFileSync(served.path), readFileSync(path.join(out, STORE_DIRS.amo, `tribute-burner-firefox-${version}-signed.xpi`)));

    // AMO signs a version once: a second run keeps the signed package and does not sign again.
    let again = false;
    const second = await releaseExtensions({ publicUrl: PUBLIC_URL, buildDir, outDir: out, env, run: () => Promise.resolve(void (again = true)) });
    assert.equal(again, false);
    assert.equal(second.signed, result.signed);
    rmSync(result.signed!);
  });

  it('the exact command is one web-ext accepts: it builds the package and then reaches for the network', async () => {
    const out = path.join(work, 'release-offline');
    mkdirSync(out, { recursive: true });
    const sourceDir = path.join(out, 'source');
    execFileSync('cp', ['-r', path.join(buildDir, EXTENSION_FILES.firefoxUnpacked), sourceDir]);
    const archive = path.join(work, 'release-unsigned', STORE_DIRS.amo, `tribute-burner-firefox-${version}-source.zip`);
    const command = amoSignCommand({ webExt: path.join(REPO_ROOT, 'node_modules', 'web-ext', 'bin', 'web-ext.js'), sourceDir, artifactsDir: path.join(out, 'signed'), sourceArchive: archive, cwd: out, env });
    // Only the address differs: a closed port on this machine instead of addons.mozilla.org.
    const offline = { ...command.env, WEB_EXT_AMO_BASE_URL: 'http://127.0.0.1:9/api/v5/' };
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(command.command, command.args, { cwd: command.cwd, env: offline, timeout: 120_000 }, (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }));
    });
    assert.notEqual(result.code, 0);
    assert.doesNotMatch(result.output, /Unknown argument|Missing required argument|UsageError|You must specify/i);
    assert.match(result.output, /Building web extension from [^\n]*source[\s\S]*WebExtError: fetch failed/, result.output);
  });

  it('places only a Mozilla-signed .xpi of the build\'s version', async () => {
    const firefoxDir = path.join(buildDir, EXTENSION_FILES.firefoxUnpacked);
    const unsigned = path.join(work, 'unsigned.xpi');
    await signedLike(firefoxDir, unsigned, false);
    assert.throws(() => placeSignedXpi(buildDir, unsigned), /carries no Mozilla signature/);
    const otherBuild = path.join(work, 'other-build');
    execFileSync('cp', ['-r', buildDir, otherBuild]);
    const manifest = path.join(otherBuild, EXTENSION_FILES.firefoxUnpacked, 'manifest.json');
    writeFileSync(manifest, JSON.stringify({ ...(JSON.parse(readFileSync(manifest, 'utf8')) as object), version: '1.7.999' }));
    const signed = path.join(work, 'signed.xpi');
    await signedLike(firefoxDir, signed);
    assert.throws(() => placeSignedXpi(otherBuild, signed), new RegExp(`is version ${version.replace(/\./g, '\\.')}; the build's Firefox extension is 1\\.7\\.999`));
    assert.equal(existsSync(path.join(otherBuild, firefoxSignedXpi('1.7.999'))), false);
  });
});
