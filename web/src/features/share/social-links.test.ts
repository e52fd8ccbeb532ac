import assert from 'node:assert/strict';
import { socialLinks } from './social-links.ts';

describe('socialLinks', () => {
  it("gives each site's share page the link and the public title, encoded", () => {
    const links = socialLinks('https://tribute.example/videos/embedded_video/abc123', 'In loving memory of Ada & Grace');
    assert.deepEqual(
      links.map((l) => [l.label, l.href]),
      [
        ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ftribute.example%2Fvideos%2Fembedded_video%2Fabc123'],
        ['X', 'https://x.com/intent/post?url=https%3A%2F%2Ftribute.example%2Fvideos%2Fembedded_video%2Fabc123&text=In%20loving%20memory%20of%20Ada%20%26%20Grace'],
        ['WhatsApp', 'https://wa.me/?text=In%20loving%20memory%20of%20Ada%20%26%20Grace%0Ahttps%3A%2F%2Ftribute.example%2Fvideos%2Fembedded_video%2Fabc123'],
      ],
    );
  });

  it('leaves the words out when there is no title', () => {
    const [, x, whatsapp] = socialLinks('https://t.example/v', '  ');
    assert.equal(x.href, 'https://x.com/intent/post?url=https%3A%2F%2Ft.example%2Fv');
    assert.equal(whatsapp.href, 'https://wa.me/?text=https%3A%2F%2Ft.example%2Fv');
  });
});
