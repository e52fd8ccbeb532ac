import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_POLICY_FILE, LINUX_CHROMIUM_POLICY_DIRS, chromiumPolicy, firefoxPolicy } from './policies.ts';
import { POLICY_DEB_PACKAGE, policyDebName } from '../common/browser-policies.ts';
import { FIREFOX_SYSTEM_POLICY, POLICY_FIREFOX_COPY, buildPolicyDeb } from './policy-deb.ts';

const run = promisify(execFile);
const TARGET = { chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', publicUrl: 'https://videos.example-funeral.com' };

/** Every path under dir, relative, sorted (links as files: their targets may be outside a scratch root). */
function tree(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? [`${relative}/`, ...tree(dir, relative)] : [relative];
    })
    .sort();
}

describe('the browser policies .deb (managed install on Debian and Ubuntu)', function () {
  this.timeout(60_000);
  let dir: string;
  let deb: string;

  /** A scratch root dpkg installs into, chrootless: the maintainer scripts run here with DPKG_ROOT set. */
  function scratchRoot(): { root: string; dpkg: (...args: string[]) => Promise<{ stdout: string; stderr: string }> } {
    const root = mkdtempSync(path.join(dir, 'root-'));
    // /etc is there on every computer (dpkg tries to remove it with the package's last file, before postrm runs).
    for (const sub of ['var/lib/dpkg/info', 'var/lib/dpkg/updates', 'etc']) mkdirSync(path.join(root, sub), { recursive: true });
    writeFileSync(path.join(root, 'var/lib/dpkg/status'), '');
    const dpkg = (...args: string[]) =>
      run('dpkg', [`--root=${root}`, '--force-script-chrootless', '--force-not-root', '--log=/dev/null', ...args], { env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } });
    return { root, dpkg };
  }
  const outside = (root: string) => tree(root).filter((entry) => !entry.startsWith('var/lib/dpkg/'));

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'policy-deb-'));
    deb = await buildPolicyDeb({ ...TARGET, version: 7, stagingDir: path.join(dir, 'staging'), outFile: path.join(dir, 'out', policyDebName(7)) });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is an all-architecture package named for the helper version, that enhances tribute-burner', async () => {
    const field = async (name: string) => (await run('dpkg-deb', ['-f', deb, name])).stdout.trim();
    assert.equal(path.basename(deb), 'tribute-burner-browser-policies_7_all.deb');
    assert.equal(await field('Package'), POLICY_DEB_PACKAGE);
    assert.equal(await field('Version'), '7');
    assert.equal(await field('Architecture'), 'all');
    assert.equal(await field('Enhances'), 'tribute-burner');
    assert.match(await field('Description'), /from https:\/\/videos\.example-funeral\.com by itself, without developer mode/);
  });

  it('installs the forcelist for Chrome, Chromium and Edge and links Firefox to its policy; removing it leaves nothing', async () => {
    const { root, dpkg } = scratchRoot();
    const before = outside(root);
    await dpkg('-i', deb);
    for (const policyDir of LINUX_CHROMIUM_POLICY_DIRS) {
      assert.deepEqual(JSON.parse(readFileSync(path.join(root, policyDir, CHROMIUM_POLICY_FILE), 'utf8')), chromiumPolicy(TARGET), policyDir);
    }
    assert.deepEqual(chromiumPolicy(TARGET).ExtensionInstallForcelist, ['abcdefghijklmnopabcdefghijklmnop;https://videos.example-funeral.com/denim/updates/chrome.xml']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(root, POLICY_FIREFOX_COPY), 'utf8')), firefoxPolicy(TARGET));
    const link = path.join(root, FIREFOX_SYSTEM_POLICY);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), POLICY_FIREFOX_COPY);
    await dpkg('-r', POLICY_DEB_PACKAGE);
    assert.deepEqual(outside(root), before);
  });

  it("never replaces a computer's own Firefox policies.json: says what to add, and removal leaves it as it was", async () => {
    const { root, dpkg } = scratchRoot();
    const own = path.join(root, FIREFOX_SYSTEM_POLICY);
    mkdirSync(path.dirname(own), { recursive: true });
    const theirs = '{"policies":{"DisableTelemetry":true}}\n';
    writeFileSync(own, theirs);
    const before = outside(root);
    const installed = await dpkg('-i', deb);
    assert.match(installed.stderr, /\/etc\/firefox\/policies\/policies\.json is this computer's own, so it was left as it is\. To install the burn extension in Firefox too, add the ExtensionSettings entry of \/usr\/share\/tribute-burner-browser-policies\/firefox-policies\.json to it\./);
    assert.equal(readFileSync(own, 'utf8'), theirs);
    assert.ok(existsSync(path.join(root, LINUX_CHROMIUM_POLICY_DIRS[1], CHROMIUM_POLICY_FILE)), 'the Chromium policy is installed all the same');
    await dpkg('-r', POLICY_DEB_PACKAGE);
    assert.equal(readFileSync(own, 'utf8'), theirs);
    assert.deepEqual(outside(root), before);
  });
});
