import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { createSaveQueue } from './save-queue.ts';
import { SAVE_DEBOUNCE_MS } from './setup-values.ts';
import { createTextSaveTimer } from './text-save-timer.ts';

type Values = { title: string; subtitle: string; themeId: number };

/** The setup saver's wiring (useSetupSaver) on a queue whose server answers at once and records each save. */
function saver() {
  const sent: Partial<Values>[] = [];
  const queue = createSaveQueue<Values>({
    videoId: 9,
    saved: { title: 'T', subtitle: '', themeId: 0 },
    canCreate: () => true,
    transport: {
      create: async () => 9,
      update: async (_id, changes) => void sent.push(changes),
    },
  });
  const timer = createTextSaveTimer(() => queue.save());
  return {
    sent,
    timer,
    type(field: 'title' | 'subtitle', text: string) {
      queue.change({ [field]: text });
      timer.typed();
    },
    set(patch: Partial<Values>) {
      queue.change(patch);
      timer.now();
    },
    blur: () => timer.left(),
    /** What useSetupSaver does as its page unmounts. */
    leavePage: () => timer.left(),
  };
}

/** Lets the queue's promise chain run; fake timers do not touch microtasks. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('the setup text save timer (fake timers)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('saves text 500 ms after the last keystroke, once for a burst of typing', async () => {
    const s = saver();
    s.type('title', 'M');
    mock.timers.tick(300);
    s.type('title', 'Ma');
    mock.timers.tick(300);
    s.type('title', 'Mar');
    mock.timers.tick(SAVE_DEBOUNCE_MS - 1);
    await settle();
    assert.deepEqual(s.sent, [], 'nothing before 500 ms of quiet');
    assert.equal(s.timer.waiting(), true);
    mock.timers.tick(1);
    await settle();
    assert.deepEqual(s.sent, [{ title: 'Mar' }], 'one save with the last text');
    assert.equal(s.timer.waiting(), false);
    mock.timers.tick(5000);
    await settle();
    assert.equal(s.sent.length, 1, 'and nothing more');
  });

  it('saves at once when the field loses focus, and the waiting save does not go again', async () => {
    const s = saver();
    s.type('subtitle', '1931');
    mock.timers.tick(100);
    s.blur();
    await settle();
    assert.deepEqual(s.sent, [{ subtitle: '1931' }]);
    mock.timers.tick(SAVE_DEBOUNCE_MS * 2);
    await settle();
    assert.equal(s.sent.length, 1);
  });

  it('sends nothing on leaving a field that was not typed in', async () => {
    const s = saver();
    s.blur();
    mock.timers.tick(SAVE_DEBOUNCE_MS);
    await settle();
    assert.deepEqual(s.sent, []);
  });

  it('saves another change at once, taking the waiting text along', async () => {
    const s = saver();
    s.type('title', 'Margaret');
    mock.timers.tick(200);
    s.set({ themeId: 5 });
    await settle();
    assert.deepEqual(s.sent, [{ title: 'Margaret', themeId: 5 }]);
    mock.timers.tick(SAVE_DEBOUNCE_MS);
    await settle();
    assert.equal(s.sent.length, 1);
  });

  it('sends a waiting save at once when the page goes away (Back included), and only once', async () => {
    const s = saver();
    s.type('title', 'Gone');
    s.leavePage();
    await settle();
    assert.deepEqual(s.sent, [{ title: 'Gone' }]);
    mock.timers.tick(SAVE_DEBOUNCE_MS * 2);
    await settle();
    assert.equal(s.sent.length, 1);
  });
});
