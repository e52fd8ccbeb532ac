import assert from 'node:assert/strict';
import { io as connect, type Socket } from 'socket.io-client';
import supertest from 'supertest';
import {
  LIVE_PATH,
  type ClientToServerEvents,
  type DraggingMessage,
  type ServerToClientEvents,
  type UpdateMessage,
} from '../src/live/events.ts';
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
  let otherVideoId: number;
  const sockets: Client[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
    otherVideoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
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

  /** A signed-in editor's socket on `server`, connected but not subscribed to anything. */
  async function connected(server: Running): Promise<Client> {
    const socket: Client = connect(server.url, { path: LIVE_PATH, extraHeaders: { cookie: await cookieFor(server.url) }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** A signed-in editor's socket on `server`, subscribed to the video. */
  async function editor(server: Running, video = videoId): Promise<{ socket: Client; subscribed: { update_id: number; server_id: string } }> {
    const socket = await connected(server);
    const subscribed = next(socket, 'subscribed');
    socket.emit('subscribe', { video_id: video });
    return { socket, subscribed: await subscribed };
  }

  /** Every `dragging` message a socket receives from now on. */
  function draggingLog(socket: Client): DraggingMessage[] {
    const log: DraggingMessage[] = [];
    socket.on('dragging', (message) => log.push(message));
    return log;
  }

  /** Time for a message that should not arrive to have arrived anyway (NOTIFY between servers takes milliseconds). */
  const settle = () => new Promise((r) => setTimeout(r, 750));

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
    // Waits for this change's id: on a loaded machine onA once got the previous test's update again here. A repeated
    // update costs an editor one more (debounced) refresh; what this test checks is that the worker's reaches both.
    const ours = (message: UpdateMessage) => message.update_id === before + 1;
    const onAUpdate = next(onA, 'update', ours);
    const onBUpdate = next(onB, 'update', ours);
    // The worker's adapter needs a moment to LISTEN; a NOTIFY sent earlier still reaches the servers.
    await worker.notify(videoId, null);
    assert.equal((await onAUpdate).owner, null);
    assert.equal((await onBUpdate).owner, null);
  });

  it("relays an editor's drag to the other editors of the video on both servers, not to itself nor another video", async () => {
    const onA2 = (await editor(a)).socket;
    const elsewhere = (await editor(b, otherVideoId)).socket;
    const sender = draggingLog(onA);
    const other = draggingLog(elsewhere);
    const onBDrag = next(onB, 'dragging');
    const onA2Drag = next(onA2, 'dragging');
    onA.emit('dragging', { video_id: videoId, ids: [5, 3, 5] });
    assert.deepEqual(await onBDrag, { owner: onA.id, ids: [5, 3] }, 'across the servers, without repeats');
    assert.deepEqual(await onA2Drag, { owner: onA.id, ids: [5, 3] }, 'on the same server');
    const onBDone = next(onB, 'dragging');
    onA.emit('dragging', { video_id: videoId, ids: [] });
    assert.deepEqual(await onBDone, { owner: onA.id, ids: [] });
    await settle();
    assert.deepEqual(sender, [], 'not back to the sender');
    assert.deepEqual(other, [], 'not to an editor of another video');
    onA2.disconnect();
    elsewhere.disconnect();
  });

  it('ignores a drag from a socket not subscribed to the video, and one that is not a list of ids', async () => {
    const log = draggingLog(onB);
    const stranger = await connected(a);
    const elsewhere = (await editor(a, otherVideoId)).socket;
    stranger.emit('dragging', { video_id: videoId, ids: [1] });
    elsewhere.emit('dragging', { video_id: videoId, ids: [2] });
    onA.emit('dragging', { video_id: otherVideoId, ids: [3] });
    onA.emit('dragging', { video_id: videoId, ids: ['4', -1] as unknown as number[] });
    await settle();
    assert.deepEqual(log, []);
    stranger.disconnect();
    elsewhere.disconnect();
    onB.off('dragging');
  });

  it("clears an editor's drag for the others when it disconnects or moves to another video", async () => {
    const leaving = (await editor(a)).socket;
    const started = next(onB, 'dragging', (m) => m.owner === leaving.id && m.ids.length > 0);
    leaving.emit('dragging', { video_id: videoId, ids: [8, 9] });
    assert.deepEqual((await started).ids, [8, 9]);
    const owner = leaving.id;
    const cleared = next(onB, 'dragging', (m) => m.owner === owner);
    leaving.disconnect();
    assert.deepEqual(await cleared, { owner, ids: [] });

    const moving = (await editor(b)).socket;
    const movingStarted = next(onA, 'dragging', (m) => m.owner === moving.id && m.ids.length > 0);
    moving.emit('dragging', { video_id: videoId, ids: [10] });
    await movingStarted;
    const movedAway = next(onA, 'dragging', (m) => m.owner === moving.id);
    moving.emit('subscribe', { video_id: otherVideoId });
    assert.deepEqual(await movedAway, { owner: moving.id, ids: [] });
    moving.disconnect();
  });

  it('counts down when an editor leaves', async () => {
    const fewer = next(onA, 'editors', (m) => m.count === 0);
    onB.disconnect();
    assert.deepEqual(await fewer, { count: 0 });
  });

  it('refuses the videos of a user disabled since they signed in', async () => {
    const socket = await connected(a);
    await h.deps.db('users').where({ email: user.email }).update({ disabled: true });
    try {
      const refused = next(socket, 'error');
      socket.emit('subscribe', { video_id: videoId });
      assert.deepEqual(await refused, { message: 'Not found' });
    } finally {
      await h.deps.db('users').where({ email: user.email }).update({ disabled: false });
    }
  });
});
