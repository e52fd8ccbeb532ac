/**
 * Removes the Authenticode signature from a Windows PE executable, as `signtool remove /s` does.
 *
 * node.exe is signed by the Node.js project. postject rebuilds the file to add the helper, after which the
 * signature's directory entry points at bytes that are no longer the signature: Windows still runs the program,
 * but its file properties and virus scanners see a broken signature, which looks worse than none. So the
 * signature goes before injection: the certificate table (always the end of the file) is cut off, its data
 * directory entry and the header checksum (which covers the old bytes; 0 means "not set") are cleared.
 */

const IMAGE_DIRECTORY_ENTRY_SECURITY = 4;

interface PeLayout {
  /** Offset of the optional header. */
  optional: number;
  /** Offset of the security data directory entry (file offset, size). */
  security: number;
}

function peLayout(file: Buffer): PeLayout {
  if (file.length < 0x40 || file.toString('latin1', 0, 2) !== 'MZ') throw new Error('Not a Windows executable (no MZ header).');
  const pe = file.readUInt32LE(0x3c);
  if (pe + 24 > file.length || file.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('Not a PE executable.');
  const optional = pe + 24;
  const magic = file.readUInt16LE(optional);
  if (magic !== 0x20b && magic !== 0x10b) throw new Error(`Unknown PE optional header 0x${magic.toString(16)}.`);
  const plus = magic === 0x20b;
  const count = file.readUInt32LE(optional + (plus ? 108 : 92));
  if (count <= IMAGE_DIRECTORY_ENTRY_SECURITY) throw new Error('The PE has no security directory entry.');
  return { optional, security: optional + (plus ? 112 : 96) + IMAGE_DIRECTORY_ENTRY_SECURITY * 8 };
}

/** The certificate table's place and size (a file offset, not an RVA), or null when unsigned. */
export function peSignature(file: Buffer): { offset: number; size: number } | null {
  const { security } = peLayout(file);
  const offset = file.readUInt32LE(security);
  const size = file.readUInt32LE(security + 4);
  return size ? { offset, size } : null;
}

/** A copy of the executable without its signature; an unsigned one comes back unchanged. */
export function removePeSignature(input: Buffer): Buffer {
  const signature = peSignature(input);
  if (!signature) return input;
  if (signature.offset + signature.size !== input.length) throw new Error('The PE signature is not at the end of the file; refusing to guess.');
  const { optional, security } = peLayout(input);
  const output = Buffer.from(input.subarray(0, signature.offset));
  output.writeUInt32LE(0, security);
  output.writeUInt32LE(0, security + 4);
  output.writeUInt32LE(0, optional + 64);
  return output;
}
