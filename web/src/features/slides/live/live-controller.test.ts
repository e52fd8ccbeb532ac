import assert from 'node:assert/strict';
import { IN_FLIGHT_RETRY_MS, LiveController, NO_CONNECTION_REFRESH_MS, REFRESH_DEBOUNCE_MS, type LiveState } from './live-controller.ts';

function harness() {
  let time = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const advance = (ms: number) => {
    const end = time + ms;
    for (;;) {
      const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      timers.delete(next[0]);
      time = next[1].at;
      next[1].run();
    }
    time = end;
  };
  const log = { refreshes: 0, subscribes: 0, busy: false, state: { otherEditors: 0, connected: false } as LiveState };
  const controller = new LiveController({
    timers: {
      setTimeout: (run, ms) => {
        seq += 1;
        timers.set(seq, { at: time + ms, run });
        return seq;
      },
      clearTimeout: (handle) => timers.delete(handle as number),
    },
    subscribe: () => (log.subscribes += 1),
    refresh: () => (log.refreshes += 1),
    inFlight: () => log.busy,
    onState: (state) => (log.state = state),
  });
  return { controller, advance, log };
}

const subscribed = (update_id: number, server_id = 'a') => ({ update_id, server_id });

describe('live sync decisions', () => {
  it('subscribes on connect and does not refresh on the first subscribe', () => {
    const { controller, advance, log } = harness();
    controller.start();
    controller.connected();
    controller.subscribed(subscribed(4));
    advance(10_000);
    assert.equal(log.subscribes, 1);
    assert.equal(log.refreshes, 0);
    assert.equal(log.state.connected, true);
  });

  it('refreshes after resubscribing when the update id or the server id changed', () => {
    const { controller, advance, log } = harness();
    controller.connected();
    controller.subscribed(subscribed(4));
    controller.subscribed(subscribed(4));
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 0);
    controller.subscribed(subscribed(5));
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 1);
    controller.subscribed(subscribed(5, 'b'));
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 2);
  });

  it("refreshes on another editor's update, not on its own", () => {
    const { controller, advance, log } = harness();
    controller.connected();
    controller.subscribed(subscribed(1));
    controller.updated({ update_id: 2, server_id: 'a', owner: 'me' }, 'me');
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 0);
    controller.updated({ update_id: 3, server_id: 'a', owner: 'other' }, 'me');
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 1);
  });

  it('knows its own updates when it comes back, so only missed ones refresh', () => {
    const { controller, advance, log } = harness();
    controller.connected();
    controller.subscribed(subscribed(1));
    controller.updated({ update_id: 2, server_id: 'a', owner: 'me' }, 'me');
    controller.subscribed(subscribed(2));
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 0);
  });

  it('refreshes once after 3 seconds without a connection', () => {
    const { controller, advance, log } = harness();
    controller.start();
    advance(NO_CONNECTION_REFRESH_MS - 1);
    assert.equal(log.refreshes, 0);
    advance(1 + REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 1);
    advance(60_000);
    assert.equal(log.refreshes, 1);
  });

  it('counts 3 seconds again from a lost connection', () => {
    const { controller, advance, log } = harness();
    controller.start();
    controller.connected();
    controller.subscribed(subscribed(1));
    advance(10_000);
    controller.disconnected();
    assert.equal(log.state.connected, false);
    advance(NO_CONNECTION_REFRESH_MS + REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 1);
  });

  it('merges a burst of updates into one refresh', () => {
    const { controller, advance, log } = harness();
    controller.connected();
    for (let i = 1; i <= 5; i += 1) controller.updated({ update_id: i, server_id: 'a', owner: 'other' }, 'me');
    advance(REFRESH_DEBOUNCE_MS);
    assert.equal(log.refreshes, 1);
  });

  it('holds a refresh while requests are in flight and runs it shortly after', () => {
    const { controller, advance, log } = harness();
    controller.connected();
    log.busy = true;
    controller.requestRefresh();
    advance(REFRESH_DEBOUNCE_MS + 5 * IN_FLIGHT_RETRY_MS);
    assert.equal(log.refreshes, 0);
    log.busy = false;
    advance(IN_FLIGHT_RETRY_MS);
    assert.equal(log.refreshes, 1);
  });

  it('passes the other editors count on and forgets it when the connection drops', () => {
    const { controller, log } = harness();
    controller.connected();
    controller.editors(2);
    assert.equal(log.state.otherEditors, 2);
    controller.disconnected();
    assert.equal(log.state.otherEditors, 0);
  });
});
