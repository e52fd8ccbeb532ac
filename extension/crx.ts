/**
 * CRX3, the signed package Chrome and Edge install (https://chromium.googlesource.com/chromium/src/+/main/components/crx_file/crx3.proto):
 *
 *   "Cr24" | uint32 LE 3 | uint32 LE header length | CrxFileHeader (protobuf) | the zip
 *
 *   CrxFileHeader { repeated AsymmetricKeyProof sha256_with_rsa = 2; bytes signed_header_data = 10000; }
 *   AsymmetricKeyProof { bytes public_key = 1; bytes signature = 2; }
 *   SignedData { bytes crx_id = 1; }   (signed_header_data; crx_id = the first 16 bytes of SHA-256 of the key's DER)
 *
 * The RSA PKCS#1 v1.5 SHA-256 signature covers "CRX3 SignedData\0" | uint32 LE length of signed_header_data |
 * signed_header_data | the zip. Written here (a few dozen lines) rather than taken from a package that would need
 * the network or a browser to pack.
 */
import { createHash, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

const MAGIC = Buffer.from('Cr24', 'ascii');
const SIGNATURE_CONTEXT = Buffer.from('CRX3 SignedData\x00', 'binary');

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/** One length-delimited protobuf field (wire type 2). */
const bytesField = (field: number, value: Buffer): Buffer => Buffer.concat([varint(field * 8 + 2), varint(value.length), value]);

/** The public key's DER (SubjectPublicKeyInfo), as the manifest's "key" holds it in base64. */
export const publicKeyDer = (key: KeyObject): Buffer => createPublicKey(key).export({ type: 'spki', format: 'der' });

/** The CRX id bytes: the first 16 bytes of SHA-256 of the public key's DER. */
export const crxIdBytes = (publicDer: Buffer): Buffer => createHash('sha256').update(publicDer).digest().subarray(0, 16);

/** The extension id Chrome shows: the CRX id in hex, each digit 0-f written as a letter a-p. */
export function extensionIdFromPublicKey(publicDer: Buffer): string {
  return [...crxIdBytes(publicDer).toString('hex')].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

const signedPayload = (signedHeaderData: Buffer, zip: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(signedHeaderData.length);
  return Buffer.concat([SIGNATURE_CONTEXT, length, signedHeaderData, zip]);
};

/** Wraps a zip into a CRX3 signed with an RSA private key. */
export function createCrx3(zip: Buffer, privateKey: KeyObject): Buffer {
  const publicDer = publicKeyDer(privateKey);
  const signedHeaderData = bytesField(1, crxIdBytes(publicDer));
  const signature = createSign('sha256').update(signedPayload(signedHeaderData, zip)).sign(privateKey);
  const proof = Buffer.concat([bytesField(1, publicDer), bytesField(2, signature)]);
  const header = Buffer.concat([bytesField(2, proof), bytesField(10000, signedHeaderData)]);
  const fixed = Buffer.alloc(8);
  fixed.writeUInt32LE(3, 0);
  fixed.writeUInt32LE(header.length, 4);
  return Buffer.concat([MAGIC, fixed, header, zip]);
}

// ------------------------------------------------------------------------------------------ reading (for tests)

function readVarint(buffer: Buffer, start: number): [number, number] {
  let value = 0;
  let scale = 1;
  let at = start;
  for (;;) {
    if (at >= buffer.length) throw new Error('Truncated protobuf varint.');
    const byte = buffer[at++];
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, at];
    scale *= 128;
  }
}

/** The length-delimited fields of a protobuf message, by field number (other wire types are refused). */
function readFields(message: Buffer): Map<number, Buffer[]> {
  const fields = new Map<number, Buffer[]>();
  let at = 0;
  while (at < message.length) {
    const [tag, afterTag] = readVarint(message, at);
    if ((tag & 7) !== 2) throw new Error(`Unexpected protobuf wire type ${tag & 7}.`);
    const [length, afterLength] = readVarint(message, afterTag);
    const value = message.subarray(afterLength, afterLength + length);
    if (value.length !== length) throw new Error('Truncated protobuf field.');
    const field = Math.floor(tag / 8);
    fields.set(field, [...(fields.get(field) ?? []), value]);
    at = afterLength + length;
  }
  return fields;
}

export interface ParsedCrx3 {
  extensionId: string;
  publicKeyDer: Buffer;
  zip: Buffer;
  /** The RSA signature verifies against the key in the header and the crx_id matches that key. */
  valid: boolean;
}

/** Reads and checks a CRX3 the way Chrome does for an RSA proof. */
export function parseCrx3(crx: Buffer): ParsedCrx3 {
  if (!crx.subarray(0, 4).equals(MAGIC) || crx.readUInt32LE(4) !== 3) throw new Error('Not a CRX3 file.');
  const headerLength = crx.readUInt32LE(8);
  const header = readFields(crx.subarray(12, 12 + headerLength));
  const zip = crx.subarray(12 + headerLength);
  const proof = header.get(2)?.[0];
  const signedHeaderData = header.get(10000)?.[0];
  if (!proof || !signedHeaderData) throw new Error('The CRX3 header has no RSA proof or no signed header data.');
  const proofFields = readFields(proof);
  const publicDer = proofFields.get(1)?.[0];
  const signature = proofFields.get(2)?.[0];
  const crxId = readFields(signedHeaderData).get(1)?.[0];
  if (!publicDer || !signature || !crxId) throw new Error('The CRX3 proof is incomplete.');
  const key = createPublicKey({ key: publicDer, format: 'der', type: 'spki' });
  const signatureOk = createVerify('sha256').update(signedPayload(signedHeaderData, zip)).verify(key, signature);
  return { extensionId: extensionIdFromPublicKey(publicDer), publicKeyDer: publicDer, zip, valid: signatureOk && crxId.equals(crxIdBytes(publicDer)) };
}
