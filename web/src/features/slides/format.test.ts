import assert from 'node:assert/strict';
import { sizeText, uploadedAgo, uploadProgressText } from './format.ts';

describe('slide size text', () => {
  it('counts bytes up to 1024', () => {
    assert.equal(sizeText(0), '0 bytes');
    assert.equal(sizeText(512), '512 bytes');
    assert.equal(sizeText(1024), '1024 bytes');
  });

  it('uses KB, MB and GB with one decimal above that', () => {
    assert.equal(sizeText(1025), '1.0 KB');
    assert.equal(sizeText(1536), '1.5 KB');
    assert.equal(sizeText(5 * 1024 * 1024), '5.0 MB');
    assert.equal(sizeText(2.25 * 1024 ** 3), '2.3 GB');
    assert.equal(sizeText(3000 * 1024 ** 3), '3000.0 GB');
  });

  it("says 'Unknown Size' without a usable number", () => {
    assert.equal(sizeText(null), 'Unknown Size');
    assert.equal(sizeText(undefined), 'Unknown Size');
    assert.equal(sizeText(NaN), 'Unknown Size');
    assert.equal(sizeText(-1), 'Unknown Size');
  });

  it("shows 'N% of size' while uploading and the size alone before the first byte", () => {
    assert.equal(uploadProgressText(0.426, 2 * 1024 * 1024), '42% of 2.0 MB');
    assert.equal(uploadProgressText(0, 2048), '2.0 KB');
    assert.equal(uploadProgressText(1, 2048), '100% of 2.0 KB');
  });
});

describe('the inspection dialog’s Uploaded', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('says how long ago in the duration wording, not a date', () => {
    assert.equal(uploadedAgo('2026-11-28T11:59:15Z', now), '45 seconds ago');
    assert.equal(uploadedAgo('2026-11-28T11:55:00Z', now), '5 minutes ago');
    assert.equal(uploadedAgo('2026-11-25T12:00:00Z', now), '3 days ago');
    assert.equal(uploadedAgo('2026-08-28T12:00:00Z', now), '3 months ago');
  });
  it("says 'Unknown' without a date", () => {
    assert.equal(uploadedAgo('', now), 'Unknown');
  });
});
