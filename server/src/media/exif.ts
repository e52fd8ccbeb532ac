/**
 * Reads when a photo was taken from its EXIF block (as sharp hands it over, or as a HEIF Exif item holds it).
 * Only the few tags we use are read; everything else in the block is skipped.
 */

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_DATE_TIME_DIGITIZED = 0x9004;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TYPE_ASCII = 2;
const TYPE_LONG = 4;

interface Tiff {
  data: Buffer;
  little: boolean;
}

/** The TIFF structure inside an EXIF block: after an 'Exif\0\0' marker, or at the very start. */
function tiffOf(block: Buffer): Tiff | null {
  const marker = block.indexOf('Exif\0\0', 0, 'latin1');
  const start = marker >= 0 && marker < 16 ? marker + 6 : 0;
  const data = block.subarray(start);
  if (data.length < 8) return null;
  const order = data.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  return { data, little: order === 'II' };
}

const u16 = (t: Tiff, at: number): number => (t.little ? t.data.readUInt16LE(at) : t.data.readUInt16BE(at));
const u32 = (t: Tiff, at: number): number => (t.little ? t.data.readUInt32LE(at) : t.data.readUInt32BE(at));

interface Entry {
  type: number;
  count: number;
  /** Where the value lives: inline in the entry when it fits in 4 bytes, else at the offset it names. */
  valueAt: number;
}

function readIfd(t: Tiff, offset: number): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  if (offset + 2 > t.data.length) return entries;
  const count = u16(t, offset);
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    if (at + 12 > t.data.length) break;
    const type = u16(t, at + 2);
    const n = u32(t, at + 4);
    const size = type === TYPE_ASCII ? n : type === TYPE_LONG ? 4 * n : 0;
    entries.set(u16(t, at), { type, count: n, valueAt: size > 4 ? u32(t, at + 8) : at + 8 });
  }
  return entries;
}

function asciiValue(t: Tiff, entry: Entry | undefined): string | null {
  if (!entry || entry.type !== TYPE_ASCII || entry.valueAt + entry.count > t.data.length) return null;
  return t.data.toString('latin1', entry.valueAt, entry.valueAt + entry.count).replace(/\0.*$/s, '').trim();
}

/**
 * 'YYYY:MM:DD HH:MM:SS' with an optional '+HH:MM' offset. Cameras write local time without a zone;
 * without an offset tag we read it as UTC so the date and time shown are the ones the camera showed.
 */
export function parseExifDate(value: string | null, offset: string | null = null): Date | null {
  const m = value?.match(/^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const zone = offset?.match(/^([+-])(\d{2}):(\d{2})$/);
  const zoneMinutes = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : 0;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - zoneMinutes * 60_000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DateTimeOriginal (else DateTimeDigitized) from an EXIF block, or null when there is none or it is unreadable. */
export function exifDateTaken(block: Buffer | undefined | null): Date | null {
  if (!block) return null;
  const tiff = tiffOf(block);
  if (!tiff) return null;
  try {
    const ifd0 = readIfd(tiff, u32(tiff, 4));
    const pointer = ifd0.get(TAG_EXIF_IFD);
    if (!pointer || pointer.type !== TYPE_LONG) return null;
    const exif = readIfd(tiff, u32(tiff, pointer.valueAt));
    const offset = asciiValue(tiff, exif.get(TAG_OFFSET_TIME_ORIGINAL));
    return (
      parseExifDate(asciiValue(tiff, exif.get(TAG_DATE_TIME_ORIGINAL)), offset) ??
      parseExifDate(asciiValue(tiff, exif.get(TAG_DATE_TIME_DIGITIZED)))
    );
  } catch {
    return null;
  }
}

const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;

/** The camera that took the photo ('Canon EOS 5D'): Make and Model of IFD0, the make left out when the model repeats it. */
export function exifCamera(block: Buffer | undefined | null): string | null {
  if (!block) return null;
  const tiff = tiffOf(block);
  if (!tiff) return null;
  try {
    const ifd0 = readIfd(tiff, u32(tiff, 4));
    const make = asciiValue(tiff, ifd0.get(TAG_MAKE)) ?? '';
    const model = asciiValue(tiff, ifd0.get(TAG_MODEL)) ?? '';
    const name = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
    return name.trim() || null;
  } catch {
    return null;
  }
}
