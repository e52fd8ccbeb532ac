import assert from 'node:assert/strict';
import type { ObituaryStatus } from './api.ts';
import { obituaryErrorText, obituaryPageUrl, obituaryWarnings } from './obituary-warnings.ts';

const good: ObituaryStatus = {
  website: { id: 1, name: 'Cedar', obituarySlug: 'obituaries' },
  domain: { domain: 'cedar.example' },
  obituary: { id: 2, slug: 'mary-jones', publishedAt: '2026-11-01T10:00:00.000Z', deletedAt: null },
  obituaryVideo: { name: 'Tribute', deletedAt: null, isReady: true },
};

describe('obituaryWarnings (spec 3 section 8)', () => {
  it('has none for a published obituary showing a ready video', () => {
    assert.deepEqual(obituaryWarnings(good), []);
  });
  it('says Unknown Websites Org when the organization has no website, and nothing more', () => {
    assert.deepEqual(obituaryWarnings({ website: null, domain: null, obituary: null, obituaryVideo: null }), ['Unknown Websites Org']);
  });
  it('says Unknown Obit when no obituary matched', () => {
    assert.deepEqual(obituaryWarnings({ ...good, obituary: null, obituaryVideo: null }), ['Unknown Obit']);
  });
  it('flags a draft, a deleted obituary and a missing record together', () => {
    const obituary = { ...good.obituary!, publishedAt: null, deletedAt: '2026-11-02T10:00:00.000Z' };
    assert.deepEqual(obituaryWarnings({ ...good, obituary, obituaryVideo: null }), ['draft obit', 'deleted obit!', 'Missing obituary_video record']);
  });
  it('flags a deleted and a not-ready obituary_video', () => {
    assert.deepEqual(obituaryWarnings({ ...good, obituaryVideo: { name: 'x', deletedAt: '2026-11-02T10:00:00.000Z', isReady: false } }), [
      'deleted obituary_video!',
      'obituary_video not ready',
    ]);
  });
});

describe('obituaryPageUrl and obituaryErrorText', () => {
  it('builds the page address from the domain, the website path and the slug', () => {
    assert.equal(obituaryPageUrl(good), 'https://cedar.example/obituaries/mary-jones');
    assert.equal(obituaryPageUrl({ ...good, obituary: null }), null);
  });
  it("says 'Error: {message}', or 'Unknown error' without one", () => {
    assert.equal(obituaryErrorText(new Error('Server problem: 500')), 'Error: Server problem: 500');
    assert.equal(obituaryErrorText(undefined), 'Unknown error');
  });
});
