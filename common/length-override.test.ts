import assert from 'node:assert/strict';
import { overrideOffered, overrideRefusal } from './length-override.ts';

describe('overrideOffered (spec 3 section 5)', () => {
  const rules = { limitMinutes: 30, maxOverrideMinutes: 120 };
  it('offers the switch for a video over its limit', () => {
    assert.equal(overrideOffered({ ...rules, durationSeconds: 31 * 60, override: false }), true);
  });
  it('offers it for a video already overridden, even back under the limit (to turn it off)', () => {
    assert.equal(overrideOffered({ ...rules, durationSeconds: 10 * 60, override: true }), true);
  });
  it('hides it for a video within its limit', () => {
    assert.equal(overrideOffered({ ...rules, durationSeconds: 30 * 60, override: false }), false);
    assert.equal(overrideOffered({ ...rules, durationSeconds: null, override: false }), false);
  });
  it('hides it when the video is longer than the maximum override length, overridden or not', () => {
    assert.equal(overrideOffered({ ...rules, durationSeconds: 120 * 60 + 1, override: false }), false);
    assert.equal(overrideOffered({ ...rules, durationSeconds: 121 * 60, override: true }), false);
    assert.match(overrideRefusal({ ...rules, durationSeconds: 121 * 60, override: true }) ?? '', /maximum override length of 120 minutes/);
  });
});
