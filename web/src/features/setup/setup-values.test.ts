import assert from 'node:assert/strict';
import { canCreate, NEW_VIDEO, newVideoValues, SAVE_DEBOUNCE_MS, showsAffiliateWarning, showsArtwork, showsBrandSelector, showsBranding } from './setup-values.ts';

const org = (showBranding: boolean, hasLogo: boolean, brands: number) => ({ showBranding, hasLogo, brands: Array.from({ length: brands }, (_, i) => ({ id: i + 1 })) });

describe('setup show and hide rules (spec 1, section 2.2)', () => {
  it('shows the branding section to staff when branding is on or a logo exists, and a brand exists', () => {
    assert.equal(showsBranding(org(true, false, 1), false), true, 'branding on');
    assert.equal(showsBranding(org(false, true, 1), false), true, 'a logo already exists');
    assert.equal(showsBranding(org(true, true, 2), false), true);
    assert.equal(showsBranding(org(false, false, 3), false), false, 'neither branding nor a logo');
    assert.equal(showsBranding(org(true, true, 0), false), false, 'no brand exists');
  });

  it('never shows branding to a family on the upload link', () => {
    for (const [branding, logo, brands] of [[true, false, 1], [false, true, 1], [true, true, 2]] as const) {
      assert.equal(showsBranding(org(branding, logo, brands), true), false);
    }
  });

  it("warns an affiliate customer's staff that a video made here is not embedded in their website (spec 1, section 1)", () => {
    assert.equal(showsAffiliateWarning({ affiliateCustomer: true }, false, undefined), true, 'a new video');
    assert.equal(showsAffiliateWarning({ affiliateCustomer: true }, false, null), true, 'a video made here');
    assert.equal(showsAffiliateWarning({ affiliateCustomer: true }, false, 'obit-1001'), false, 'started from their website');
    assert.equal(showsAffiliateWarning({ affiliateCustomer: false }, false, null), false, 'not an affiliate customer');
    assert.equal(showsAffiliateWarning({ affiliateCustomer: true }, true, null), false, 'never to a family');
  });

  it('shows the artwork preview by the showArtwork flag', () => {
    assert.equal(showsArtwork({ showArtwork: true }), true);
    assert.equal(showsArtwork({ showArtwork: false }), false);
  });

  it('offers the Brand - Organization selector only with more than one brand', () => {
    assert.equal(showsBrandSelector(org(true, false, 0)), false);
    assert.equal(showsBrandSelector(org(true, false, 1)), false);
    assert.equal(showsBrandSelector(org(true, false, 2)), true);
    assert.equal(showsBrandSelector(org(false, false, 5)), true);
  });

  it("starts a new video blank with the organization's first brand, as the server would choose", () => {
    assert.deepEqual(newVideoValues({ brands: [] }), NEW_VIDEO);
    assert.deepEqual(newVideoValues({ brands: [{ id: 12 }, { id: 7 }, { id: 30 }] }), { ...NEW_VIDEO, brandId: 7 });
    assert.equal(NEW_VIDEO.title, '');
    assert.equal(NEW_VIDEO.themeId, 0);
    assert.equal(NEW_VIDEO.useLogo, false);
  });

  it('makes the video only once the title is not blank, and saves text 500 ms after typing', () => {
    assert.equal(canCreate({ ...NEW_VIDEO, title: '  ' }), false);
    assert.equal(canCreate({ ...NEW_VIDEO, title: 'M' }), true);
    assert.equal(SAVE_DEBOUNCE_MS, 500);
  });
});
