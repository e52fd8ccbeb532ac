import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userInstallScript } from './user-script.ts';

describe('installer: the per-user script requires https', function () {
  this.timeout(90_000);
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'user-script-tls-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  /** Runs the script with a stand-in helper file (--helper), so nothing is downloaded. */
  const run = (script: string, ...args: string[]) => {
    const file = path.join(home, 'install.sh');
    writeFileSync(file, script);
    writeFileSync(path.join(home, 'helper'), '#!/bin/sh\n');
    return spawnSync('bash', [file, '--helper', path.join(home, 'helper'), ...args], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') }, encoding: 'utf8' });
  };
  const config = () => JSON.parse(readFileSync(path.join(home, '.local/share/tribute-burner/config.json'), 'utf8')) as Record<string, unknown>;

  it('refuses a plain http server or mirror beyond loopback, naming the option, and installs nothing', () => {
    const script = userInstallScript({ chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', storeExtensionIds: [], publicUrl: 'https://tribute.example.com', helperVersion: 7, bundled: false });
    const server = run(script, '--server', 'http://tribute.example.com');
    assert.notEqual(server.status, 0);
    assert.match(server.stderr, /--server http:\/\/tribute.example.com is plain http: the DVD burner requires https/);
    const mirror = run(script, '--mirror', 'http://192.168.1.9:8080');
    assert.match(mirror.stderr, /--mirror http:\/\/192.168.1.9:8080 is plain http/);
    assert.equal(spawnSync('ls', [path.join(home, '.local/share/tribute-burner')]).status, 2, 'nothing installed');
  });

  it('accepts https and loopback http; plain http only with --allow-plain-http, with a warning and allowPlainHttp in the config', () => {
    const script = userInstallScript({ chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', storeExtensionIds: [], publicUrl: 'https://tribute.example.com', helperVersion: 7, bundled: false });
    assert.equal(run(script).status, 0);
    assert.equal(config().allowPlainHttp, undefined);
    assert.equal(run(script, '--server', 'http://127.0.0.1:8080').status, 0);
    const plain = run(script, '--server', 'http://192.168.1.9:8080', '--allow-plain-http');
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stderr, /WARNING: plain http allowed/);
    assert.deepEqual([config().servers, config().allowPlainHttp], [['http://192.168.1.9:8080'], true]);
    // A server that allows plain http (ALLOW_PLAIN_HTTP) builds the script with that default.
    const allowing = userInstallScript({ chromeExtensionId: 'abcdefghijklmnopabcdefghijklmnop', storeExtensionIds: [], publicUrl: 'http://192.168.1.9:8080', helperVersion: 7, bundled: false, allowPlainHttp: true });
    assert.match(allowing, /^DEFAULT_ALLOW_PLAIN_HTTP='1'$/m);
    assert.equal(run(allowing).status, 0);
  });
});
