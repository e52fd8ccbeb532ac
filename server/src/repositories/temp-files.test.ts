import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FOREIGN_TEMP_AGE_MS, isAbandoned, isTempName, scratchDir, sweepAbandoned, sweepAbandonedScratch, sweepScratchNow, tempPath, WRITER } from './temp-files.ts';

/** The pid of a process that has ended (its number is not reused this quickly). */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('exit', () => resolve(child.pid!));
  });
}

const [host, , start] = WRITER.split('-');
const named = (writer: string, ext = '.mp4') => `web.${writer}.${Date.now()}.tmp${ext}`;

describe('temporary files of dead writers', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-temp-files-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('names a temporary file for its writer, keeping the extension', () => {
    const tmp = path.basename(tempPath('/media/videos/1/renders/2/web.mp4'));
    assert.match(tmp, new RegExp(`^web\\.${WRITER}\\.\\d+\\.tmp\\.mp4$`));
    assert.ok(isTempName(tmp));
    assert.ok(isTempName('original.jpg.4242.1700000000000.tmp'), 'the earlier names too');
    assert.ok(!isTempName('web.mp4') && !isTempName('notes.tmpl'));
  });

  it('takes a file of this live process for in progress, and one of an ended process on this machine for abandoned', async () => {
    const now = Date.now();
    assert.equal(isAbandoned(named(WRITER), now, now), false);
    assert.equal(isAbandoned(named(`${host}-${await deadPid()}-${start}`), now, now), true);
  });

  it('takes a file of a reused process id (same id, another start) for abandoned', () => {
    const now = Date.now();
    const parent = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const parentStart = parent.slice(parent.lastIndexOf(')') + 2).split(' ')[19];
    assert.equal(isAbandoned(named(`${host}-${process.ppid}-${parentStart}`), now, now), false, 'the live parent');
    assert.equal(isAbandoned(named(`${host}-${process.ppid}-${Number(parentStart) + 1}`), now, now), true, 'its id, started at another time');
  });

  it('leaves a file of another machine until it has been untouched for a day', () => {
    const now = Date.now();
    const other = host === '00000000' ? '00000001' : '00000000';
    assert.equal(isAbandoned(named(`${other}-1-1`), now - 60_000, now), false);
    assert.equal(isAbandoned(named(`${other}-1-1`), now - FOREIGN_TEMP_AGE_MS - 60_000, now), true);
    assert.equal(isAbandoned('original.jpg.4242.1700000000000.tmp', now - FOREIGN_TEMP_AGE_MS - 60_000, now), true);
    assert.equal(isAbandoned('original.jpg.4242.1700000000000.tmp', now - 60_000, now), false);
  });

  it('sweeps only what dead writers left, in the folders asked for', async () => {
    const dead = `${host}-${await deadPid()}-${start}`;
    mkdirSync(path.join(dir, 'ab'));
    const files = ['web.mp4', named(WRITER), named(dead), named(dead, '.jpg').replace('web.', 'cover.'), `ab/${named(dead)}`];
    for (const file of files) writeFileSync(path.join(dir, file), 'x');
    const oldForeign = path.join(dir, 'hd.mp4.4242.1700000000000.tmp');
    writeFileSync(oldForeign, 'x');
    utimesSync(oldForeign, new Date(Date.now() - FOREIGN_TEMP_AGE_MS - 60_000), new Date(Date.now() - FOREIGN_TEMP_AGE_MS - 60_000));

    assert.equal(await sweepAbandoned(dir, { prefix: 'web.' }), 1, "one key's temporaries only");
    assert.equal(await sweepAbandoned(dir), 2, 'the rest of the folder, not below it');
    assert.deepEqual(readdirSync(dir).sort(), ['ab', files[1], 'web.mp4'].sort());
    assert.equal(await sweepAbandoned(dir, { depth: 1 }), 1);
    assert.deepEqual(readdirSync(path.join(dir, 'ab')), []);
    assert.equal(await sweepAbandoned(path.join(dir, 'missing')), 0);
  });

  it('removes the scratch folders of processes that are gone, not of live ones nor other folders', async () => {
    const dead = `${host}-${await deadPid()}-${start}`;
    for (const name of [`tribute-segment-${dead}-abc123`, `tribute-segment-${WRITER}-def456`, 'tribute-segment-xyz789', `other-${dead}-1`]) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'a-scene.png'), 'x');
    }
    assert.equal(await sweepAbandonedScratch(dir), 1);
    assert.deepEqual(readdirSync(dir).sort(), [`other-${dead}-1`, 'tribute-segment-xyz789', `tribute-segment-${WRITER}-def456`].sort());
  });

  it('sweeps the scratch folder of a dead process in the temporary folder at once, as a worker does when it starts', async () => {
    const folder = path.join(os.tmpdir(), `tribute-segment-${host}-${await deadPid()}-${start}-sweepme`);
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'a-scene.png'), 'x');
    await sweepScratchNow();
    assert.equal(existsSync(folder), false);
  });

  it('makes scratch folders named for this process', async () => {
    const made = await scratchDir('test');
    try {
      assert.match(path.basename(made), new RegExp(`^tribute-test-${WRITER}-`));
    } finally {
      rmSync(made, { recursive: true, force: true });
    }
  });
});
