import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tempPath, WRITER } from '../src/repositories/temp-files.ts';
import { renderPruneService, KEEP_SUPERSEDED_MS, KEEP_UNUSED_SEGMENT_MS } from '../src/services/render-prune.service.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';

describe('render pruning and the render watchdog', () => {
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
  });

  it('drops replaced renders and unused cached segments with their files, keeping what is still in use', async () => {
    const { db, render } = h.deps;
    const org = (await db('organizations').insert({ organization_name: 'Prune Org' }).returning('id'))[0].id as number;
    const video = await makeVideo(h.deps, { organization_id: org });
    const old = new Date(Date.now() - KEEP_SUPERSEDED_MS - 60_000);
    const [replaced] = await db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'a', status: 'done', updated_at: old }).returning('id');
    const [newest] = await db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'b', status: 'done', updated_at: old }).returning('id');
    const oldFile = `videos/${video.id}/renders/${replaced.id}/hd.mp4`;
    const newFile = `videos/${video.id}/renders/${newest.id}/hd.mp4`;
    await h.deps.repos.storage.write(oldFile, 'old');
    await h.deps.repos.storage.write(newFile, 'new');
    const stale = new Date(Date.now() - KEEP_UNUSED_SEGMENT_MS - 60_000);
    for (const hash of ['unused', 'needed']) {
      await h.deps.repos.storage.write(`render-cache/hd/${hash}.mp4`, hash);
      await db('render_segments').insert({ hash, profile: 'hd', file_key: `render-cache/hd/${hash}.mp4`, last_used_at: stale });
    }
    // A render in progress still needs one of the old segments.
    await db('renders').insert({ video_id: video.id, kind: 'preview', hash: 'c', status: 'rendering', plan: JSON.stringify({ hashes: ['needed'], audioHash: 'x' }) });
    const sent: unknown[] = [];
    const pruner = renderPruneService({ records: render.records, renders: { ...render.renders, start: async (id: number) => void sent.push(id) }, resolve: (k) => render.files.path(k), remove: (k) => h.deps.repos.storage.removeTree(k) });
    const result = await pruner.prune();
    assert.equal(result.renders, 1);
    assert.equal(result.segments, 1);
    assert.equal(await render.files.size(oldFile), null);
    assert.ok(await render.files.size(newFile));
    assert.equal(await render.files.size('render-cache/hd/unused.mp4'), null);
    assert.ok(await render.files.size('render-cache/hd/needed.mp4'));
    assert.deepEqual(sent, []);
  });

  it('starts a finalized video that never got a render, and fails one stuck for hours', async () => {
    const { db, render } = h.deps;
    const org = (await db('organizations').insert({ organization_name: 'Watchdog Org' }).returning('id'))[0].id as number;
    const waiting = await makeVideo(h.deps, { organization_id: org, date_in_queue: new Date(Date.now() - 5 * 60_000) } as never);
    const stuck = await makeVideo(h.deps, { organization_id: org });
    const hoursAgo = new Date(Date.now() - 4 * 3600_000);
    await db('renders').insert({ video_id: stuck.id, kind: 'hd', hash: 'd', status: 'rendering', created_at: hoursAgo, updated_at: hoursAgo });
    const sent: number[] = [];
    const pruner = renderPruneService({ records: render.records, renders: { ...render.renders, start: async (id: number) => void sent.push(id) }, resolve: (k) => render.files.path(k), remove: (k) => h.deps.repos.storage.removeTree(k) });
    const result = await pruner.prune();
    assert.deepEqual(sent, [waiting.id]);
    assert.equal(result.started, 1);
    assert.equal(result.failed, 1);
    // Held back (a first start's library preparation): asked again next time, and not counted as started.
    const held = renderPruneService({ records: render.records, renders: { ...render.renders, start: async () => false }, resolve: (k) => render.files.path(k), remove: (k) => h.deps.repos.storage.removeTree(k) });
    assert.equal((await held.prune()).started, 0);
    const row = await render.records.latest(stuck.id, 'hd');
    assert.equal(row?.status, 'failed');
    assert.match(row?.message ?? '', /could not be made in time/);
  });

  it('sweeps what dead workers left in the segment cache and in the folders of recent renders, not what a live one writes', async () => {
    const { db, render } = h.deps;
    const org = (await db('organizations').insert({ organization_name: 'Sweep Org' }).returning('id'))[0].id as number;
    const video = await makeVideo(h.deps, { organization_id: org });
    const [web] = await db('renders').insert({ video_id: video.id, kind: 'web', hash: 'w', status: 'done' }).returning('id');
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const [host, pid, start] = WRITER.split('-');
    const webKey = `videos/${video.id}/renders/${web.id}/web.mp4`;
    const segmentKey = 'render-cache/hd/ab/abcdef.mp4';
    await h.deps.repos.storage.write(webKey, 'finished');
    await h.deps.repos.storage.write(segmentKey, 'finished');
    const left = [webKey, segmentKey].map((key) => tempPath(render.files.path(key)).replace(`-${pid}-`, `-${dead}-`));
    const writing = tempPath(render.files.path(segmentKey).replace('abcdef', 'fedcba'));
    for (const file of [...left, writing]) writeFileSync(file, 'half');
    assert.ok(left.every((file) => file.includes(`${host}-${dead}-${start}`)));
    const pruner = renderPruneService({ records: render.records, renders: { ...render.renders, start: async () => undefined }, resolve: (k) => render.files.path(k), remove: (k) => h.deps.repos.storage.removeTree(k) });
    assert.equal((await pruner.prune()).temporaries, 2);
    assert.deepEqual(left.filter((file) => existsSync(file)), []);
    assert.ok(existsSync(writing), 'a live writer keeps its file');
    assert.ok((await render.files.size(webKey)) && (await render.files.size(segmentKey)), 'finished files stay');
  });
});
