import assert from 'node:assert/strict';
import type { DownloadStatus } from '../../../../common/burn-protocol.ts';
import { burnReducer, canStartBurn, canStartDownload, initialSession, isDone, needsBurnerChecks, type BurnAction, type BurnSession } from './flow.ts';

const SHA = 'a'.repeat(64);
const run = (actions: BurnAction[], from: BurnSession = initialSession(7)): BurnSession => actions.reduce(burnReducer, from);
const status = (over: Partial<DownloadStatus>): DownloadStatus => ({
  type: 'download_status',
  download_id: 'd1',
  state: 'in_progress',
  received: 0,
  total: 1000,
  error: null,
  filename: null,
  ...over,
});

const iso: BurnAction = { type: 'iso', urls: { primary: 'http://a/downloads/video/x/dvd.iso', east: 'http://b/downloads/video/x/dvd.iso?alt=east' }, size: 1000, sha256: SHA };
const finalized: BurnAction[] = [iso, { type: 'finalize_complete' }];
const downloaded: BurnAction[] = [
  ...finalized,
  { type: 'update_complete' },
  { type: 'download_requested' },
  { type: 'download_started', downloadId: 'd1' },
  { type: 'download_status', status: status({ state: 'complete', received: 1000, filename: 'dvd-x.iso' }), estimate: '' },
];
const usable: BurnAction = { type: 'burner_status', status: { kind: 'usable', advisory: null } };

