import assert from 'node:assert/strict';
import type { ExtensionVersion, NativeVersion } from '../../../../common/burn-protocol.ts';
import { canOpenWindow, readiness } from './versions.ts';

const native = (version: number): NativeVersion => ({ type: 'version', version, protocol: 1, platform: 'linux-x64', burner: 'virtual' });
const ext = (browser: 'chrome' | 'firefox', extension: string, helper: NativeVersion | null): ExtensionVersion => ({
  type: 'extension_version',
  extension,
  browser,
  protocol: 1,
  native: helper,
  native_error: helper ? null : 'Specified native messaging host not found.',
});

describe('the version check (spec 3 sections 5 and 9)', () => {
  it('is ready with helper 7 and extension 1.6 in Chrome, 1.7 in Firefox', () => {
    assert.deepEqual(readiness(ext('chrome', '1.6.0', native(7))), { kind: 'ready', native: 7 });
    assert.deepEqual(readiness(ext('firefox', '1.7.0', native(9))), { kind: 'ready', native: 9 });
    assert.deepEqual(readiness(ext('chrome', '1.10', native(7))), { kind: 'ready', native: 7 }, 'versions compare numerically');
  });

  it('refuses an extension below its browser minimum', () => {
    assert.deepEqual(readiness(ext('chrome', '1.5.9', native(7))), { kind: 'old_extension', version: '1.5.9', min: '1.6' });
    assert.deepEqual(readiness(ext('firefox', '1.6.0', native(7))), { kind: 'old_extension', version: '1.6.0', min: '1.7' });
  });

  it('updates a helper that is present (version 1 or more) but below 7, and installs a missing one', () => {
    assert.deepEqual(readiness(ext('chrome', '1.6.0', native(6))), { kind: 'update', native: 6 });
    assert.deepEqual(readiness(ext('chrome', '1.6.0', native(1))), { kind: 'update', native: 1 });
    assert.deepEqual(readiness(ext('chrome', '1.6.0', native(0))), { kind: 'no_helper', reason: null });
    assert.deepEqual(readiness(ext('chrome', '1.6.0', null)), { kind: 'no_helper', reason: 'Specified native messaging host not found.' });
  });

  it('opens the window when it can go on: ready, or an old helper it updates', () => {
    assert.equal(canOpenWindow({ kind: 'ready', native: 7 }), true);
    assert.equal(canOpenWindow({ kind: 'update', native: 6 }), true);
    assert.equal(canOpenWindow({ kind: 'no_helper', reason: null }), false);
    assert.equal(canOpenWindow({ kind: 'old_extension', version: '1.0', min: '1.6' }), false);
  });
});
