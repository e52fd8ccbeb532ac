import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sceneCache } from './scene-cache.ts';

describe('the scene cache', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tribute-scene-cache-'));
  const cacheDir = path.join(root, 'cache');
  const scratch = path.join(root, 'scratch');
  let draws = 0;
  const draw = (bytes: string) => async (out: string) => {
    draws++;
    writeFileSync(out, bytes);
  };
  beforeEach(() => {
    draws = 0;
    rmSync(root, { recursive: true, force: true });
    for (const dir of [cacheDir, scratch]) mkdirSync(dir, { recursive: true });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('draws a scene once for every segment of every worker on the machine that needs it', async () => {
    const worker1 = sceneCache(cacheDir);
    const worker2 = sceneCache(cacheDir);
    const identity = { visual: { slideId: 4 }, work: { width: 2, height: 2 } };
    await worker1.scene(identity, path.join(scratch, 'a.rgb'), draw('slide 4'));
    await worker2.scene(identity, path.join(scratch, 'b.rgb'), draw('wrong'));
    await worker1.scene({ ...identity }, path.join(scratch, 'c.rgb'), draw('wrong'));
    assert.equal(draws, 1);
    for (const name of ['a.rgb', 'b.rgb', 'c.rgb']) assert.equal(readFileSync(path.join(scratch, name), 'utf8'), 'slide 4');
    await worker2.scene({ ...identity, work: { width: 4, height: 4 } }, path.join(scratch, 'd.rgb'), draw('bigger'));
    assert.equal(draws, 2);
    assert.equal(readFileSync(path.join(scratch, 'd.rgb'), 'utf8'), 'bigger');
  });

  it('gives every segment its scene when one process draws the same scene for several at once', async () => {
    // The preview makes two segments at a time that share a scene, often within the same millisecond.
    const cache = sceneCache(cacheDir);
    const outs = Array.from({ length: 12 }, (_, i) => path.join(scratch, `same-${i}.rgb`));
    await Promise.all(outs.map((out) => cache.scene({ shared: true }, out, draw('shared'))));
    for (const out of outs) assert.equal(readFileSync(out, 'utf8'), 'shared');
    assert.deepEqual(readdirSync(cacheDir).filter((n) => n.endsWith('.tmp')), [], 'no half-kept copies left');
  });

  it('keeps the newest scenes, and a segment keeps its own copy of one pruned under it', async () => {
    const cache = sceneCache(cacheDir, 2);
    await cache.scene({ n: 1 }, path.join(scratch, '1.rgb'), draw('one'));
    for (const n of [2, 3, 4]) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      await cache.scene({ n }, path.join(scratch, `${n}.rgb`), draw(String(n)));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(readdirSync(cacheDir).filter((n) => n.endsWith('.rgb')).length, 2);
    assert.equal(readFileSync(path.join(scratch, '1.rgb'), 'utf8'), 'one');
    await cache.scene({ n: 1 }, path.join(scratch, '1-again.rgb'), draw('one'));
    assert.equal(draws, 5, 'the pruned scene is drawn again');
  });

  it('keeps nothing of a drawing that failed', async () => {
    const cache = sceneCache(cacheDir);
    const out = path.join(scratch, 'bad.rgb');
    await assert.rejects(cache.scene({ n: 9 }, out, async () => Promise.reject(new Error('Input file is missing'))), /Input file is missing/);
    assert.deepEqual(readdirSync(cacheDir), []);
    assert.equal(existsSync(out), false);
  });
});
