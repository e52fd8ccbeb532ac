import assert from 'node:assert/strict';
import { devicePaths, parseStatusBody } from './device-protocol.ts';

describe('the device protocol', () => {
  it('names the device API paths under one version prefix', () => {
    assert.equal(devicePaths.deliveries, '/api/devices/v1/deliveries');
    assert.equal(devicePaths.status, '/api/devices/v1/status');
    assert.equal(devicePaths.file(12), '/api/devices/v1/videos/12/hd.mp4');
  });

  it('reads status reports, rounding the percent and shortening the message', () => {
    const parsed = parseStatusBody({ reports: [{ video_id: 3, state: 'Downloading', percent: 41.26 }, { video_id: 4, state: 'Error', message: 'x'.repeat(900) }, { video_id: 5, state: 'Ready', percent: null }] });
    assert.deepEqual(parsed.reports[0], { video_id: 3, state: 'Downloading', percent: 41.3 });
    assert.equal(parsed.reports[1].message!.length, 500);
    assert.deepEqual(parsed.reports[2], { video_id: 5, state: 'Ready' });
  });

  it('refuses what a device must not send, saying which report and why', () => {
    assert.throws(() => parseStatusBody({}), /reports must be a list/);
    assert.throws(() => parseStatusBody({ reports: [{ video_id: '3', state: 'Ready' }] }), /reports\[0\]\.video_id must be a video id/);
    assert.throws(() => parseStatusBody({ reports: [{ video_id: 3, state: 'Ready' }, { video_id: 4, state: 'Done' }] }), /reports\[1\]\.state must be one of Queued, Downloading, Ready, Error/);
    assert.throws(() => parseStatusBody({ reports: [{ video_id: 3, state: 'Downloading', percent: 101 }] }), /percent must be a number from 0 to 100/);
    assert.throws(() => parseStatusBody({ reports: [{ video_id: 3, state: 'Error', message: 7 }] }), /message must be text/);
    assert.throws(() => parseStatusBody({ reports: Array.from({ length: 1001 }, (_, i) => ({ video_id: i + 1, state: 'Ready' })) }), /at most 1000/);
  });
});
