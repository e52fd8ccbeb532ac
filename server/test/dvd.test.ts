import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DvdRender } from '../src/dvd/dvd.service.ts';
import { SLIDES_PER_CHAPTER } from '../src/dvd/plan.ts';
import { readDisc } from '../src/dvd/validate.ts';
import { startQueue, type Queue } from '../src/jobs/queue.ts';
import type { JobName, JobPayloads } from '../src/jobs/types.ts';
import type { RenderPlan } from '../src/render/compile/render-plan.ts';
import type { RenderRow } from '../src/repositories/render-record.repository.ts';
import { runTool } from '../src/repositories/run-tool.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, addTextSlide, insertTestTheme, startWorker, temporaries, until } from './render-helpers.ts';
import { itemSegments } from '../src/render/plan/types.ts';
import { dvdPiece, ntscFrames } from '../src/render/compile/dvd-pieces.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';

/** The frames and frame rate of a disc image's video (its first VOB). */
async function discVideo(iso: string): Promise<{ frames: number; width: number; height: number; rate: string }> {
  const vob = await extract(iso, 'VTS_01_1.VOB');
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-count_packets', '-select_streams', 'v', '-show_entries', 'stream=nb_read_packets,width,height,r_frame_rate', '-of', 'json', vob], 60_000);
  rmSync(vob);
  const [s] = (JSON.parse(stdout) as { streams: { nb_read_packets: string; width: number; height: number; r_frame_rate: string }[] }).streams;
  return { frames: Number(s.nb_read_packets), width: s.width, height: s.height, rate: s.r_frame_rate };
}

/** Copies a file of the disc image out through its ISO 9660 directory (isoinfo, from genisoimage's package). */
async function extract(iso: string, name: string): Promise<string> {
  const out = path.join(os.tmpdir(), `dvd-test-${process.pid}-${name}`);
  await runTool('sh', ['-c', `isoinfo -i "$0" -x "/VIDEO_TS/$1;1" > "$2"`, iso, name, out], 30_000);
  return out;
}

/**
 * The commands of the first-play program chain of VIDEO_TS.IFO (DVD-Video VMGI: its start address at byte 0x84;
 * in the chain, the command table's offset at 0xE4; the table counts its pre-commands, then lists 8-byte commands).
 */
function firstPlayCommands(ifo: Buffer): Buffer[] {
  assert.equal(ifo.subarray(0, 12).toString('latin1'), 'DVDVIDEO-VMG');
  const pgc = ifo.readUInt32BE(0x84);
  const table = pgc + ifo.readUInt16BE(pgc + 0xe4);
  const pre = ifo.readUInt16BE(table);
  return Array.from({ length: pre }, (_, i) => ifo.subarray(table + 8 + i * 8, table + 16 + i * 8));
}

