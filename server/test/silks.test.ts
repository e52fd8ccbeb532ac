import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeviceSimulator } from '../../scripts/device-simulator.ts';
import { createApp } from '../src/app.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import type { WireSilk } from '../src/wire/silk.ts';
import { addFinishedHd } from './hd-fixture.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const listen = (server: net.Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));

/**
 * A TCP relay in front of the app that can cut a connection in the middle of a device file download, as a flaky line
 * at a funeral home would. It also records every file request's Range header.
 */
function cuttingRelay(appPort: () => number) {
  const state = { cutsLeft: 0, cutAfter: 0, ranges: [] as (string | null)[] };
  const server = net.createServer((client) => {
    const upstream = net.connect(appPort(), '127.0.0.1');
    let inFile = false;
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      const head = chunk.toString('latin1');
      if (/^GET \/api\/devices\/v1\/videos\//.test(head)) {
        inFile = true;
        sent = 0;
        state.ranges.push(/\r\nrange: *([^\r]+)/i.exec(head)?.[1] ?? null);
      } else if (/^[A-Z]+ \//.test(head)) inFile = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (inFile && state.cutsLeft > 0 && sent + chunk.length > state.cutAfter) {
        client.write(chunk.subarray(0, Math.max(0, state.cutAfter - sent)));
        state.cutsLeft -= 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      sent += chunk.length;
      client.write(chunk);
    });
    const close = () => (client.destroy(), upstream.destroy());
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  return { server, state };
}

describe('Direct Delivery: devices, the device API and the details page list', function () {
  this.timeout(120_000);
  let h: Harness;
  let app: Server;
  let relay: ReturnType<typeof cuttingRelay>;
  let appPort = 0;
  let video: VideoRow;
  let hd: Awaited<ReturnType<typeof addFinishedHd>>;
  let superUser: { email: string };
  let staff: { email: string };
  let otherStaff: { email: string };
  let orgA: { id: number };
  let orgB: { id: number };
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'device-'));
    dirs.push(dir);
    return dir;
  };
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  let base = '';

  before(async () => {
    relay = cuttingRelay(() => appPort);
    const relayPort = await listen(relay.server);
    base = `http://127.0.0.1:${relayPort}`;
    h = await startHarness({ publicUrl: base });
    app = createServer(createApp(h.deps).callback());
    appPort = await listen(app);
    orgA = await makeOrganization(h.deps, 'Rivers Funeral Home');
    orgB = await makeOrganization(h.deps, 'Hills Chapel');
    superUser = await makeUser(h.deps, { role: 'super', organizationId: null });
    staff = await makeUser(h.deps, { organizationId: orgA.id });
    otherStaff = await makeUser(h.deps, { organizationId: orgB.id });
    video = await makeVideo(h.deps, { organization_id: orgA.id, title: 'Remembering Rose', date_in_queue: new Date(), upload_link_access_level: 1 } as Partial<VideoRow> & { organization_id: number });
    hd = await addFinishedHd(h.deps, video.id, 2);
  });

  after(async () => {
    await new Promise((resolve) => app?.close(resolve));
    relay?.server.close();
    await h?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('registration is for super users only: everyone else gets 404 from its calls', async () => {
    const member = await h.agent(staff);
    await member.get('/r/settings/silks').expect(404);
    await member.post('/r/settings/silks').send({ organization_id: orgA.id, label: 'Chapel', device_id: 'X1' }).expect(404);
    await member.patch('/r/settings/silks/1').send({ label: 'x' }).expect(404);
    await member.delete('/r/settings/silks/1').expect(404);
    await member.post('/r/settings/silks/1/token').expect(404);
    // Without a session: asked to sign in (the scaffold's rule for /r/settings), never a token.
    assert.ok([401, 404].includes((await h.request().post('/r/settings/silks/1/token')).status));
    assert.equal(await h.deps.db('silks').count('* as n').first().then((r) => Number(r!.n)), 0);
  });

  it('a super user registers devices; the token is issued once and only its hash is stored', async () => {
    const admin = await h.agent(superUser);
    const register = async (organizationId: number, label: string, deviceId: string) => {
      const created = await admin.post('/r/settings/silks').send({ organization_id: organizationId, label, device_id: deviceId }).expect(201);
      // Registered but without a token, a device cannot sign in; the page asks for one at once.
      assert.equal(created.body.silk.has_token, false);
      const issued = await admin.post(`/r/settings/silks/${created.body.silk.id}/token`).expect(200);
      assert.equal(issued.headers['cache-control'], 'no-store');
      assert.match(issued.body.token, /^tdd_[A-Za-z0-9_-]{43}$/);
      return { id: created.body.silk.id as number, organizationName: created.body.silk.organization_name as string, token: issued.body.token as string };
    };
    const a = await register(orgA.id, 'Chapel 10', 'SILK-A1');
    assert.equal(a.organizationName, 'Rivers Funeral Home');
    tokens.a = a.token;
    tokens.b = (await register(orgB.id, 'Lobby', 'SILK-B1')).token;
    const stored = await h.deps.db('silks').where({ id: a.id }).first();
    assert.equal(stored.token_hash, createHash('sha256').update(tokens.a).digest('hex'));
    assert.ok(!JSON.stringify(stored).includes(tokens.a));
    // Validation beside the fields: a device id twice (any case), one with spaces, a missing label.
    const dup = await admin.post('/r/settings/silks').send({ organization_id: orgA.id, label: 'Again', device_id: 'silk-a1' }).expect(400);
    assert.match(dup.body.fields.device_id, /already registered/);
    const spaced = await admin.post('/r/settings/silks').send({ organization_id: orgA.id, label: 'Again', device_id: 'SILK A9' }).expect(400);
    assert.match(spaced.body.fields.device_id, /only letters, digits/);
    const unlabelled = await admin.post('/r/settings/silks').send({ organization_id: orgA.id, device_id: 'SILK-A9' }).expect(400);
    assert.equal(unlabelled.body.fields.label, 'Please enter the label.');
    // The list never carries the token or its hash; search finds by label, device id or organization.
    const list = await admin.get('/r/settings/silks').query({ q: 'chapel' }).expect(200);
    assert.deepEqual(list.body.silks.map((s: { device_id: string }) => s.device_id).sort(), ['SILK-A1', 'SILK-B1']);
    assert.ok(!JSON.stringify(list.body).includes('tdd_') && !JSON.stringify(list.body).includes(stored.token_hash));
    assert.equal(list.body.silks[0].has_token, true);
    assert.equal((await admin.get('/r/settings/silks').query({ q: 'B1' }).expect(200)).body.total, 1);
  });

  it('the device API answers 401 JSON without a valid token', async () => {
    for (const auth of [undefined, 'Bearer nonsense', `Basic ${tokens.a}`]) {
      const req = h.request().get('/api/devices/v1/deliveries').set('Accept', 'text/html');
      const res = await (auth ? req.set('Authorization', auth) : req).expect(401);
      assert.match(res.headers['content-type'], /json/);
      assert.match(res.body.errors[0], /device token/);
    }
    await h.request().post('/api/devices/v1/status').send({ reports: [] }).expect(401);
  });

  it("staff see their organization's devices for the video; others and other organizations' devices find nothing", async () => {
    const member = await h.agent(staff);
    const res = await member.get(`/r/silks/status/${video.id}`).expect(200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const list = res.body as WireSilk[];
    assert.equal(list.length, 1);
    assert.deepEqual({ ...list[0], status: { ...list[0].status, last_update: null } }, {
      id: list[0].id, label: 'Chapel 10', device_id: 'SILK-A1', checked: false, pending: false,
      status: { description: '', connected: false, last_update: null, percent: null },
    });
    const outsider = await h.agent(otherStaff);
    await outsider.get(`/r/silks/status/${video.id}`).expect(404);
    await outsider.post('/r/silks/toggle').send({ video_id: video.id, device_id: 'SILK-B1', state: true }).expect(404);
    // A device of another organization cannot be switched on for this video.
    await member.post('/r/silks/toggle').send({ video_id: video.id, device_id: 'SILK-B1', state: true }).expect(404);
    await member.post('/r/silks/toggle').send({ video_id: video.id, device_id: 'SILK-A1', state: 'yes' }).expect(400);
    // The family upload link sees no devices.
    await h.request().get(`/r/silks/status/${video.security_hash}`).expect(404);
  });

  it('switched on, the simulator downloads the video through a cut connection, verifies it and the page sees Downloading then Ready', async () => {
    const member = await h.agent(staff);
    const on = await member.post('/r/silks/toggle').send({ video_id: video.id, device_id: 'SILK-A1', state: true }).expect(200);
    assert.equal(on.body.checked, true);
    assert.equal(on.body.status.description, 'Queued');
    assert.deepEqual((await member.get(`/r/videos/${video.id}`).expect(200)).body.silks.map((s: { label: string }) => s.label), ['Chapel 10']);

    relay.state.cutsLeft = 1;
    relay.state.cutAfter = Math.floor(hd.bytes.length / 3);
    const seen: WireSilk['status'][] = [];
    const dir = tempDir();
    const simulator = new DeviceSimulator({
      server: base, token: tokens.a, dir, progressIntervalMs: 0,
      // What the details page would read after each report.
      onReport: async () => {
        const [device] = (await member.get(`/r/silks/status/${video.id}`).expect(200)).body as WireSilk[];
        seen.push(device.status);
      },
    });
    const result = await simulator.syncOnce();
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.ready, [video.id]);
    // The first request was cut; the next one asked for the rest with Range from where the file stopped.
    assert.equal(relay.state.cutsLeft, 0);
    assert.equal(relay.state.ranges[0], null);
    assert.ok(result.resumedFrom.length >= 1 && result.resumedFrom[0] > 0, `resumed: ${JSON.stringify(result.resumedFrom)}`);
    assert.equal(relay.state.ranges[1], `bytes=${result.resumedFrom[0]}-`);
    const copy = await readFile(path.join(dir, `${video.id}.mp4`));
    assert.equal(createHash('sha256').update(copy).digest('hex'), createHash('sha256').update(hd.bytes).digest('hex'));
    // The SHA-256 was computed once and kept with the render.
    assert.equal((await h.deps.db('renders').where({ id: hd.renderId }).first('sha256')).sha256, createHash('sha256').update(hd.bytes).digest('hex'));

    const descriptions = seen.map((s) => s.description);
    assert.equal(descriptions[0], 'Queued');
    const downloading = seen.filter((s) => s.description === 'Downloading');
    assert.ok(downloading.length >= 2, `statuses seen: ${descriptions.join(', ')}`);
    assert.ok(downloading.some((s) => s.percent! > 0 && s.percent! < 100), 'a percent between 0 and 100 was shown');
    assert.equal(descriptions.at(-1), 'Ready');
    assert.equal(descriptions.indexOf('Ready'), descriptions.length - 1, 'Ready comes after every Downloading');
    const last = seen.at(-1)!;
    assert.equal(last.connected, true);
    assert.equal(last.percent, null);
    assert.ok(Date.now() - Date.parse(last.last_update!) < 60_000);

    // A second poll finds the copy verified and downloads nothing.
    const again = await simulator.syncOnce();
    assert.deepEqual(again.ready, [video.id]);
    assert.deepEqual(again.resumedFrom, []);
  });

  it('Notify Silk Devices reaches a waiting device at once; it checks its copy again, fetches it anew and reports Ready', async () => {
    const dir = tempDir();
    const simulator = new DeviceSimulator({ server: base, token: tokens.a, dir, progressIntervalMs: 0 });
    assert.deepEqual((await simulator.syncOnce()).ready, [video.id]);
    assert.deepEqual(await simulator.waitForNotices(0), [], 'nothing noticed yet');
    const started = Date.now();
    const waiting = simulator.waitForNotices(20);
    const admin = await h.agent(superUser);
    const pressed = await admin.post(`/r/videos/${video.id}/notify_silk`).expect(200);
    assert.equal(pressed.body.notified, 1);
    const notices = await waiting;
    assert.deepEqual(notices.map((n) => n.video_id), [video.id]);
    assert.ok(Date.now() - started < 10_000, 'answered as soon as the notice was given, not at the end of the wait');
    // The deliveries say when staff asked, too.
    const listed = await fetch(`${base}/api/devices/v1/deliveries`, { headers: { Authorization: `Bearer ${tokens.a}` } }).then((r) => r.json());
    assert.equal(listed.deliveries[0].requested_at, notices[0].requested_at);
    // The copy went bad on the device: the noticed sync finds it out and fetches it again.
    await writeFile(path.join(dir, `${video.id}.mp4`), Buffer.from('damaged'));
    const result = await simulator.syncOnce(new Set(notices.map((n) => n.video_id)));
    assert.deepEqual(result.rechecked, [video.id]);
    assert.deepEqual(result.ready, [video.id]);
    const copy = await readFile(path.join(dir, `${video.id}.mp4`));
    assert.equal(createHash('sha256').update(copy).digest('hex'), createHash('sha256').update(hd.bytes).digest('hex'));
    const [device] = (await (await h.agent(staff)).get(`/r/silks/status/${video.id}`).expect(200)).body as WireSilk[];
    assert.equal(device.status.description, 'Ready');
    // A later wait does not see the same notice again.
    assert.deepEqual(await simulator.waitForNotices(0), []);
  });

  it("another organization's device token sees nothing of the video", async () => {
    const dir = tempDir();
    const other = new DeviceSimulator({ server: base, token: tokens.b, dir });
    const result = await other.syncOnce();
    assert.deepEqual(result.ready, []);
    const deliveries = await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${tokens.b}`).expect(200);
    assert.deepEqual(deliveries.body.deliveries, []);
    assert.equal(deliveries.body.device.device_id, 'SILK-B1');
    await h.request().get(`/api/devices/v1/videos/${video.id}/hd.mp4`).set('Authorization', `Bearer ${tokens.b}`).expect(404);
    const report = await h.request().post('/api/devices/v1/status').set('Authorization', `Bearer ${tokens.b}`).send({ reports: [{ video_id: video.id, state: 'Error', message: 'x' }] }).expect(200);
    assert.deepEqual(report.body, { accepted: 0 });
    const [device] = (await (await h.agent(staff)).get(`/r/silks/status/${video.id}`).expect(200)).body as WireSilk[];
    assert.equal(device.status.description, 'Ready');
    // Even if the row existed, the link would not reach across organizations.
    await h.deps.db('video_silks').insert({ video_id: video.id, silk_id: deliveries.body.device.id, checked: true });
    assert.deepEqual((await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${tokens.b}`).expect(200)).body.deliveries, []);
    await h.request().get(`/api/devices/v1/videos/${video.id}/hd.mp4`).set('Authorization', `Bearer ${tokens.b}`).expect(404);
    await h.deps.db('video_silks').where({ silk_id: deliveries.body.device.id }).delete();
  });

  it('rejects malformed reports with a reason, and the device range download works directly', async () => {
    const auth = `Bearer ${tokens.a}`;
    const bad = await h.request().post('/api/devices/v1/status').set('Authorization', auth).send({ reports: [{ video_id: video.id, state: 'Done' }] }).expect(400);
    assert.match(bad.body.errors[0], /state must be one of Queued, Downloading, Ready, Error/);
    const part = await h.request().get(`/api/devices/v1/videos/${video.id}/hd.mp4`).set('Authorization', auth).set('Range', 'bytes=10-19').buffer(true).expect(206);
    assert.equal(part.headers['content-range'], `bytes 10-19/${hd.bytes.length}`);
  });

  it('switched off, the device drops the video; disabled, its token stops working; deleted, it is gone', async () => {
    const member = await h.agent(staff);
    const off = await member.post('/r/silks/toggle').send({ video_id: String(video.id), device_id: 'SILK-A1', state: false }).expect(200);
    assert.equal(off.body.checked, false);
    assert.equal(off.body.status.description, '');
    // The details card's Direct Delivery row lists only the devices the video is sent to.
    assert.deepEqual((await member.get(`/r/videos/${video.id}`).expect(200)).body.silks, []);
    const dir = dirs[0];
    const result = await new DeviceSimulator({ server: base, token: tokens.a, dir }).syncOnce();
    assert.deepEqual(result.removed, [video.id]);

    const admin = await h.agent(superUser);
    const id = (await h.deps.db('silks').where({ device_id: 'SILK-A1' }).first('id')).id as number;
    const renamed = await admin.patch(`/r/settings/silks/${id}`).send({ label: 'Chapel 2', disabled: true }).expect(200);
    assert.equal(renamed.body.silk.label, 'Chapel 2');
    await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${tokens.a}`).expect(401);
    assert.deepEqual((await member.get(`/r/silks/status/${video.id}`).expect(200)).body, []);
    // A new token works once the device is enabled again; the old one no longer does.
    await admin.patch(`/r/settings/silks/${id}`).send({ disabled: false }).expect(200);
    const replaced = await admin.post(`/r/settings/silks/${id}/token`).expect(200);
    await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${tokens.a}`).expect(401);
    await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${replaced.body.token}`).expect(200);
    await member.post('/r/silks/toggle').send({ video_id: video.id, device_id: 'SILK-A1', state: true }).expect(200);
    await admin.delete(`/r/settings/silks/${id}`).expect(200);
    await admin.delete(`/r/settings/silks/${id}`).expect(404);
    await admin.post(`/r/settings/silks/${id}/token`).expect(404);
    await h.request().get('/api/devices/v1/deliveries').set('Authorization', `Bearer ${replaced.body.token}`).expect(401);
    assert.equal(await h.deps.db('video_silks').where({ silk_id: id }).first(), undefined);
  });
});
