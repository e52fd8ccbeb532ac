import assert from 'node:assert/strict';
import { peSignature, removePeSignature } from './pe.ts';

/** A minimal PE32+ file whose last 0x40 bytes are its certificate table. */
function pe(signatureLast = true): Buffer {
  const file = Buffer.alloc(0x400, 0xcc);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  const optional = 0x80 + 24;
  file.writeUInt16LE(0x20b, optional);
  file.writeUInt32LE(0x1234abcd, optional + 64);
  file.writeUInt32LE(16, optional + 108);
  file.writeUInt32LE(signatureLast ? 0x3c0 : 0x300, optional + 112 + 4 * 8);
  file.writeUInt32LE(0x40, optional + 112 + 4 * 8 + 4);
  return file;
}

describe('installer: removing the Windows signature', () => {
  it('cuts off the certificate table and clears its directory entry and the header checksum', () => {
    const signed = pe();
    assert.deepEqual(peSignature(signed), { offset: 0x3c0, size: 0x40 });
    const unsigned = removePeSignature(signed);
    assert.equal(unsigned.length, 0x3c0);
    assert.equal(peSignature(unsigned), null);
    assert.equal(unsigned.readUInt32LE(0x80 + 24 + 64), 0);
    assert.deepEqual(unsigned.subarray(0x200, 0x3c0), signed.subarray(0x200, 0x3c0));
    assert.equal(removePeSignature(unsigned), unsigned);
  });

  it('refuses a table that is not at the end, and a file that is not PE', () => {
    assert.throws(() => removePeSignature(pe(false)), /not at the end/);
    assert.throws(() => removePeSignature(Buffer.alloc(0x100)), /MZ/);
  });
});
