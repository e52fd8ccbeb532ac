import assert from 'node:assert/strict';
import { stageStatus } from './generation-status.service.ts';

describe('stageStatus', () => {
  const finalized = { date_in_queue: new Date(), deleted_at: null };

  it('says Complete only for a done render', () => {
    assert.deepEqual(stageStatus(finalized, 'hd', { status: 'done', progress: 100, message: 'Complete', error: null, updated_at: new Date() }), { complete: 100, message: 'Complete' });
  });

  it('shows a finished-marked video without a render as waiting to render, not Complete (its files are not there)', () => {
    assert.deepEqual(stageStatus({ ...finalized, finished: true } as typeof finalized, 'hd', undefined), { complete: 0, message: 'Waiting for the render to start...' });
  });

  it('shows a video never finalized as unfinished', () => {
    assert.deepEqual(stageStatus({ date_in_queue: null, deleted_at: null }, 'hd', undefined), { complete: 0, message: 'Video is unfinished' });
  });
});
