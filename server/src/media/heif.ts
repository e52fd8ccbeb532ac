/**
 * Reads a HEIF/HEIC file's meta box without decoding any pixels: the primary image's displayed size
 * (ispe, turned by irot) and where its Exif item lies. This is how the pixel limit is checked before a
 * phone photo is decoded.
 */

export interface HeifInfo {
  width: number;
  height: number;
  /** Byte range of the Exif item in the file (4-byte header offset first, then the EXIF block). */
  exif: { offset: number; length: number } | null;
}

interface Box {
  type: string;
  /** Start of the payload (after size, type and a large size). */
  start: number;
  end: number;
}

/** The boxes directly inside [start, end). */
export function childBoxes(buf: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

const find = (boxes: Box[], type: string): Box | undefined => boxes.find((b) => b.type === type);
/** Full boxes start with a version byte and 24 bits of flags. */
const versionOf = (buf: Buffer, box: Box): number => buf[box.start];
const flagsOf = (buf: Buffer, box: Box): number => buf.readUIntBE(box.start + 1, 3);

function readSized(buf: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 8) return Number(buf.readBigUInt64BE(at));
  return buf.readUIntBE(at, bytes);
}

function primaryItemId(buf: Buffer, pitm: Box): number {
  return versionOf(buf, pitm) === 0 ? buf.readUInt16BE(pitm.start + 4) : buf.readUInt32BE(pitm.start + 4);
}

/** Item id to four-character item type ('hvc1', 'grid', 'Exif' ...). */
function itemTypes(buf: Buffer, iinf: Box): Map<number, string> {
  const types = new Map<number, string>();
  const skip = versionOf(buf, iinf) === 0 ? 2 : 4;
  for (const infe of childBoxes(buf, iinf.start + 4 + skip, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const version = versionOf(buf, infe);
    if (version < 2) continue;
    const idBytes = version === 2 ? 2 : 4;
    const id = buf.readUIntBE(infe.start + 4, idBytes);
    types.set(id, buf.toString('latin1', infe.start + 4 + idBytes + 2, infe.start + 4 + idBytes + 6));
  }
  return types;
}

/** Item id to the file range of its first extent (only file-offset construction, as Exif items use). */
function itemLocations(buf: Buffer, iloc: Box): Map<number, { offset: number; length: number }> {
  const locations = new Map<number, { offset: number; length: number }>();
  const version = versionOf(buf, iloc);
  let at = iloc.start + 4;
  const offsetSize = buf[at] >> 4;
  const lengthSize = buf[at] & 15;
  const baseOffsetSize = buf[at + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? buf[at + 1] & 15 : 0;
  at += 2;
  const itemCount = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < itemCount; i++) {
    const id = version < 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let construction = 0;
    if (version === 1 || version === 2) {
      construction = buf.readUInt16BE(at) & 15;
      at += 2;
    }
    at += 2; // data reference index
    const base = readSized(buf, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = buf.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readSized(buf, at, offsetSize);
      const length = readSized(buf, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (e === 0 && construction === 0) locations.set(id, { offset: base + offset, length });
    }
  }
  return locations;
}

/** The property boxes associated with an item, in association order. */
function itemProperties(buf: Buffer, iprp: Box, itemId: number): Box[] {
  const children = childBoxes(buf, iprp.start, iprp.end);
  const ipco = find(children, 'ipco');
  const ipma = find(children, 'ipma');
  if (!ipco || !ipma) return [];
  const properties = childBoxes(buf, ipco.start, ipco.end);
  const version = versionOf(buf, ipma);
  const wide = (flagsOf(buf, ipma) & 1) === 1;
  let at = ipma.start + 4;
  const entries = buf.readUInt32BE(at);
  at += 4;
  for (let i = 0; i < entries; i++) {
    const id = version < 1 ? buf.readUInt16BE(at) : buf.readUInt32BE(at);
    at += version < 1 ? 2 : 4;
    const count = buf[at];
    at += 1;
    const indexes: number[] = [];
    for (let a = 0; a < count; a++) {
      indexes.push(wide ? buf.readUInt16BE(at) & 0x7fff : buf[at] & 0x7f);
      at += wide ? 2 : 1;
    }
    if (id === itemId) return indexes.filter((n) => n > 0 && n <= properties.length).map((n) => properties[n - 1]);
  }
  return [];
}

/** Parses a complete meta box (header included); null when it does not describe a primary image. */
export function parseHeifMeta(meta: Buffer): HeifInfo | null {
  try {
    const [box] = childBoxes(meta, 0, meta.length);
    if (!box || box.type !== 'meta') return null;
    const children = childBoxes(meta, box.start + 4, box.end);
    const pitm = find(children, 'pitm');
    const iprp = find(children, 'iprp');
    if (!pitm || !iprp) return null;
    const primary = primaryItemId(meta, pitm);
    const properties = itemProperties(meta, iprp, primary);
    const ispe = find(properties, 'ispe');
    if (!ispe) return null;
    let width = meta.readUInt32BE(ispe.start + 4);
    let height = meta.readUInt32BE(ispe.start + 8);
    const irot = find(properties, 'irot');
    if (irot && (meta[irot.start] & 3) % 2 === 1) [width, height] = [height, width];

    const iinf = find(children, 'iinf');
    const iloc = find(children, 'iloc');
    let exif: HeifInfo['exif'] = null;
    if (iinf && iloc) {
      const locations = itemLocations(meta, iloc);
      for (const [id, type] of itemTypes(meta, iinf)) {
        if (type === 'Exif' && locations.has(id)) {
          exif = locations.get(id) ?? null;
          break;
        }
      }
    }
    return width > 0 && height > 0 ? { width, height, exif } : null;
  } catch {
    return null;
  }
}

/** A HEIF Exif item begins with the offset of the TIFF header inside what follows. */
export function exifFromHeifItem(item: Buffer): Buffer | null {
  if (item.length < 4) return null;
  const skip = item.readUInt32BE(0);
  return 4 + skip < item.length ? item.subarray(4 + skip) : null;
}
