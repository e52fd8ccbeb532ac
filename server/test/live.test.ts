import assert from 'node:assert/strict';
import { io as connect, type Socket } from 'socket.io-client';
import supertest from 'supertest';
import { LIVE_PATH, type ClientToServerEvents, type ServerToClientEvents, type UpdateMessage } from '../src/live/events.ts';
import { startLiveNotifier, type Live } from '../src/live/live.ts';
import { startServer, type Running } from '../src/server.ts';
import { makeUser, makeVideo, PASSWORD, startHarness, type Harness } from './harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Waits for the first event of `name` that passes `test`. */
function next<E extends keyof ServerToClientEvents>(
  socket: Client,
  name: E,
  test: (message: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ms = 15_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${name}' within ${ms} ms`)), ms);
    const listener = (message: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!test(message)) return;
      clearTimeout(timer);
      socket.off(name, listener as never);
      resolve(message);
    };
    socket.on(name, listener as never);
  });
}

/**
 * Live sync across processes (docs/architecture.md "Live sync"): two servers on one database, as behind a load
 * balancer, and a job worker with no HTTP. Events travel through the postgres adapter.
 */
describe('live sync across server processes', function () {
  this.timeout(60_000);
  let h: Harness;
  let a: Running;
  let b: Running;
  let worker: Live | undefined;
  let user: { email: string; organization_id: number | null };
  let videoId: number;
  const sockets: Client[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
    const config = { ...h.config, port: 0, host: '127.0.0.1' };
    a = await startServer(config, h.database.db, h.database.url);
    b = await startServer(config, h.database.db, h.database.url, { worker: false });
  });
  after(async () => {
    for (const s of sockets) s.disconnect();
    await worker?.close();
    await b?.stop();
    await a?.stop();
    await h?.close();
  });

  async function cookieFor(url: string): Promise<string> {
    const res = await supertest(url).post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return cookies.map((c) => c.split(';')[0]).join('; ');
  }

  /** A signed-in editor's socket on `server`, subscribed to the video. */
  async function editor(server: Running): Promise<{ socket: Client; subscribed: { update_id: number; server_id: string } }> {
    const socket: Client = connect(server.url, { path: LIVE_PATH, extraHeaders: { cookie: await cookieFor(server.url) }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const subscribed = next(socket, 'subscribed');
    socket.emit('subscribe', { video_id: videoId });
    return { socket, subscribed: await subscribed };
  }

  let onA: Client;
  let onB: Client;

  it('counts the editors of a video across both servers', async () => {
    const first = await editor(a);
    onA = first.socket;
    let aCount = -1;
    let bCount = -1;
    onA.on('editors', ({ count }) => (aCount = count));
    const second = await editor(b);
    onB = second.socket;
    onB.on('editors', ({ count }) => (bCount = count));
    // A server learns of the others from the adapter's heartbeats (every 5 s); until B knows A, its count misses A's
    // editor. Subscribing again recounts, as a reconnecting client does.
    const until = Date.now() + 20_000;
    while (!(aCount === 1 && bCount === 1)) {
      if (Date.now() > until) throw new Error(`editors counted ${aCount} on A and ${bCount} on B, not 1 and 1`);
      onB.emit('subscribe', { video_id: videoId });
      await new Promise((r) => setTimeout(r, 1000));
    }
  });

  it('tells an editor on A about a change made through B', async () => {
    const before = Number((await h.deps.db('videos').where({ id: videoId }).first()).update_id);
    const update = next(onA, 'update');
    const agent = supertest.agent(b.url);
    await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    const saved = await agent.post('/slides/save').send({ video_id: videoId, slide_caption: 'From B' }).expect(200);
    assert.ok(saved.body.slide.id);
    const message: UpdateMessage = await update;
    assert.equal(message.update_id, before + 1);
    assert.equal(message.owner, null);
  });

  it('tells the editors about a change made by a job worker without HTTP (npm run worker)', async () => {
    worker = startLiveNotifier(h.database.url, h.database.db);
    const before = Number((await h.deps.db('videos').where({ id: videoId }).first()).update_id);
    const onAUpdate = next(onA, 'update');
    const onBUpdate = next(onB, 'update');
    // The worker's adapter needs a moment to LISTEN; a NOTIFY sent earlier still reaches the servers.
    await worker.notify(videoId, null);
    assert.equal((await onAUpdate).update_id, before + 1);
    assert.equal((await onBUpdate).update_id, before + 1);
  });

  it('counts down when an editor leaves', async () => {
    const fewer = next(onA, 'editors', (m) => m.count === 0);
    onB.disconnect();
    assert.deepEqual(await fewer, { count: 0 });
  });
});