describe('DVD disc image', function () {
  this.timeout(400_000);
  let h: Harness;
  let video: VideoRow;
  let hd: RenderRow & { plan: RenderPlan };
  let admin: { email: string };
  let staff: { email: string };
  let org: number;
  let photo: SlideRow;
  /** The disc authored right after the HD render, before anyone asked for it. */
  let authored: DvdRender | undefined;
  let sent: { name: JobName; data: JobPayloads[JobName] }[] = [];

  /** Requests the DVD and runs the jobs it sent in this process, as a worker would. */
  async function buildHere(force = false): Promise<DvdRender> {
    sent = [];
    const requested = await h.deps.dvd.request(video.id, force);
    for (const job of sent) if (job.name === 'dvd.build') await h.deps.dvd.build((job.data as JobPayloads['dvd.build']).renderId);
    return (await h.deps.render.records.find(requested.id)) as DvdRender;
  }

  before(async () => {
    h = await startHarness();
    const deps = h.deps;
    org = (await deps.db('organizations').insert({ organization_name: 'Disc Org' }).returning('id'))[0].id as number;
    staff = await makeUser(deps, { organizationId: org, role: 'staff' });
    admin = await makeUser(deps, { organizationId: org, role: 'super' });
    const themeId = await insertTestTheme(deps, { introLength: 1, outroLength: 1, transitionLength: 0.5 });
    video = await makeVideo(deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 1.5, title: 'Ruth "Ruthie" Álvarez' } as Partial<VideoRow> & { organization_id: number });
    // Eleven slides (a photo first, as finalizing requires): a second chapter starts at the eleventh.
    photo = await addPhoto(deps, video, 640, 400);
    for (let i = 1; i < SLIDES_PER_CHAPTER + 1; i++) await addTextSlide(deps, video, `Memory ${i + 1}`);
    await deps.db('videos').where({ id: video.id }).update({ date_in_queue: new Date() });
    video = (await deps.repos.videos.findById(video.id))!;
    const runner = deps.render.runLocally(2);
    await deps.render.renders.requestHd(video.id);
    await runner.idle();
    assert.deepEqual(runner.errors, []);
    hd = (await deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
    assert.equal(hd.status, 'done', `${hd.message} ${hd.error}`);
    authored = (await deps.render.records.latest(video.id, 'dvd')) as DvdRender | undefined;
    deps.dvd.useSender(async (name, data) => {
      sent.push({ name, data });
    });
  });

  after(async () => {
    await h?.close();
  });

  describe('made in this process', () => {
    let dvd: DvdRender;
    let iso: string;

    before(async () => {
      dvd = await buildHere();
      assert.equal(dvd.status, 'done', `${dvd.message} ${dvd.error}`);
      iso = h.deps.render.files.path(dvd.file_key!);
    });

    it('is authored from the pieces made in the HD pass as soon as the HD file is published, nobody asking', async () => {
      assert.ok(authored, 'a disc right after the HD render');
      assert.equal(authored.status, 'done', `${authored.message} ${authored.error}`);
      assert.equal(authored.id, dvd.id, 'asking for it finds that disc');
      assert.equal(hd.plan.dvd, 'ntsc');
      // Every segment's MPEG-2 piece is in the cache, made by the segment's own ffmpeg beside the HD and web pieces.
      for (const index of hd.plan.hashes.keys()) assert.ok(await h.deps.render.files.size(dvdPiece(hd.plan, index)!.key), `piece ${index}`);
      // NTSC's 29.97: the last of every 1001 frames is left out, so the disc is as long as the HD video.
      const video = await discVideo(iso);
      assert.deepEqual(video, { frames: ntscFrames(hd.plan.timeline.frames), width: 720, height: 480, rate: '30000/1001' });
    });

    it('holds one title as long as the HD video, with the planned chapters on their slide boundaries', async () => {
      const probe = await h.deps.render.ffmpeg.probe(h.deps.render.files.path(hd.file_key!));
      const titles = await readDisc(iso, 'ntsc');
      assert.equal(titles.length, 1);
      assert.ok(Math.abs(titles[0].length - probe.duration) <= 0.5, `title ${titles[0].length} s, HD ${probe.duration} s`);
      const slides = itemSegments(hd.plan.timeline).filter((s) => s.visual.kind !== 'intro' && s.visual.kind !== 'outro');
      const planned = [0, slides[SLIDES_PER_CHAPTER].start / hd.plan.timeline.fps];
      assert.deepEqual(dvd.dvd_plan!.chapters, planned);
      assert.equal(titles[0].chapters.length, planned.length);
      // lsdvd gives chapter lengths: the second chapter starts where the first ends.
      assert.ok(Math.abs(titles[0].chapters[0] - planned[1]) <= 0.1, `chapter 2 at ${titles[0].chapters[0]} s, planned ${planned[1]} s`);
    });

    it('is MPEG-2 video at 720x480 16:9 and AC-3 sound (NTSC, the default)', async () => {
      const vob = await extract(iso, 'VTS_01_1.VOB');
      const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height,display_aspect_ratio,r_frame_rate', '-of', 'json', vob], 30_000);
      rmSync(vob);
      const streams = (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams;
      assert.ok(streams.some((s) => s.codec_name === 'mpeg2video' && s.width === 720 && s.height === 480 && s.display_aspect_ratio === '16:9' && s.r_frame_rate === '30000/1001'), stdout);
      assert.ok(streams.some((s) => s.codec_name === 'ac3'), stdout);
    });

    it('holds VIDEO_TS in a UDF file system beside ISO 9660', async () => {
      const head = readFileSync(iso).subarray(16 * 2048, 32 * 2048).toString('latin1');
      assert.ok(head.includes('BEA01') && head.includes('NSR02') && head.includes('TEA01'), 'UDF volume recognition sequence');
      const { stdout } = await runTool('isoinfo', ['-f', '-i', iso], 30_000);
      assert.deepEqual(stdout.split('\n').filter((l) => l.startsWith('/VIDEO_TS/')).sort(), [
        '/VIDEO_TS/VIDEO_TS.BUP;1', '/VIDEO_TS/VIDEO_TS.IFO;1', '/VIDEO_TS/VTS_01_0.BUP;1', '/VIDEO_TS/VTS_01_0.IFO;1', '/VIDEO_TS/VTS_01_1.VOB;1',
      ]);
    });

    it('starts playing on insert: the first-play program chain jumps to title 1', async () => {
      const ifo = await extract(iso, 'VIDEO_TS.IFO');
      const commands = firstPlayCommands(readFileSync(ifo));
      rmSync(ifo);
      // JumpTT 1: opcode 0x3002, title number in byte 5.
      assert.deepEqual(commands.map((c) => c.toString('hex')), ['3002000000010000']);
    });

    it('is published on the video with its size and SHA-256', async () => {
      const row = (await h.deps.repos.videos.findById(video.id))!;
      assert.equal(Number(row.iso_size), readFileSync(iso).length);
      assert.equal(row.dvd_path, dvd.file_key);
      assert.equal(dvd.sha256, await h.deps.render.files.sha256(dvd.file_key!));
      const agent = await h.agent(staff);
      const status = await agent.get(`/r/videos/${video.id}/check_generation_status?stage=dvd`).expect(200);
      assert.deepEqual(status.body, { complete: 100, message: 'Complete' });
      const batch = await agent.get('/r/videos/check_generation_statuses').query({ progress_bars: JSON.stringify({ dvd: [video.id] }) }).expect(200);
      assert.equal(batch.body.dvd[video.id].complete, 100);
      const adminStatus = await (await h.agent(admin)).get(`/r/videos/${video.id}/check_generation_status?stage=admin`).expect(200);
      assert.equal(adminStatus.body.stages.dvd.complete, 100);
    });

    it('is never made again for an unchanged video; request_iso answers that it is ready', async () => {
      const again = await buildHere();
      assert.equal(again.id, dvd.id);
      assert.deepEqual(sent, []);
      const agent = await h.agent(staff);
      const res = await agent.post('/downloads/request_iso').send({ video_id: video.id }).expect(200);
      assert.deepEqual(res.body, { progress_stage: null });
      assert.equal(Number((await h.deps.db('renders').where({ video_id: video.id, kind: 'dvd' }).count<{ count: string }[]>('* as count'))[0].count), 1);
    });

    it("is rebuilt by the admin's Rebuild DVD (enqueue_job/dvd), and only by an admin", async () => {
      await (await h.agent(staff)).post(`/r/videos/${video.id}/enqueue_job/dvd`).expect(404);
      sent = [];
      await (await h.agent(admin)).post(`/r/videos/${video.id}/enqueue_job/dvd`).expect(200);
      assert.equal(sent.length, 1);
      const renderId = (sent[0].data as JobPayloads['dvd.build']).renderId;
      assert.notEqual(renderId, dvd.id);
      await h.deps.dvd.build(renderId);
      const rebuilt = (await h.deps.render.records.find(renderId)) as DvdRender;
      assert.equal(rebuilt.status, 'done', `${rebuilt.message} ${rebuilt.error}`);
      assert.equal((await h.deps.repos.videos.findById(video.id))!.dvd_path, rebuilt.file_key);
      dvd = rebuilt;
    });

    it('makes a PAL disc in a pass of its own from the HD file', async () => {
      await h.deps.db('organizations').where({ id: org }).update({ dvd_standard: 'pal' });
      try {
        const pal = await buildHere();
        assert.equal(pal.status, 'done', `${pal.message} ${pal.error}`);
        assert.equal(pal.dvd_plan!.standard, 'pal');
        const file = h.deps.render.files.path(pal.file_key!);
        const titles = await readDisc(file, 'pal');
        assert.equal(titles.length, 1);
        assert.ok(Math.abs(titles[0].length - hd.plan.timeline.duration) <= 0.5, `title ${titles[0].length} s`);
        assert.equal(titles[0].chapters.length, 2);
        const video = await discVideo(file);
        assert.deepEqual([video.width, video.height, video.rate], [720, 576, '25/1']);
      } finally {
        await h.deps.db('organizations').where({ id: org }).update({ dvd_standard: 'ntsc' });
      }
      dvd = await buildHere();
      assert.equal(dvd.status, 'done', `${dvd.message} ${dvd.error}`);
    });

    it('after an edit, is authored again from the pieces, only the edited slide\'s made again', async () => {
      await h.deps.db('slides').where({ id: photo.id }).update({ slide_caption: 'An edited caption' });
      const runner = h.deps.render.runLocally(2);
      await h.deps.render.renders.requestHd(video.id);
      await runner.idle();
      assert.deepEqual(runner.errors, []);
      const again = (await h.deps.render.records.latest(video.id, 'hd')) as RenderRow & { plan: RenderPlan };
      assert.equal(again.status, 'done', `${again.message} ${again.error}`);
      const changed = again.plan.hashes.flatMap((hash, index) => (hash !== hd.plan.hashes[index] ? [index] : []));
      assert.ok(changed.length > 0 && changed.length <= 3, `${changed.length} segments changed`);
      const disc = (await h.deps.render.records.latest(video.id, 'dvd')) as DvdRender;
      assert.ok(disc.id > dvd.id, 'a new disc');
      assert.equal(disc.status, 'done', `${disc.message} ${disc.error}`);
      assert.equal((await h.deps.repos.videos.findById(video.id))!.dvd_path, disc.file_key);
      // The pieces of the unchanged segments are the same files; the changed ones are new.
      const pieces = (plan: RenderPlan) => plan.hashes.map((_, index) => dvdPiece(plan, index)!.hash);
      const before = pieces(hd.plan);
      const after = pieces(again.plan);
      assert.deepEqual(after.flatMap((piece, index) => (piece !== before[index] ? [index] : [])), changed);
      const made = await h.deps.db('render_segments').whereIn('hash', after).where('profile', 'hd-dvd').select('hash');
      assert.equal(made.length, after.length);
      const file = h.deps.render.files.path(disc.file_key!);
      assert.equal((await discVideo(file)).frames, ntscFrames(again.plan.timeline.frames));
      assert.equal((await readDisc(file, 'ntsc'))[0].chapters.length, 2);
      hd = again;
      dvd = disc;
    });

    it('fails with a clear message, and offers nothing, when the disc does not pass its check', async () => {
      sent = [];
      const render = await h.deps.dvd.request(video.id, true);
      // The plan now says the video lasts 3 s longer than the HD file the disc is made from: lsdvd finds the difference.
      const plan = { ...(render as DvdRender).dvd_plan!, duration: (render as DvdRender).dvd_plan!.duration + 3 };
      await h.deps.db('renders').where({ id: render.id }).update({ dvd_plan: JSON.stringify(plan) });
      await h.deps.dvd.build(render.id);
      const failed = (await h.deps.render.records.find(render.id))!;
      assert.equal(failed.status, 'failed');
      assert.match(failed.message, /^The DVD check found a title of [\d.]+ s for a video of [\d.]+ s\.$/);
      const agent = await h.agent(staff);
      const status = await agent.get(`/r/videos/${video.id}/check_generation_status?stage=dvd`).expect(200);
      assert.equal(status.body.failed, true);
      assert.equal(status.body.message, failed.message);
      const folder = h.deps.render.files.path(`videos/${video.id}/renders/${render.id}`);
      assert.deepEqual(existsSync(folder) ? readdirSync(folder) : [], [], 'no disc image, not even a temporary one');
      await agent.post('/downloads/iso').send({ video_id: video.id }).expect(409);
      await agent.get(`/downloads/video/${video.video_code}/dvd.iso`).expect(404);
      // Asked again, the DVD is made anew from the right plan.
      const remade = await buildHere();
      assert.equal(remade.status, 'done', `${remade.message} ${remade.error}`);
    });
  });

  describe('across worker processes', () => {
    let queue: Queue;
    const workers: ChildProcess[] = [];

    after(async () => {
      for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
      await queue?.stop();
    });

    it('finishes with one valid image and no stray files after the worker is killed mid-way', async () => {
      queue = await startQueue(h.database.url);
      const first = await startWorker(h.database.url, h.config.dataDir);
      workers.push(first);
      // The workers' own schedules would compete for the cores and their prune would sweep for the retried job.
      await h.deps.db.raw('DELETE FROM pgboss.schedule');
      h.deps.dvd.useSender((name, data, options) => queue.send(name, data, options));
      const render = await h.deps.dvd.request(video.id, true);
      const scratchOf = (pid: number) => readdirSync(os.tmpdir()).filter((name) => name.startsWith('tribute-dvd-') && name.includes(`-${pid}-`));
      await until('the first worker encoding the disc', 60_000, async () => {
        const tasks = await h.deps.render.records.tasks(render.id);
        const running = tasks.find((t) => t.task === 'dvd' && t.state === 'running' && t.worker?.endsWith(`:${first.pid}`));
        return running && scratchOf(first.pid!).length ? running : undefined;
      });
      first.kill('SIGKILL');
      const second = await startWorker(h.database.url, h.config.dataDir);
      workers.push(second);
      const done = await until('the retried DVD job', 200_000, async () => {
        const row = (await h.deps.render.records.find(render.id)) as DvdRender;
        return row.status === 'done' || row.status === 'failed' ? row : undefined;
      });
      assert.equal(done.status, 'done', `${done.message} ${done.error}`);
      const task = (await h.deps.render.records.tasks(render.id)).find((t) => t.task === 'dvd')!;
      assert.equal(task.attempts, 2);
      assert.ok(task.worker?.endsWith(`:${second.pid}`), 'the second worker finished it');
      const folder = h.deps.render.files.path(`videos/${video.id}/renders/${render.id}`);
      assert.deepEqual(readdirSync(folder), ['dvd.iso']);
      const titles = await readDisc(path.join(folder, 'dvd.iso'), 'ntsc');
      assert.equal(titles.length, 1);
      assert.equal(titles[0].chapters.length, 2);
      assert.equal(done.sha256, await h.deps.render.files.sha256(done.file_key!));
      assert.deepEqual(temporaries(h.deps.render.files.path(`videos/${video.id}`)), []);
      assert.deepEqual(scratchOf(first.pid!), [], "the killed worker's scratch folder was swept");
    });
  });
});
