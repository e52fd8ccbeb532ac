import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VirtualBurner } from './virtual.ts';

describe('the virtual burner', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribute-virtual-burner-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const writeState = (file: string, values: Record<string, unknown>) => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(values));
    fs.renameSync(`${file}.tmp`, file);
  };

  it('paces the rest of a write by a speed changed while it runs, and leaves the disc written and not blank', async function () {
    this.timeout(15000);
    const iso = path.join(dir, 'dvd.iso');
    const bytes = crypto.randomBytes(1024 * 1024);
    fs.writeFileSync(iso, bytes);
    const stateFile = path.join(dir, 'state.json');
    const disc = path.join(dir, 'disc.img');
    const state = { present: true, media_type: 'DVD-R', blank: true, disc_file: disc };
    // 64 KB a second: the whole image would take 16 s.
    writeState(stateFile, { ...state, write_bytes_per_second: 64 * 1024 });
    const percents: number[] = [];
    const started = Date.now();
    const write = new VirtualBurner(stateFile).write(0, iso, bytes.length, (_stage, percent) => percents.push(percent), new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const slow = Math.max(0, ...percents);
    assert.ok(slow > 0 && slow < 25, `about a tenth written in 1.5 s at the slow speed (${slow}%)`);
    writeState(stateFile, { ...state, write_bytes_per_second: 50_000_000 });
    await write;
    assert.ok(Date.now() - started < 5000, `the faster speed finished the write (${Date.now() - started} ms)`);
    assert.ok(fs.readFileSync(disc).equals(bytes));
    assert.equal(JSON.parse(fs.readFileSync(stateFile, 'utf8')).blank, false);
  });
});
