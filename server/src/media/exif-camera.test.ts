import assert from 'node:assert/strict';
import sharp, { type Exif } from 'sharp';
import { exifTagIds, exposedByCamera } from './exif-camera.ts';

const exifOf = async (options: Exif) => {
  const data = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#777' } }).jpeg().withExif(options).toBuffer();
  return (await sharp(data).metadata()).exif!;
};

describe('whether a camera exposed the photo (EXIF)', () => {
  it('reads exposure from the Exif sub-IFD, in either byte order', async () => {
    const camera = await exifOf({ IFD0: { Make: 'Canon', Orientation: '6' }, IFD2: { ExposureTime: '1/125', FNumber: '4' } });
    assert.ok(exposedByCamera(camera));
    const scanner = await exifOf({ IFD0: { Make: 'EPSON', Software: 'Epson Scan', Orientation: '1' } });
    assert.ok(!exposedByCamera(scanner));
    assert.ok(exifTagIds(scanner).has(0x0112), 'the orientation tag is read');
    // The same directory written big-endian: II -> MM and every number swapped.
    const tiff = Buffer.from('4d4d002a000000080002011200030000000100030000876900040000000100000026000000000001829a00050000000100000038000000000000000100000064', 'hex');
    assert.ok(exposedByCamera(tiff));
  });

  it('reads nothing from a damaged block rather than failing', () => {
    for (const junk of [Buffer.alloc(0), Buffer.from('Exif\0\0II'), Buffer.from('Exif\0\0XX*\0\x08\0\0\0'), Buffer.from('Exif\0\0II*\0\xff\xff\xff\x7f')]) {
      assert.equal(exposedByCamera(junk), false);
    }
  });
});