describe('the burn flow (spec 3 section 4.1)', () => {
  it('starts exactly one download, only once finalize and the helper update are both complete', () => {
    assert.equal(canStartDownload(run([])), false);
    assert.equal(canStartDownload(run(finalized)), false, 'finalize alone');
    assert.equal(canStartDownload(run([{ type: 'update_complete' }])), false, 'update alone');
    assert.equal(canStartDownload(run([{ type: 'update_started' }, ...finalized])), false, 'the update still runs');
    const both = run([...finalized, { type: 'update_started' }, { type: 'update_complete' }]);
    assert.equal(canStartDownload(both), true);
    assert.equal(canStartDownload(run([{ type: 'update_complete' }, ...finalized])), true, 'in either order');
    const started = burnReducer(both, { type: 'download_requested' });
    assert.equal(canStartDownload(started), false, 'only one download');
    assert.equal(started.download.status, 'Estimating...');
  });

  it('shows finalize progress and its retries, and Completed at once when the image is ready', () => {
    let s = run([{ type: 'finalize_progress', percent: 42.6, status: '42%' }]);
    assert.deepEqual(s.finalize, { progress: 42.6, completed: false, status: '42%', error: null });
    s = burnReducer(s, { type: 'finalize_waiting', message: 'The video is still being prepared. Please try again in a minute.' });
    assert.equal(s.finalize.status, 'The video is still being prepared. Please try again in a minute.');
    assert.equal(s.finalize.error, null, 'a failed poll is retried, not an error');
    s = run(finalized);
    assert.deepEqual(s.finalize, { progress: 100, completed: true, status: 'Completed', error: null });
    assert.equal(run([{ type: 'finalize_failed', message: 'The DVD could not be made.' }]).finalize.error, 'The DVD could not be made.');
  });

  it('follows the download item states', () => {
    const base = run([...finalized, { type: 'update_complete' }, { type: 'download_requested' }]);
    let s = burnReducer(base, { type: 'download_status', status: status({ received: 250 }), estimate: '3 seconds remaining (1 KB/s)' });
    assert.deepEqual(s.download, { progress: 25, completed: false, status: '3 seconds remaining (1 KB/s)', error: null });
    assert.equal(burnReducer(base, { type: 'download_status', status: status({ state: 'canceled' }), estimate: '' }).download.error, 'Canceled');
    assert.equal(burnReducer(base, { type: 'download_status', status: status({ state: 'error', error: 'checksum mismatch' }), estimate: '' }).download.error, 'checksum mismatch');
    s = burnReducer(base, { type: 'download_status', status: status({ state: 'complete', received: 1000, filename: 'dvd-x.iso' }), estimate: '' });
    assert.equal(s.filename, 'dvd-x.iso', 'complete passes the filename to the burn step');
    assert.deepEqual(s.download, { progress: 100, completed: true, status: 'Completed', error: null });
  });

  it('burns by itself once the file is there and the burner has no error, then verifies, then is done', () => {
    const s = run(downloaded);
    assert.equal(canStartBurn(run(finalized), true), false, 'no file yet');
    assert.equal(canStartBurn(s, false), false, 'the burner has an error');
    assert.equal(canStartBurn(s, true), true);
    assert.equal(needsBurnerChecks(s), true);
    let b = burnReducer(s, { type: 'burn_requested' });
    assert.equal(canStartBurn(b, true), false, 'one burn');
    assert.equal(needsBurnerChecks(b), false, 'no checks while burning');
    assert.equal(b.burn.status, 'Initializing...');
    b = burnReducer(b, { type: 'burn_progress', stage: 'loading', percent: 0, estimate: null });
    assert.equal(b.burn.status, 'Loading...');
    b = burnReducer(b, { type: 'burn_progress', stage: 'writing', percent: 10, estimate: null });
    assert.equal(b.burn.status, 'Estimating...');
    b = burnReducer(b, { type: 'burn_progress', stage: 'writing', percent: 50, estimate: '20 seconds remaining (9,000 KB/s)' });
    assert.equal(b.burn.status, '20 seconds remaining (9,000 KB/s)');
    b = burnReducer(b, { type: 'burn_bar', value: 35 });
    assert.equal(b.burn.progress, 35);
    b = burnReducer(b, { type: 'burn_progress', stage: 'finalizing', percent: 0, estimate: null });
    assert.equal(b.burn.status, 'Finalizing...');
    assert.equal(b.verify.status, null, 'verify is empty until it starts');
    b = burnReducer(b, { type: 'burn_progress', stage: 'verifying', percent: 0, estimate: null });
    assert.deepEqual(b.burn, { progress: 100, completed: true, status: 'Completed', error: null }, 'burning complete starts verification');
    assert.equal(b.verify.status, 'Verifying...');
    assert.equal(isDone(b), false);
    b = burnReducer(b, { type: 'burn_progress', stage: 'verifying', percent: 40, estimate: '5 seconds remaining (30,000 KB/s)' });
    assert.equal(b.verify.status, '5 seconds remaining (30,000 KB/s)');
    assert.equal(b.verify.progress, 40);
    b = burnReducer(b, { type: 'burn_complete' });
    assert.deepEqual(b.verify, { progress: 100, completed: true, status: 'Completed', error: null });
    assert.equal(isDone(b), true);
    assert.equal(canStartBurn(b, true), false, 'a verified disc is not burned again by itself');
  });

  it('keeps burn and verify errors apart', () => {
    const s = run([...downloaded, { type: 'burn_requested' }]);
    const burnFailed = burnReducer(s, { type: 'burn_error', stage: 'burn', message: 'The drive refused the disc.' });
    assert.equal(burnFailed.burn.error, 'The drive refused the disc.');
    assert.equal(canStartBurn(burnFailed, true), false, 'a failed burn waits for Burn');
    const verifyFailed = burnReducer(s, { type: 'burn_error', stage: 'verify', message: 'The disc does not match the image.' });
    assert.equal(verifyFailed.verify.error, 'The disc does not match the image.');
    assert.equal(isDone(verifyFailed), false, 'a disc that fails verification is never done');
  });

  it('Cancel stops the download, marks canceled and says Canceled', () => {
    const s = run([...finalized, { type: 'update_complete' }, { type: 'download_requested' }, { type: 'cancel' }]);
    assert.equal(s.canceled, true);
    assert.equal(s.download.status, 'Canceled');
    assert.equal(canStartDownload(s), false);
    assert.equal(needsBurnerChecks(s), false);
    // Late answers of the canceled download change nothing.
    assert.equal(burnReducer(s, { type: 'download_status', status: status({ received: 900 }), estimate: 'x' }), s);
  });

  it('Retry resets finalize, download, the burn error and the estimates, clears canceled and may change the source', () => {
    const failed = run([...downloaded, { type: 'burn_requested' }, { type: 'burn_error', stage: 'burn', message: 'x' }, { type: 'cancel' }]);
    const s = burnReducer(failed, { type: 'retry', source: 'east' });
    assert.equal(s.run, failed.run + 1);
    assert.equal(s.canceled, false);
    assert.equal(s.source, 'east');
    assert.equal(s.finalize.completed, false);
    assert.equal(s.download.completed, false);
    assert.equal(s.download.status, null);
    assert.equal(s.burn.error, null);
    assert.equal(s.filename, null);
    assert.equal(s.downloadRequested, false);
    assert.equal(s.update.completed, true, 'the helper stays updated');
    assert.equal(canStartDownload(burnReducer(burnReducer(s, iso), { type: 'finalize_complete' })), true, 'the image is requested again, then one download');
  });

  it('Burn Another Copy resets burn and verify and burns again from the same file', () => {
    const done = run([...downloaded, { type: 'burn_requested' }, { type: 'burn_complete' }]);
    const again = burnReducer(done, { type: 'burn_again' });
    assert.deepEqual(again.burn, { progress: 0, completed: false, status: null, error: null });
    assert.deepEqual(again.verify, { progress: 0, completed: false, status: null, error: null });
    assert.equal(again.download.completed, true);
    assert.equal(again.filename, 'dvd-x.iso');
    assert.equal(again.burnRun, done.burnRun + 1);
    assert.equal(canStartBurn(again, true), true);
  });

  it('says the update, keeps its error and shows status Error', () => {
    let s = run([{ type: 'update_started' }]);
    assert.equal(s.message, 'Updating native components...');
    s = burnReducer(s, { type: 'update_failed', message: 'Failed to auto-update, got version 6 expected 7' });
    assert.equal(s.message, 'Failed to auto-update, got version 6 expected 7');
    assert.equal(s.update.error, 'Failed to auto-update, got version 6 expected 7');
    assert.equal(s.download.error, 'Error');
    // The burner's words do not hide the updater's error.
    assert.equal(burnReducer(s, { type: 'burner_status', status: { kind: 'waiting', reason: 'no_burner', message: 'No burner could be found' } }).message, s.message);
    const retried = burnReducer(s, { type: 'retry' });
    assert.equal(retried.update.error, null);
    assert.equal(retried.message, null);
    const ok = run([{ type: 'update_started' }, { type: 'update_complete' }]);
    assert.equal(ok.message, null);
    assert.equal(ok.update.completed, true);
  });

  it('shows the burner messages and the DVD+R advisory in the message area', () => {
    let s = run([{ type: 'update_complete' }, { type: 'burner_status', status: { kind: 'waiting', reason: 'no_burner', message: 'No burner could be found' } }]);
    assert.equal(s.message, 'No burner could be found');
    s = burnReducer(s, { type: 'burner_status', status: { kind: 'usable', advisory: 'For best results, use DVD-R discs (you are currently using DVD+R).' } });
    assert.equal(s.message, null);
    assert.equal(s.advisory, 'For best results, use DVD-R discs (you are currently using DVD+R).');
    s = burnReducer(s, usable);
    assert.equal(s.advisory, null);
  });
});
