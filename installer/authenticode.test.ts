/**
 * Authenticode signing with osslsigncode and a self-signed test certificate (openssl): a small NSIS-made
 * executable is signed and `osslsigncode verify` accepts it, names the publisher, and refuses it once a byte
 * changes; a wrong password or a missing certificate fails with words; the password never reaches the command line.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { authenticodeConfig, SIGNING_ENV, signArguments, signPe, verifyPe } from './authenticode.ts';
import { peSignature } from './pe.ts';
import { testCodeSigningCertificate } from './test-support.ts';

const run = promisify(execFile);
const DESCRIPTION = { name: 'Tribute DVD Burner', url: 'http://127.0.0.1:8080' };

describe('Authenticode signing (osslsigncode)', function () {
  this.timeout(60_000);
  let dir: string;
  let exe: string;
  const certificate = testCodeSigningCertificate();

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-authenticode-test-'));
    exe = path.join(dir, 'tiny.exe');
    writeFileSync(path.join(dir, 'tiny.nsi'), ['Unicode true', 'Target amd64-unicode', `OutFile "${exe}"`, 'RequestExecutionLevel user', 'Section', 'SectionEnd', ''].join('\n'));
    await run('makensis', ['-V1', path.join(dir, 'tiny.nsi')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the certificate from the environment, and nothing when none is set', () => {
    assert.equal(authenticodeConfig({}), null);
    assert.deepEqual(authenticodeConfig({ [SIGNING_ENV.pfx]: certificate.pfx, [SIGNING_ENV.password]: 'p' }), { pfx: certificate.pfx, password: 'p', timestampUrl: null });
    assert.throws(() => authenticodeConfig({ [SIGNING_ENV.pfx]: path.join(dir, 'missing.pfx') }), /WINDOWS_SIGNING_PFX names .*missing\.pfx, which does not exist/);
    assert.throws(() => authenticodeConfig({ [SIGNING_ENV.pfx]: certificate.pfx, [SIGNING_ENV.timestampUrl]: 'timestamp.example' }), /must be an http\(s\) address/);
  });

  it('timestamps only when a server is configured, and keeps the password off the command line', () => {
    const plain = signArguments(certificate, '/tmp/pass', 'in.exe', 'out.exe', DESCRIPTION);
    assert.ok(!plain.includes('-ts') && !plain.includes('-t'), 'no timestamp by default');
    assert.ok(!plain.includes(certificate.password));
    assert.deepEqual(plain.slice(plain.indexOf('-readpass'), plain.indexOf('-readpass') + 2), ['-readpass', '/tmp/pass']);
    const stamped = signArguments({ ...certificate, timestampUrl: 'http://timestamp.example/rfc3161' }, '/tmp/pass', 'in.exe', 'out.exe', DESCRIPTION);
    assert.deepEqual(stamped.slice(stamped.indexOf('-ts'), stamped.indexOf('-ts') + 2), ['-ts', 'http://timestamp.example/rfc3161']);
  });

  it('signs an executable that osslsigncode verify accepts, and refuses once a byte changes', async () => {
    const file = path.join(dir, 'signed.exe');
    writeFileSync(file, readFileSync(exe));
    assert.equal(peSignature(readFileSync(file)), null, 'unsigned before');
    assert.equal((await verifyPe(file, certificate.certificate)).ok, false, 'verify refuses an unsigned file');

    await signPe(file, certificate, DESCRIPTION);
    assert.ok(peSignature(readFileSync(file)), 'a certificate table after');
    const verified = await verifyPe(file, certificate.certificate);
    assert.ok(verified.ok, verified.output);
    assert.match(verified.output, /Signature verification: ok/);
    assert.match(verified.output, /Tribute Test Publisher/);
    assert.match(verified.output, /Message digest algorithm\s*:\s*SHA256/i);

    const tampered = readFileSync(file);
    tampered[0x400] ^= 0xff;
    writeFileSync(path.join(dir, 'tampered.exe'), tampered);
    const refused = await verifyPe(path.join(dir, 'tampered.exe'), certificate.certificate);
    assert.equal(refused.ok, false, refused.output);
    assert.match(refused.output, /MISMATCH|failed/i);
  });

  it('says so when the password is wrong, and leaves the file as it was', async () => {
    const file = path.join(dir, 'wrong-password.exe');
    writeFileSync(file, readFileSync(exe));
    await assert.rejects(signPe(file, { ...certificate, password: 'not it' }, DESCRIPTION), /Authenticode signing of wrong-password\.exe failed/);
    assert.deepEqual(readFileSync(file), readFileSync(exe));
  });
});
