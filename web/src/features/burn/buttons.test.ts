import assert from 'node:assert/strict';
import { burnButtons } from './buttons.ts';
import { initialSession, type Block, type BurnSession } from './flow.ts';

const block = (over: Partial<Block> = {}): Block => ({ progress: 0, completed: false, status: null, error: null, ...over });
const done = block({ completed: true, progress: 100, status: 'Completed' });
const failed = block({ error: 'x' });
const state = (over: Partial<Pick<BurnSession, 'finalize' | 'download' | 'burn' | 'verify' | 'canceled' | 'burnRequested'>>) => ({ ...initialSession(1), ...over });

describe('the button states (spec 3 section 4.4)', () => {
  it('offers Burn Another Copy and Close when download, burn and verify are complete', () => {
    assert.deepEqual(burnButtons(state({ finalize: done, download: done, burn: done, verify: done })), ['burn_another', 'close']);
  });

  it('offers Retry after a finalize or download error', () => {
    assert.deepEqual(burnButtons(state({ finalize: failed })), ['retry']);
    assert.deepEqual(burnButtons(state({ finalize: done, download: failed })), ['retry']);
  });

  it('offers Burn after a burn error with the download complete', () => {
    assert.deepEqual(burnButtons(state({ finalize: done, download: done, burn: failed })), ['burn']);
  });

  it('offers Close when canceled or after a verify error', () => {
    assert.deepEqual(burnButtons(state({ canceled: true })), ['close']);
    assert.deepEqual(burnButtons(state({ finalize: done, canceled: true })), ['close']);
    assert.deepEqual(burnButtons(state({ finalize: done, download: done, burn: done, verify: failed })), ['close']);
  });

  it('offers Cancel while finalize or the download runs, plus the settings once finalize is complete', () => {
    assert.deepEqual(burnButtons(state({})), ['cancel']);
    assert.deepEqual(burnButtons(state({ finalize: done })), ['cancel', 'settings']);
  });

  it('offers nothing while the disc is burned and verified', () => {
    assert.deepEqual(burnButtons(state({ finalize: done, download: done, burnRequested: true })), []);
    assert.deepEqual(burnButtons(state({ finalize: done, download: done, burn: done, burnRequested: true })), []);
  });

  it('offers Close while it waits for a usable disc, before the burn starts', () => {
    assert.deepEqual(burnButtons(state({ finalize: done, download: done })), ['close']);
  });
});
