import assert from 'node:assert/strict';
import { camelize, snakify } from './case.ts';

describe('wire case conversion', () => {
  it('camelizes nested keys but keeps numeric map keys', () => {
    assert.deepEqual(camelize({ video_id: 1, org_map: { '12': { organization_name: 'A' } }, list: [{ date_in_queue: null }] }), {
      videoId: 1,
      orgMap: { '12': { organizationName: 'A' } },
      list: [{ dateInQueue: null }],
    });
  });
  it('snakifies back', () => {
    assert.deepEqual(snakify({ introText: 'x', uploadLinkLimit: 3, nested: [{ useLogo: true }] }), {
      intro_text: 'x',
      upload_link_limit: 3,
      nested: [{ use_logo: true }],
    });
  });
});
