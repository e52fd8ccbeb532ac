import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

/**
 * Decodes a HEIC/HEIF photo to RGBA in a worker thread: libheif's wasm blocks for seconds on a phone photo,
 * and the memory it grows is only given back when the thread ends. Plain JavaScript, because worker threads
 * on Node 20 do not get the TypeScript loader.
 */
const { file, maxPixels } = workerData;
try {
  const images = await decode.all({ buffer: await readFile(file) });
  try {
    const [primary] = images;
    if (primary.width * primary.height > maxPixels) {
      parentPort.postMessage({ problem: 'too_large', error: `${primary.width}x${primary.height} is over the pixel limit` });
    } else {
      const { width, height, data } = await primary.decode();
      parentPort.postMessage({ width, height, data }, [data.buffer]);
    }
  } finally {
    images.dispose();
  }
} catch (err) {
  parentPort.postMessage({ problem: 'damaged', error: String(err instanceof Error ? err.message : err) });
}
