import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ORIGIN, startHarness, type Harness } from './harness.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LINK = `${ORIGIN}/creator/abcdefghijklmnopqrstuvwxyz012345/slides`;

describe('QR codes (/r/qr)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  describe('GET /r/qr/inline', () => {
    it('answers a PNG of the link', async () => {
      const res = await h.request().get('/r/qr/inline').query({ d: LINK }).expect(200);
      assert.equal(res.headers['content-type'], 'image/png');
      const png = res.body as Buffer;
      assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
      const meta = await sharp(png).metadata();
      assert.equal(meta.format, 'png');
      assert.equal(meta.width, 300);
      assert.equal(meta.height, 300);
    });

    it("refuses another site's link and a missing one, so it is nobody's QR service", async () => {
      for (const d of ['https://example.com/anything', `${ORIGIN}.evil.example/x`, 'javascript:alert(1)']) {
        const res = await h.request().get('/r/qr/inline').query({ d }).expect(400);
        assert.deepEqual(res.body, { errors: ['Only links to this site can be made into QR codes.'] });
      }
      await h.request().get('/r/qr/inline').expect(400);
    });
  });

  describe('GET /r/qr/download', () => {
    it('answers a large PNG attachment named after the title', async () => {
      const res = await h.request().get('/r/qr/download').query({ d: LINK, t: 'Ada / "Lovelace"' }).expect(200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.match(res.headers['content-disposition'], /^attachment; filename="Ada Lovelace\.png"$/);
      const meta = await sharp(res.body as Buffer).metadata();
      assert.equal(meta.width, 1200);
    });

    it('names a file without a title "QR code.png" and refuses foreign links', async () => {
      const res = await h.request().get('/r/qr/download').query({ d: LINK }).expect(200);
      assert.match(res.headers['content-disposition'], /filename="QR code\.png"/);
      await h.request().get('/r/qr/download').query({ d: 'https://example.com/', t: 'x' }).expect(400);
    });
  });
});
