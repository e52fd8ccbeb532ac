import assert from 'node:assert/strict';
import { sniffMedia } from './media-types.ts';

/** First bytes of real files: written by sharp, heif-enc and ffmpeg 5.1 unless noted. */
const HEADS: Record<string, string> = {
  jpeg: 'ffd8ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c',
  // A camera JPEG: APP1 Exif segment in Motorola byte order.
  jpegExif: 'ffd8ffe1bc4c4578696600004d4d002a000000080009010f0002000000060000',
  png: '89504e470d0a1a0a0000000d49484452000000400000003008020000002e29eb',
  webp: '524946464600000057454250565038203a0000005003009d012a400030003e6d',
  gif: '474946383961400030008000004c697133aa7721f90405000000002c00000000',
  tiffLittle: '49492a0060000000ffd8ffc00011080030004003012200021101031101ffda00',
  // Motorola byte order as written by older scanners and Photoshop on PowerPC Macs.
  tiffBig: '4d4d002a00000008000e01000003000000010fa000000101000300000001',
  heic: '0000001c6674797068656963000000006d696631686569636d69616600000144',
  // Generic HEIF brand first, HEVC brand among the compatible ones (some Android cameras).
  heifGeneric: '00000018667479706d696631000000006d69663168656963000000016d657461',
  heifMif1: '00000014667479706d696631000000006d696631000000016d65746100000000',
  avif: '0000001c6674797061766966000000006d696631617669666d69616600000000',
  mp4: '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
  mp4Mp42: '00000020667479706d703432000002006d70343269736f32617663316d703431',
  m4v: '00000020667479704d345620000002004d34562069736f6d69736f3261766331',
  mov: '00000014667479707174202000000200717420200000000877696465000070e1',
  // A QuickTime movie from before ftyp existed: it opens with a wide atom, then mdat.
  movNoFtyp: '0000000877696465000a1b2c6d6461740000000000000000000000000000000000',
  webm: '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104',
  mkv: '1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61',
  avi: '5249464628ba0100415649204c495354ca2200006864726c6176696838000000',
};

const head = (hex: string): Buffer => Buffer.from(hex, 'hex');

describe('sniffMedia', () => {
  const cases: [string, string, string, string][] = [
    ['jpeg', 'image', 'image/jpeg', 'jpg'],
    ['jpegExif', 'image', 'image/jpeg', 'jpg'],
    ['png', 'image', 'image/png', 'png'],
    ['webp', 'image', 'image/webp', 'webp'],
    ['gif', 'image', 'image/gif', 'gif'],
    ['tiffLittle', 'image', 'image/tiff', 'tif'],
    ['tiffBig', 'image', 'image/tiff', 'tif'],
    ['heic', 'image', 'image/heic', 'heic'],
    ['heifGeneric', 'image', 'image/heic', 'heic'],
    ['heifMif1', 'image', 'image/heif', 'heif'],
    ['avif', 'image', 'image/avif', 'avif'],
    ['mp4', 'video', 'video/mp4', 'mp4'],
    ['mp4Mp42', 'video', 'video/mp4', 'mp4'],
    ['m4v', 'video', 'video/x-m4v', 'm4v'],
    ['mov', 'video', 'video/quicktime', 'mov'],
    ['movNoFtyp', 'video', 'video/quicktime', 'mov'],
    ['webm', 'video', 'video/webm', 'webm'],
    ['mkv', 'video', 'video/x-matroska', 'mkv'],
    ['avi', 'video', 'video/x-msvideo', 'avi'],
  ];
  for (const [name, kind, mime, ext] of cases) {
    it(`recognises ${name} from its bytes`, () => {
      assert.deepEqual(sniffMedia(head(HEADS[name])), { kind, mime, ext });
    });
  }

  it('refuses HTML and SVG, whatever the file was called', () => {
    assert.equal(sniffMedia(Buffer.from('<!DOCTYPE html><html><body>hello</body></html>')), null);
    assert.equal(sniffMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')), null);
    assert.equal(sniffMedia(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')), null);
  });

  it('refuses other RIFF and ISO files, archives and tiny files', () => {
    assert.equal(sniffMedia(Buffer.from('524946462400000057415645666d7420', 'hex')), null, 'a WAV file');
    assert.equal(sniffMedia(Buffer.from('0000001c66747970637278200000000163727820', 'hex')), null, 'a Canon CR3 raw file');
    assert.equal(sniffMedia(Buffer.from('504b0304140000000800000021000000', 'hex')), null, 'a zip file');
    assert.equal(sniffMedia(Buffer.from('ffd8ff', 'hex')), null, 'too short to tell');
  });
});
