import assert from 'node:assert/strict';
import { BURNER_CODES, type BurnerCheck } from '../../../../common/burn-protocol.ts';
import { burnerStatus } from './burner-status.ts';

const check = (over: Partial<BurnerCheck>): BurnerCheck => ({
  type: 'burner_checks',
  hr_hex: BURNER_CODES.ok,
  media_type: 'DVD-R',
  burner_index: 0,
  error_message: null,
  burning: false,
  own_port_id: false,
  ...over,
});

describe('the burner status table', () => {
  it('takes a blank DVD-R as it is', () => {
    assert.deepEqual(burnerStatus(check({})), { kind: 'usable', advisory: null });
  });

  it('takes DVD+R with the advisory', () => {
    assert.deepEqual(burnerStatus(check({ media_type: 'DVD+R' })), { kind: 'usable', advisory: 'For best results, use DVD-R discs (you are currently using DVD+R).' });
  });

  it('refuses every other medium with the spec message', () => {
    for (const media of ['CD-R', 'DVD-RW', 'DVD+RW', 'BD-R', 'DVD-R DL'] as const) {
      assert.deepEqual(burnerStatus(check({ media_type: media })), {
        kind: 'waiting',
        reason: 'unsupported',
        message: `You are currently using a ${media} disc, which is not supported. Please use DVD-R disc.`,
      });
    }
  });

  it('reports no burner, a disc becoming ready and a busy burner', () => {
    assert.deepEqual(burnerStatus(check({ hr_hex: BURNER_CODES.noBurner, media_type: 'none' })), { kind: 'waiting', reason: 'no_burner', message: 'No burner could be found' });
    assert.deepEqual(burnerStatus(check({ hr_hex: BURNER_CODES.becomingReady })), { kind: 'waiting', reason: 'loading', message: 'Loading...' });
    assert.deepEqual(burnerStatus(check({ burning: true, own_port_id: false })), { kind: 'waiting', reason: 'busy', message: 'The burner is busy.' });
    // The burn in progress is this window's own: not busy.
    assert.equal(burnerStatus(check({ burning: true, own_port_id: true })).kind, 'usable');
  });

  it("shows the helper's own words for no media and for a disc that is not blank", () => {
    assert.deepEqual(burnerStatus(check({ hr_hex: BURNER_CODES.noMedia, media_type: 'none', error_message: 'No media. Please insert a blank DVD-R disc.' })), {
      kind: 'waiting',
      reason: 'no_media',
      message: 'No media. Please insert a blank DVD-R disc.',
    });
    assert.deepEqual(burnerStatus(check({ hr_hex: BURNER_CODES.noBlankMedia, error_message: 'The disc in the drive is not blank.' })), {
      kind: 'waiting',
      reason: 'not_blank',
      message: 'The disc in the drive is not blank.',
    });
  });

  it('refuses a drive that cannot write the disc in it', () => {
    const status = burnerStatus(check({ hr_hex: BURNER_CODES.recorderNotSupported, media_type: 'DVD-R' }));
    assert.equal(status.kind, 'waiting');
  });
});
