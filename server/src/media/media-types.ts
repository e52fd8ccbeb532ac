/** What an uploaded file really is, decided from its first bytes; the name and the browser's type are never trusted. */
export interface SniffedMedia {
  kind: 'image' | 'video';
  mime: string;
  ext: string;
}

/** How many leading bytes sniffMedia needs to see. */
export const SNIFF_BYTES = 64;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
/** Generic HEIF brands: HEVC inside unless an AVIF brand says otherwise. */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const M4V_BRANDS = new Set(['M4V ', 'M4VH', 'M4VP']);
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'dash', 'mmp4', 'MSNV', 'f4v ',
  'XAVC', 'NDAS',
]);
const THREE_GP_BRANDS = new Set(['3gp4', '3gp5', '3gp6', '3gg6', '3g2a', '3g2b']);
/** Top-level atoms an old QuickTime movie may start with when it has no ftyp. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

const ascii = (head: Buffer, start: number, end: number): string => head.toString('latin1', start, end);
const startsWith = (head: Buffer, bytes: number[], at = 0): boolean => bytes.every((b, i) => head[at + i] === b);

const image = (mime: string, ext: string): SniffedMedia => ({ kind: 'image', mime, ext });
const video = (mime: string, ext: string): SniffedMedia => ({ kind: 'video', mime, ext });

/** ISO base media files (HEIC, AVIF, MP4, M4V, MOV, 3GP) name their flavour in the ftyp box's brands. */
function sniffFtyp(head: Buffer): SniffedMedia | null {
  const boxSize = head.readUInt32BE(0);
  const major = ascii(head, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) compatible.push(ascii(head, at, at + 4));
  const brands = [major, ...compatible];

  if (AVIF_BRANDS.has(major)) return image('image/avif', 'avif');
  if (HEIC_BRANDS.has(major)) return image('image/heic', 'heic');
  if (HEIF_BRANDS.has(major)) {
    if (compatible.some((b) => AVIF_BRANDS.has(b))) return image('image/avif', 'avif');
    return compatible.some((b) => HEIC_BRANDS.has(b)) ? image('image/heic', 'heic') : image('image/heif', 'heif');
  }
  if (major === 'qt  ') return video('video/quicktime', 'mov');
  if (M4V_BRANDS.has(major)) return video('video/x-m4v', 'm4v');
  if (MP4_BRANDS.has(major)) return video('video/mp4', 'mp4');
  if (THREE_GP_BRANDS.has(major)) return video('video/3gpp', '3gp');
  if (brands.some((b) => M4V_BRANDS.has(b))) return video('video/x-m4v', 'm4v');
  if (brands.some((b) => MP4_BRANDS.has(b))) return video('video/mp4', 'mp4');
  return null;
}

/** EBML files: the DocType element says whether it is WebM or general Matroska. */
function sniffEbml(head: Buffer): SniffedMedia {
  return ascii(head, 0, head.length).includes('webm') ? video('video/webm', 'webm') : video('video/x-matroska', 'mkv');
}

/** Decides the type from magic numbers; null for anything we do not accept (HTML, SVG, text, archives ...). */
export function sniffMedia(head: Buffer): SniffedMedia | null {
  if (head.length < 12) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('image/jpeg', 'jpg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('image/png', 'png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return image('image/gif', 'gif');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return image('image/tiff', 'tif');
  }
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return image('image/webp', 'webp');
    if (form === 'AVI ') return video('video/x-msvideo', 'avi');
    return null;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(head);
  const boxType = ascii(head, 4, 8);
  if (boxType === 'ftyp') return sniffFtyp(head);
  if (QUICKTIME_ATOMS.has(boxType)) return video('video/quicktime', 'mov');
  return null;
}
