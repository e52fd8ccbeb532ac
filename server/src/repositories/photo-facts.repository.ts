import sharp from 'sharp';
import { exifCamera } from '../media/exif.ts';

/** Facts of an original photo read from its header for the inspection dialog; nothing is decoded. */
export async function photoCamera(file: string): Promise<string | null> {
  try {
    return exifCamera((await sharp(file, { limitInputPixels: false }).metadata()).exif);
  } catch {
    // HEIC and damaged headers: the dialog simply shows no camera.
    return null;
  }
}
