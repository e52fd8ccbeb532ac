import assert from 'node:assert/strict';
import { createSaveQueue, type SaveState, type SaveTransport } from './save-queue.ts';

type Setup = { title: string; subtitle: string; themeId: number };
const DEFAULTS: Setup = { title: '', subtitle: '', themeId: 0 };

/** A server whose replies the test releases one by one, recording every call in order. */
function fakeServer() {
  const calls: { kind: 'create' | 'update'; values: Partial<Setup> }[] = [];
  const pending: { resolve: (server?: Setup) => void; reject: (err: Error) => void }[] = [];
  const wait = () => new Promise<Setup | void>((resolve, reject) => pending.push({ resolve, reject }));
  /** What the server holds, read after a refusal. */
  let stored: Setup | undefined;
  const transport: SaveTransport<Setup> = {
    async create(values) {
      calls.push({ kind: 'create', values });
      await wait();
      return 77;
    },
    async update(_id, changes) {
      calls.push({ kind: 'update', values: changes });
      return wait();
    },
    read: async () => stored!,
    refused: (err) => (err as Error).message !== 'Failed to fetch',
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    calls,
    transport,
    inFlight: () => pending.length,
    async reply(server?: Setup) {
      pending.shift()!.resolve(server);
      await tick();
    },
    async fail(message: string, server?: Setup) {
      stored = server;
      pending.shift()!.reject(new Error(message));
      await tick();
      await tick();
    },
  };
}

function queueOn(server: ReturnType<typeof fakeServer>, videoId: number | null = null, saved: Setup = DEFAULTS) {
  const states: SaveState[] = [];
  const created: number[] = [];
  const queue = createSaveQueue<Setup>({
    videoId,
    saved,
    transport: server.transport,
    canCreate: (v) => v.title.trim() !== '',
    onState: (s) => states.push(s),
    onCreated: (id) => created.push(id),
  });
  return { queue, states, created };
}

describe('setup save queue', () => {
  it('sends nothing until the title is filled in, and says so', () => {
    const server = fakeServer();
    const { queue } = queueOn(server);
    queue.change({ subtitle: '1931 - 2026' });
    queue.save();
    assert.equal(server.calls.length, 0);
    assert.equal(queue.state().needsTitle, true);
    queue.change({ title: '  ' });
    assert.equal(queue.state().needsTitle, true);
    queue.change({ title: 'Margaret' });
    assert.equal(queue.state().needsTitle, false);
  });

  it('creates the video with every field first, then patches only what changed', async () => {
    const server = fakeServer();
    const { queue, created } = queueOn(server);
    queue.change({ title: 'Margaret', subtitle: 'Loved' });
    queue.save();
    assert.deepEqual(server.calls, [{ kind: 'create', values: { title: 'Margaret', subtitle: 'Loved', themeId: 0 } }]);
    await server.reply();
    assert.deepEqual(created, [77]);
    assert.equal(queue.state().videoId, 77);
    queue.change({ themeId: 5 });
    queue.save();
    assert.deepEqual(server.calls[1], { kind: 'update', values: { themeId: 5 } });
    await server.reply();
    assert.equal(queue.state().dirty, false);
  });

  it('runs one save at a time and folds the changes made meanwhile into the next, in order', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, { title: 'M', subtitle: '', themeId: 0 });
    queue.change({ title: 'Ma' });
    queue.save();
    for (const title of ['Mar', 'Marg', 'Marga']) {
      queue.change({ title });
      queue.save();
    }
    queue.change({ subtitle: 'Always' });
    queue.save();
    assert.equal(server.inFlight(), 1, 'only one request at a time');
    await server.reply();
    assert.equal(server.inFlight(), 1);
    await server.reply();
    assert.deepEqual(server.calls, [
      { kind: 'update', values: { title: 'Ma' } },
      { kind: 'update', values: { title: 'Marga', subtitle: 'Always' } },
    ]);
    assert.equal(queue.state().saving, false);
    assert.equal(queue.state().dirty, false);
  });

  it('patches changes typed while the video was being created once it exists', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server);
    queue.change({ title: 'M' });
    queue.save();
    queue.change({ title: 'Margaret' });
    queue.save();
    await server.reply();
    assert.deepEqual(server.calls[1], { kind: 'update', values: { title: 'Margaret' } });
    await server.reply();
    assert.equal(queue.state().dirty, false);
  });

  it('keeps a change that did not reach the server and sends it again with the next save', async () => {
    const server = fakeServer();
    const { queue, states } = queueOn(server, 9, { title: 'Kept', subtitle: '', themeId: 0 });
    queue.change({ subtitle: 'Loved' });
    queue.save();
    await server.fail('Failed to fetch');
    assert.equal(queue.state().error, 'Failed to fetch');
    assert.equal(states.at(-1)?.error, 'Failed to fetch');
    assert.equal(queue.state().dirty, true);
    queue.change({ title: 'New' });
    queue.save();
    assert.deepEqual(server.calls[1], { kind: 'update', values: { title: 'New', subtitle: 'Loved' } });
    await server.reply();
    assert.equal(queue.state().error, null);
  });

  it("puts a refused change back to the server's value and keeps what was typed since (spec 3 section 8)", async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, { title: 'Kept', subtitle: '', themeId: 0 });
    queue.change({ subtitle: 'x'.repeat(300), themeId: 4 });
    queue.save();
    queue.change({ title: 'Typed meanwhile' });
    await server.fail('Subtitle must be at most 250 characters.', { title: 'Kept', subtitle: 'Server', themeId: 0 });
    assert.equal(queue.state().error, 'Subtitle must be at most 250 characters.');
    assert.deepEqual(queue.values(), { title: 'Typed meanwhile', subtitle: 'Server', themeId: 0 });
    assert.equal(queue.state().dirty, true, 'the title typed during the save is still to send');
    queue.save();
    assert.deepEqual(server.calls.at(-1), { kind: 'update', values: { title: 'Typed meanwhile' } });
  });

  it("takes the server's answer to a save as the saved values", async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, { title: 'T', subtitle: '', themeId: 5 });
    queue.change({ title: 'Margaret' });
    queue.save();
    await server.reply({ title: 'Margaret', subtitle: '', themeId: 1 });
    assert.deepEqual(queue.values(), { title: 'Margaret', subtitle: '', themeId: 1 });
    assert.equal(queue.state().dirty, false);
  });

  it('does not send a change that was undone before its save', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, { title: 'Same', subtitle: '', themeId: 0 });
    queue.change({ title: 'Other' });
    queue.change({ title: 'Same' });
    queue.save();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(server.calls.length, 0);
  });

  it('lets a leaving page wait until every asked-for save is done', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, DEFAULTS);
    let idle = false;
    queue.change({ title: 'A' });
    queue.save();
    queue.change({ title: 'AB' });
    queue.save();
    void queue.idle().then(() => (idle = true));
    await server.reply();
    assert.equal(idle, false, 'the second save is still to come');
    await server.reply();
    assert.equal(idle, true);
  });

  it('takes a change the server made itself without sending it', async () => {
    const server = fakeServer();
    const { queue } = queueOn(server, 9, { title: 'T', subtitle: '', themeId: 5 });
    queue.adopt({ themeId: 0 });
    queue.save();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(server.calls.length, 0);
    assert.equal(queue.values().themeId, 0);
    assert.equal(queue.state().dirty, false);
  });
});
