import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'superagent';
import type { JobPayloads } from '../src/jobs/types.ts';
import { runTool } from '../src/repositories/run-tool.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { isPageNavigation } from '../src/http/static.ts';
import { makeOrganization, makeUser, makeVideo, ORIGIN, startHarness, type Harness } from './harness.ts';

/** Collects a response body as bytes, whatever its type. */
function bytes(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe('downloads: the DVD image calls and HTTP Range', function () {
  this.timeout(180_000);
  let h: Harness;
  let video: VideoRow;
  let staff: { email: string };
  let outsider: { email: string };
  let iso: Buffer;
  let published: { urls: Record<string, string>; iso_size: number; sha256: string };
  const builds: number[] = [];

  before(async () => {
    h = await startHarness({ downloadAlternates: { east: 'https://dl-east.example.com' } });
    const deps = h.deps;
    const org = await makeOrganization(deps);
    staff = await makeUser(deps, { organizationId: org.id });
    outsider = await makeUser(deps);
    video = await makeVideo(deps, { organization_id: org.id, title: 'Grace / "Gran" O\'Neil: 1931–2026', date_in_queue: new Date(), finished: true, upload_link_access_level: 1 } as Partial<VideoRow> & { organization_id: number });
    // A finished HD render of a three-second video, as the render engine leaves one (its file and its plan).
    const file = path.join(os.tmpdir(), `downloads-test-${process.pid}.mp4`);
    await runTool('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', file], 60_000);
    const key = `videos/${video.id}/renders/hd-fixture/hd.mp4`;
    await deps.repos.storage.write(key, await readFile(file));
    const plan = { engine: 'test', profile: 'hd', hash: 'fixture-plan', hashes: [], audioHash: '', art: {}, timeline: { fps: 30, frames: 90, duration: 3, segments: [], audio: {} } };
    await deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: plan.hash, plan: JSON.stringify(plan), status: 'done', progress: 100, message: 'Complete', file_key: key, bytes: 1, duration: 3 });
    await deps.db('videos').where({ id: video.id }).update({ hd_size: 1 });
    deps.dvd.useSender(async (name, data) => {
      if (name === 'dvd.build') builds.push((data as JobPayloads['dvd.build']).renderId);
    });
  });

  after(async () => {
    await h?.close();
  });

  it('request_iso starts the DVD, answers its stage until it is made, then null', async () => {
    const agent = await h.agent(staff);
    const first = await agent.post('/downloads/request_iso').send({ video_id: video.id }).expect(200);
    assert.deepEqual(first.body, { progress_stage: 'dvd' });
    assert.equal(builds.length, 1);
    // Asked again while it is being made: the same DVD, no second job.
    await agent.post('/downloads/request_iso').send({ video_id: String(video.id) }).expect(200, { progress_stage: 'dvd' });
    assert.equal(builds.length, 1);
    await agent.post('/downloads/iso').send({ video_id: video.id }).expect(409);
    await h.deps.dvd.build(builds[0]);
    await agent.post('/downloads/request_iso').send({ video_id: video.id }).expect(200, { progress_stage: null });
  });

  it('iso answers every source, the size and the SHA-256 of the published image', async () => {
    const agent = await h.agent(staff);
    const res = await agent.post('/downloads/iso').send({ video_id: video.id }).expect(200);
    published = res.body;
    const filePath = `/downloads/video/${video.video_code}/dvd.iso`;
    // Each url carries the ticket that lets the burn tool's helper, which has no session, download the image.
    const ticket = new URL(published.urls.primary).searchParams.get('ticket') ?? '';
    assert.match(ticket, /^\d+\.[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(published.urls, { primary: `${ORIGIN}${filePath}?ticket=${ticket}`, east: `https://dl-east.example.com${filePath}?alt=east&ticket=${ticket}` });
    const full = await agent.get(filePath).buffer(true).parse(bytes).expect(200);
    iso = full.body as Buffer;
    assert.equal(published.iso_size, iso.length);
    assert.equal(published.sha256, sha256(iso));
    assert.equal(full.headers['content-length'], String(iso.length));
    assert.equal(full.headers['accept-ranges'], 'bytes');
    assert.match(full.headers.etag, /^"dvd-\d+-[0-9a-f]{16}"$/);
    // The title made safe for every file system: no slash, quote or colon reaches the name.
    assert.equal(full.headers['content-disposition'], `attachment; filename="Grace Gran ONeil 19312026 (DVD).iso"; filename*=UTF-8''Grace%20Gran%20ONeil%2019312026%20(DVD).iso`);
    // The alternate server's name is a label for that server; this one serves the same bytes under it.
    const viaAlt = await agent.get(`${filePath}?alt=east`).set('Range', 'bytes=0-9').buffer(true).parse(bytes).expect(206);
    assert.deepEqual(viaAlt.body, iso.subarray(0, 10));
    const hd = await agent.post('/downloads/hd').send({ video_id: video.id }).expect(200);
    assert.deepEqual(hd.body.urls, { primary: `${ORIGIN}/downloads/video/${video.video_code}/hd.mp4`, east: `https://dl-east.example.com/downloads/video/${video.video_code}/hd.mp4?alt=east` });
  });

  it('answers byte ranges at the start, the middle and the end, and 416 past the end', async () => {
    const agent = await h.agent(staff);
    const url = `/downloads/video/${video.video_code}/dvd.iso`;
    const size = iso.length;
    const cases: [string, number, number][] = [['bytes=0-2047', 0, 2047], [`bytes=${size / 2}-${size / 2 + 4095}`, size / 2, size / 2 + 4095], ['bytes=-1000', size - 1000, size - 1], [`bytes=${size - 10}-`, size - 10, size - 1]];
    for (const [range, start, end] of cases) {
      const res = await agent.get(url).set('Range', range).buffer(true).parse(bytes).expect(206);
      assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
      assert.equal(res.headers['content-length'], String(end - start + 1));
      assert.ok((res.body as Buffer).equals(iso.subarray(start, end + 1)), range);
    }
    const past = await agent.get(url).set('Range', `bytes=${size}-`).expect(416);
    assert.equal(past.headers['content-range'], `bytes */${size}`);
  });

  it('resumes a download with If-Range, and the pieces hash to the published SHA-256', async () => {
    const agent = await h.agent(staff);
    const url = `/downloads/video/${video.video_code}/dvd.iso`;
    const cut = 123_457;
    const head = await agent.get(url).set('Range', `bytes=0-${cut - 1}`).buffer(true).parse(bytes).expect(206);
    const etag = head.headers.etag;
    const rest = await agent.get(url).set('Range', `bytes=${cut}-`).set('If-Range', etag).buffer(true).parse(bytes).expect(206);
    assert.equal(sha256(Buffer.concat([head.body as Buffer, rest.body as Buffer])), published.sha256);
    // A validator of another file: the whole file again, not a piece of a different one.
    const stale = await agent.get(url).set('Range', `bytes=${cut}-`).set('If-Range', '"dvd-0-0000000000000000"').buffer(true).parse(bytes).expect(200);
    assert.equal((stale.body as Buffer).length, iso.length);
  });

  it('gives the disc calls to the staff of the video organization only', async () => {
    const url = `/downloads/video/${video.video_code}/dvd.iso`;
    const other = await h.agent(outsider);
    for (const call of ['/downloads/request_iso', '/downloads/iso', '/downloads/hd']) {
      const res = await other.post(call).send({ video_id: video.id }).expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] });
      // The family upload link sees the video elsewhere, never here.
      await h.request().post(call).send({ video_id: video.id, security_hash: video.security_hash }).expect(404);
      await h.request().post(call).send({ video_id: video.id }).expect(404);
    }
    await other.get(url).expect(404);
    await h.request().get(`${url}?security_hash=${encodeURIComponent(video.security_hash)}`).expect(404);
    await h.request().get(url).expect(404);
    // The ticket of POST /downloads/iso downloads without a session (the helper), and only that video's image.
    const ticket = new URL(published.urls.primary).searchParams.get('ticket') ?? '';
    const viaTicket = await h.request().get(`${url}?ticket=${ticket}`).set('Range', 'bytes=0-99').buffer(true).parse(bytes).expect(206);
    assert.deepEqual(viaTicket.body, iso.subarray(0, 100));
    const [expires, mac] = ticket.split('.');
    const flipped = `${expires}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, `${Number(expires) + 1}.${mac}`, `${Math.floor(Date.now() / 1000) - 10}.${mac}`, 'x', '']) {
      await h.request().get(`${url}?ticket=${encodeURIComponent(bad)}`).expect(404);
    }
    const otherVideo = await makeVideo(h.deps, { organization_id: video.organization_id });
    await h.request().get(`/downloads/video/${otherVideo.video_code}/dvd.iso?ticket=${ticket}`).expect(404);
    const missing = await (await h.agent(staff)).post('/downloads/iso').send({ video_id: 987654 }).expect(404);
    assert.deepEqual(missing.body, { errors: ['Not found'] });
    await (await h.agent(staff)).post('/downloads/request_iso').send({ video_id: 'abc' }).expect(400);
  });

  it('offers no disc while the video is reopened for editing or made again', async () => {
    const agent = await h.agent(staff);
    const url = `/downloads/video/${video.video_code}/dvd.iso`;
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: null });
    await agent.post('/downloads/iso').send({ video_id: video.id }).expect(409);
    await agent.get(url).expect(404);
    await h.deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    // Finalized again with a change: its new HD video is being made; the old disc is not this video any more.
    const [{ id }] = await h.deps.db('renders').insert({ video_id: video.id, kind: 'hd', hash: 'changed-plan', plan: JSON.stringify({ hash: 'changed-plan' }), status: 'rendering' }).returning('id');
    await agent.post('/downloads/iso').send({ video_id: video.id }).expect(409);
    await agent.get(url).expect(404);
    await h.deps.db('renders').where({ id }).delete();
    await agent.post('/downloads/iso').send({ video_id: video.id }).expect(200);
  });

  it('answers a missing code, file or path under /downloads/ with 404 JSON, never the app page', async () => {
    const agent = await h.agent(staff);
    const unfinished = await makeVideo(h.deps, { organization_id: video.organization_id });
    for (const url of [
      '/downloads/video/0123456789abcdef0123456789abcdef/dvd.iso',
      `/downloads/video/${unfinished.video_code}/dvd.iso`,
      `/downloads/video/${unfinished.video_code}/hd.mp4`,
      `/downloads/video/${video.video_code}/disc.iso`,
      '/downloads/nothing',
    ]) {
      const res = await agent.get(url).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(404);
      assert.match(res.headers['content-type'], /^application\/json/, url);
      assert.deepEqual(res.body, { errors: ['Not found'] }, url);
    }
    assert.equal(isPageNavigation('GET', '/downloads/video/abc/dvd.iso', true), false);
    assert.equal(isPageNavigation('GET', '/downloads', true), false);
  });
});
