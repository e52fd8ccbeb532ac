import assert from 'node:assert/strict';
import {
  LINK_FULL_ACCESS,
  LINK_OFF,
  LINK_UPLOAD_ONLY,
  levelAfterFullAccess,
  levelAfterSwitch,
  parsePhotoLimit,
  PHOTO_LIMIT_ERROR,
  uploadLinkUrl,
} from './upload-link.ts';

describe('upload link access levels', () => {
  it('opens an off link as upload only when switched on', () => {
    assert.equal(levelAfterSwitch(LINK_OFF, true), LINK_UPLOAD_ONLY);
  });

  it('keeps an open link at its level when switched on again', () => {
    assert.equal(levelAfterSwitch(LINK_FULL_ACCESS, true), LINK_FULL_ACCESS);
    assert.equal(levelAfterSwitch(LINK_UPLOAD_ONLY, true), LINK_UPLOAD_ONLY);
  });

  it('turns any level off', () => {
    for (const level of [LINK_OFF, LINK_FULL_ACCESS, LINK_UPLOAD_ONLY] as const) assert.equal(levelAfterSwitch(level, false), LINK_OFF);
  });

  it('moves an open link between full access and upload only', () => {
    assert.equal(levelAfterFullAccess(LINK_UPLOAD_ONLY, true), LINK_FULL_ACCESS);
    assert.equal(levelAfterFullAccess(LINK_FULL_ACCESS, false), LINK_UPLOAD_ONLY);
    assert.equal(levelAfterFullAccess(LINK_FULL_ACCESS, true), LINK_FULL_ACCESS);
  });

  it('never opens an off link through the full-access switch', () => {
    assert.equal(levelAfterFullAccess(LINK_OFF, true), LINK_OFF);
    assert.equal(levelAfterFullAccess(LINK_OFF, false), LINK_OFF);
  });
});

describe('photo limit', () => {
  it('takes a whole number from 1 up', () => {
    assert.deepEqual(parsePhotoLimit('25'), { ok: true, limit: 25 });
    assert.deepEqual(parsePhotoLimit(' 1 '), { ok: true, limit: 1 });
  });

  it('refuses an empty field, zero, fractions, signs and huge numbers', () => {
    for (const bad of ['', '0', '2.5', '-3', '+3', 'ten', '10001']) assert.deepEqual(parsePhotoLimit(bad), { ok: false, error: PHOTO_LIMIT_ERROR }, bad);
  });
});

describe('uploadLinkUrl', () => {
  it('points at the slides step under the public address', () => {
    assert.equal(uploadLinkUrl('https://videos.example.com/', 'abc_DEF-1'), 'https://videos.example.com/creator/abc_DEF-1/slides');
  });
});
