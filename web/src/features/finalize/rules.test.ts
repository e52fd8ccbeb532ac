import assert from 'node:assert/strict';
import { isAppPath, licenceRequired } from './rules.ts';

describe('the finalize page rules', () => {
  it('asks signed-in users to agree to the licence only when the video uses stock music', () => {
    assert.equal(licenceRequired(true, false, true), true);
    assert.equal(licenceRequired(true, false, false), false);
  });

  it('never asks families on an upload link, nor anonymous visitors', () => {
    assert.equal(licenceRequired(true, true, true), false);
    assert.equal(licenceRequired(false, false, true), false);
  });

  it('follows redirects within the app itself and leaves other sites to the browser', () => {
    assert.equal(isAppPath('/videos/12/details'), true);
    assert.equal(isAppPath('//evil.example/x'), false);
    assert.equal(isAppPath('https://shop.example/orders/1'), false);
  });
});
