import assert from 'node:assert/strict';
import { cellText, formatRuntime, humanize, isDeleted, shortenId, shownCount, type SourceState } from './format.ts';

describe('search page helpers', () => {
  it('shortens identifiers of UUID form to 9 characters plus an ellipsis, and nothing else', () => {
    assert.equal(shortenId('3f2b8c1e-9d4a-4e6b-8f00-1234567890ab'), '3f2b8c1e-…');
    assert.equal(shortenId('3F2B8C1E-9D4A-4E6B-8F00-1234567890AB'), '3F2B8C1E-…');
    assert.equal(shortenId(12345), '12345');
    assert.equal(shortenId('3f2b8c1e9d4a4e6b8f001234567890ab'), '3f2b8c1e9d4a4e6b8f001234567890ab');
    assert.equal(shortenId('chapel-receiver-1'), 'chapel-receiver-1');
  });

  it('humanizes field names into headings', () => {
    assert.equal(humanize('created_at'), 'Created At');
    assert.equal(humanize('organization_name'), 'Organization Name');
    assert.equal(humanize('videoId'), 'Video ID');
    assert.equal(humanize('title'), 'Title');
    assert.equal(humanize('website_domain'), 'Website Domain');
  });

  it('formats runtimes with 3 decimals, ERROR and ...', () => {
    assert.equal(formatRuntime({ status: 'done', result: { runtime: 0.0123456 } }), '0.012');
    assert.equal(formatRuntime({ status: 'done', result: { runtime: 2 } }), '2.000');
    assert.equal(formatRuntime({ status: 'error', message: 'Server problem' }), 'ERROR');
    assert.equal(formatRuntime({ status: 'pending' }), '...');
  });

  it('shows flags, times and missing values as words', () => {
    assert.deepEqual([true, false, null, 3.5, 'Anne'].map(cellText), ['Yes', 'No', '', '3.5', 'Anne']);
    assert.equal(cellText('2026-11-27T04:16:00.000Z'), '2026-11-27 04:16');
  });

  it('takes true, 1 and "1" as deleted', () => {
    assert.deepEqual([true, 1, '1', false, 0, '0', null, undefined, 'true'].map(isDeleted), [true, true, true, false, false, false, false, false, false]);
  });

  it('shows sections in order up to the first one still loading, and all of them after the timeout', () => {
    const done: SourceState<unknown> = { status: 'done', result: {} };
    const pending: SourceState<unknown> = { status: 'pending' };
    const error: SourceState<unknown> = { status: 'error', message: 'x' };
    assert.equal(shownCount([done, error, pending, done], false), 2);
    assert.equal(shownCount([pending, done], false), 0);
    assert.equal(shownCount([done, done], false), 2);
    assert.equal(shownCount([done, pending, done], true), 3);
  });
});
