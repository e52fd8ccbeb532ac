/**
 * Removes the code signature from a 64-bit Mach-O executable, as `codesign --remove-signature` does on a Mac.
 *
 * Node's macOS binary is signed by the Node.js project. Injecting the helper (postject adds a NODE_SEA segment)
 * leaves that signature describing bytes that are no longer there, and macOS kills a process whose signature
 * does not match its pages. An unsigned x86_64 executable, on the other hand, runs; the macOS install script then
 * signs it ad hoc with the Mac's own `codesign` where it can. codesign does not exist on Linux, so this is the
 * few bytes of the Mach-O format it needs:
 *   - the LC_CODE_SIGNATURE load command goes (the commands after it move up; ncmds and sizeofcmds shrink);
 *   - the signature data, the last thing in __LINKEDIT and in the file, is cut off;
 *   - __LINKEDIT's filesize (and vmsize, to the page) shrink to what remains.
 * Anything unexpected (a fat binary, a signature that is not last) is refused rather than guessed at.
 */

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const HEADER_SIZE_64 = 32;
/** x86_64 pages are 4 KiB (arm64 uses 16 KiB; we ship only x86_64). */
const PAGE = 0x1000;

interface LoadCommand {
  offset: number;
  cmd: number;
  size: number;
}

function loadCommands(file: Buffer): { commands: LoadCommand[]; ncmds: number; sizeofcmds: number } {
  if (file.length < HEADER_SIZE_64 || file.readUInt32LE(0) !== MH_MAGIC_64) {
    throw new Error('Not a little-endian 64-bit Mach-O executable (a universal binary must be thinned first).');
  }
  const ncmds = file.readUInt32LE(16);
  const sizeofcmds = file.readUInt32LE(20);
  const commands: LoadCommand[] = [];
  let offset = HEADER_SIZE_64;
  for (let i = 0; i < ncmds; i += 1) {
    const cmd = file.readUInt32LE(offset);
    const size = file.readUInt32LE(offset + 4);
    if (size < 8 || offset + size > HEADER_SIZE_64 + sizeofcmds) throw new Error(`Mach-O load command ${i} is malformed.`);
    commands.push({ offset, cmd, size });
    offset += size;
  }
  return { commands, ncmds, sizeofcmds };
}

const segmentName = (file: Buffer, command: LoadCommand): string => file.toString('latin1', command.offset + 8, command.offset + 24).replace(/\0+$/, '');

/** Whether the executable carries a code signature load command. */
export function hasCodeSignature(file: Buffer): boolean {
  return loadCommands(file).commands.some((command) => command.cmd === LC_CODE_SIGNATURE);
}

/** The names of the executable's segments, in load command order (tests use it to find NODE_SEA). */
export function segmentNames(file: Buffer): string[] {
  const { commands } = loadCommands(file);
  return commands.filter((command) => command.cmd === LC_SEGMENT_64).map((command) => segmentName(file, command));
}

/** A copy of the executable without its code signature; an unsigned executable comes back unchanged. */
export function removeCodeSignature(input: Buffer): Buffer {
  const { commands, ncmds, sizeofcmds } = loadCommands(input);
  const signature = commands.find((command) => command.cmd === LC_CODE_SIGNATURE);
  if (!signature) return input;
  const linkedit = commands.find((command) => command.cmd === LC_SEGMENT_64 && segmentName(input, command) === '__LINKEDIT');
  if (!linkedit) throw new Error('Mach-O: no __LINKEDIT segment.');

  const dataoff = input.readUInt32LE(signature.offset + 8);
  const datasize = input.readUInt32LE(signature.offset + 12);
  const linkeditFileoff = Number(input.readBigUInt64LE(linkedit.offset + 40));
  const linkeditFilesize = Number(input.readBigUInt64LE(linkedit.offset + 48));
  const linkeditEnd = linkeditFileoff + linkeditFilesize;
  // codesign keeps the signature last in __LINKEDIT and in the file; only then is cutting it off safe.
  if (dataoff + datasize !== linkeditEnd || linkeditEnd !== input.length || dataoff < linkeditFileoff) {
    throw new Error('Mach-O: the code signature is not the last thing in the file; refusing to guess.');
  }

  const output = Buffer.from(input.subarray(0, dataoff));
  // Drop the load command: move the ones after it up and clear the freed bytes.
  const commandsEnd = HEADER_SIZE_64 + sizeofcmds;
  output.copy(output, signature.offset, signature.offset + signature.size, commandsEnd);
  output.fill(0, commandsEnd - signature.size, commandsEnd);
  output.writeUInt32LE(ncmds - 1, 16);
  output.writeUInt32LE(sizeofcmds - signature.size, 20);

  // __LINKEDIT's command may have moved up if it came after the signature's.
  const linkeditOffset = linkedit.offset > signature.offset ? linkedit.offset - signature.size : linkedit.offset;
  const filesize = dataoff - linkeditFileoff;
  output.writeBigUInt64LE(BigInt(filesize), linkeditOffset + 48);
  output.writeBigUInt64LE(BigInt(Math.ceil(filesize / PAGE) * PAGE), linkeditOffset + 32);
  return output;
}
