import assert from 'node:assert/strict';
import { SILK_POLL_MS, silkLayout, silkPollMs, silkStatusText, sortSilks } from './silk-rules.ts';

describe('the Direct Delivery list rules', () => {
  it('shows nothing for 0 devices, the list for 1 and a collapsible header for 2 or more', () => {
    assert.equal(silkLayout(0), 'none');
    assert.equal(silkLayout(1), 'list');
    assert.equal(silkLayout(2), 'collapsible');
    assert.equal(silkLayout(7), 'collapsible');
  });

  it('polls every 2 s only with exactly one device or while expanded, never during a toggle', () => {
    assert.equal(SILK_POLL_MS, 2000);
    assert.equal(silkPollMs(0, true, false), 0);
    assert.equal(silkPollMs(1, false, false), 2000);
    assert.equal(silkPollMs(3, false, false), 0);
    assert.equal(silkPollMs(3, true, false), 2000);
    assert.equal(silkPollMs(1, false, true), 0);
    assert.equal(silkPollMs(3, true, true), 0);
  });

  it('sorts by label ignoring case, numbers by value', () => {
    const labels = sortSilks([{ label: 'chapel 10' }, { label: 'Lobby' }, { label: 'Chapel 2' }, { label: 'chapel 1' }]).map((s) => s.label);
    assert.deepEqual(labels, ['chapel 1', 'Chapel 2', 'chapel 10', 'Lobby']);
  });

  it('says Off, the description, or Downloading with its percent', () => {
    const status = { description: 'Downloading', percent: 42.7 };
    assert.equal(silkStatusText({ checked: true, pending: false, status }), 'Downloading 42%');
    assert.equal(silkStatusText({ checked: true, pending: false, status: { description: 'Ready', percent: null } }), 'Ready');
    assert.equal(silkStatusText({ checked: false, pending: false, status: { description: '', percent: null } }), 'Off');
    assert.equal(silkStatusText({ checked: true, pending: true, status }), 'Saving…');
  });
});
