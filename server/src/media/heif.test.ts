import assert from 'node:assert/strict';
import { exifFromHeifItem, parseHeifMeta } from './heif.ts';

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts);
  return Buffer.concat([u32(8 + payload.length), Buffer.from(type, 'latin1'), payload]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), Buffer.from([flags >> 16, (flags >> 8) & 255, flags & 255]), ...parts);

/** A meta box shaped like a phone's: a grid primary item (id 1) with ispe and irot, plus an Exif item (id 2). */
function phoneMeta(rotation: number): Buffer {
  const ispe = fullBox('ispe', 0, 0, u32(4032), u32(3024));
  const irot = box('irot', u8(rotation));
  const hvcC = box('hvcC', Buffer.alloc(4));
  return fullBox(
    'meta', 0, 0,
    fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict'), Buffer.alloc(13)),
    fullBox('pitm', 0, 0, u16(1)),
    fullBox('iinf', 0, 0, u16(2),
      fullBox('infe', 2, 0, u16(1), u16(0), Buffer.from('grid'), u8(0)),
      fullBox('infe', 2, 1, u16(2), u16(0), Buffer.from('Exif'), u8(0))),
    // version 1, 4-byte offsets and lengths, no base offset; item 2 lives at 5000, 2048 bytes long.
    fullBox('iloc', 1, 0, Buffer.from([0x44, 0x00]), u16(2),
      u16(1), u16(0), u16(0), u16(1), u32(1000), u32(4000),
      u16(2), u16(0), u16(0), u16(1), u32(5000), u32(2048)),
    box('iprp',
      box('ipco', hvcC, ispe, irot),
      fullBox('ipma', 0, 0, u32(1), u16(1), u8(3), u8(0x81), u8(2), u8(0x83))),
  );
}

describe('parseHeifMeta', () => {
  it('reads the primary image size and where its Exif item lies', () => {
    assert.deepEqual(parseHeifMeta(phoneMeta(0)), { width: 4032, height: 3024, exif: { offset: 5000, length: 2048 } });
  });

  it('turns the size by the image rotation property, as a portrait phone photo needs', () => {
    const info = parseHeifMeta(phoneMeta(1));
    assert.deepEqual([info?.width, info?.height], [3024, 4032]);
    const upsideDown = parseHeifMeta(phoneMeta(2));
    assert.deepEqual([upsideDown?.width, upsideDown?.height], [4032, 3024]);
  });

  it('answers null for a cut-short or foreign box', () => {
    assert.equal(parseHeifMeta(phoneMeta(0).subarray(0, 40)), null);
    assert.equal(parseHeifMeta(box('moov', Buffer.alloc(16))), null);
  });
});

describe('exifFromHeifItem', () => {
  it('skips the header offset in front of the EXIF block', () => {
    const item = Buffer.concat([u32(6), Buffer.from('Exif\0\0II*\0')]);
    assert.equal(exifFromHeifItem(item)?.toString('latin1'), 'II*\0');
  });
});
