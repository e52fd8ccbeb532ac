import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from './static.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses an answer made at run time in a content coding, off the event loop (zlib's thread pool). Brotli at
 * quality 5 packs JSON nearly as tight as at 11 in a small fraction of the time (a 900 KB slide list: ~10 ms).
 */
export function encodeBody(encoding: Encoding, data: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gzip(data, { level: 6 });
}
