import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, parseConfig } from './config.ts';
import { userDownloadDir } from './private-files.ts';

describe('helper configuration', () => {
  it('reads servers as origins, the update server, the download folder and the burner', () => {
    const config = parseConfig({ servers: ['http://127.0.0.1:8080/', 'https://eu.example.com'], updateServer: 'http://127.0.0.1:8080', burner: { kind: 'virtual', stateFile: '/tmp/v.json' } }, '/home/u/.cache/tribute-burner');
    assert.deepEqual(config, { servers: ['http://127.0.0.1:8080', 'https://eu.example.com'], updateServer: 'http://127.0.0.1:8080', downloadDir: '/home/u/.cache/tribute-burner', burner: { kind: 'virtual', stateFile: '/tmp/v.json' }, allowPlainHttp: false });
    assert.deepEqual(parseConfig({ servers: ['https://a.example'] }, '/x').burner, { kind: 'system' });
    assert.equal(parseConfig({ servers: ['https://a.example'] }, '/x').updateServer, 'https://a.example');
  });

  it('refuses a configuration with a clear reason', () => {
    assert.throws(() => parseConfig([], '/x'), /JSON object/);
    assert.throws(() => parseConfig({ servers: [] }, '/x'), /servers must be a list/);
    assert.throws(() => parseConfig({ servers: ['ftp://a.example'] }, '/x'), /servers\[0\].*http or https/);
    assert.throws(() => parseConfig({ servers: ['https://a.example/downloads'] }, '/x'), /origin only/);
    assert.throws(() => parseConfig({ servers: ['https://a.example'], updateServer: 'https://b.example' }, '/x'), /must be one of servers/);
    assert.throws(() => parseConfig({ servers: ['https://a.example'], downloadDir: 'relative' }, '/x'), /downloadDir must be an absolute path/);
    assert.throws(() => parseConfig({ servers: ['https://a.example'], burner: { kind: 'virtual' } }, '/x'), /burner.stateFile/);
    assert.throws(() => parseConfig({ servers: ['https://a.example'], burner: { kind: 'laser' } }, '/x'), /burner.kind/);
  });

  it('refuses plain http servers beyond loopback, naming the field, unless allowPlainHttp says so', () => {
    assert.throws(() => parseConfig({ servers: ['http://tribute.example.com'] }, '/x'), /servers\[0\] "http:\/\/tribute.example.com" is plain http.*"allowPlainHttp": true/);
    assert.throws(() => parseConfig({ servers: ['https://a.example', 'http://192.168.1.5:8080'] }, '/x'), /servers\[1\].*plain http/);
    for (const loopback of ['http://127.0.0.1:8080', 'http://127.0.0.2', 'http://localhost:3000', 'http://[::1]:8080']) assert.equal(parseConfig({ servers: [loopback] }, '/x').servers[0], loopback);
    const allowed = parseConfig({ servers: ['http://192.168.1.5:8080'], allowPlainHttp: true }, '/x');
    assert.deepEqual([allowed.servers, allowed.allowPlainHttp], [['http://192.168.1.5:8080'], true]);
    assert.throws(() => parseConfig({ servers: ['https://a.example'], allowPlainHttp: 'yes' }, '/x'), /allowPlainHttp must be true or false/);
  });

  it("downloads by default into the user's own cache folder", () => {
    assert.equal(userDownloadDir({}, 'linux', '/home/ann'), '/home/ann/.cache/tribute-burner');
    assert.equal(userDownloadDir({ XDG_CACHE_HOME: '/home/ann/cache' }, 'linux', '/home/ann'), '/home/ann/cache/tribute-burner');
    assert.equal(userDownloadDir({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/ann'), '/home/ann/.cache/tribute-burner');
    assert.equal(userDownloadDir({}, 'darwin', '/Users/ann'), '/Users/ann/Library/Caches/TributeBurner');
    assert.equal(parseConfig({ servers: ['https://a.example'] }).downloadDir, userDownloadDir());
  });

  it('says which file is missing or broken instead of throwing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-config-'));
    try {
      const missing = loadConfig(path.join(dir, 'config.json'));
      assert.ok(!missing.ok && /no configuration/.test(missing.message));
      fs.writeFileSync(path.join(dir, 'config.json'), '{ servers: }');
      const broken = loadConfig(path.join(dir, 'config.json'));
      assert.ok(!broken.ok && /is not valid/.test(broken.message));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
