import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cacheFolder } from '../cache/cache-dir.ts';

/**
 * The render engine's small C programs (server/native/), built with the system's C compiler the first time a
 * process needs one and kept in the machine's cache folder under a name that carries a hash of the source, the
 * flags, the system and the processor's features: a changed source is built again, and a cache shared by two kinds
 * of machine never hands one the other's build.
 */
export type NativeProgram = 'kenburns' | 'cpu-of';

const SOURCE_DIR = fileURLToPath(new URL('../../native/', import.meta.url));

const built = new Map<NativeProgram, Promise<string>>();

/**
 * -O2 with the vectoriser, for this machine's processor: on kenburns it is 2.7 times as fast as a portable -O3 build
 * (which unrolls its short tap loops badly), with the same output to the byte.
 */
const PORTABLE = ['-O2', '-ftree-vectorize', '-std=c11'];
const FLAGS = [...PORTABLE, '-march=native'];

/** What -march=native builds for: a build in a cache shared by machines of other processors must not be run there. */
function processorFeatures(): string {
  const info = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  return /^flags\s*:(.*)$/m.exec(info)?.[1]?.trim() ?? os.cpus()[0]?.model ?? '';
}

async function build(name: NativeProgram): Promise<string> {
  const source = path.join(SOURCE_DIR, `${name}.c`);
  const hash = createHash('sha256').update(readFileSync(source)).update(JSON.stringify([os.platform(), os.arch(), processorFeatures(), FLAGS])).digest('hex').slice(0, 16);
  const dir = cacheFolder('native');
  const file = path.join(dir, `${name}-${hash}`);
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  // Built beside its final name and renamed into place: another process building it at the same time never runs a half-written file.
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    // A compiler that does not know -march=native (or a processor it cannot name) gets the portable build.
    // Run directly, not through run-tool.ts: that module runs its tools through cpu-of, which is built here.
    const cc = (flags: string[]) => promisify(execFile)('cc', [...flags, '-o', partial, source, '-lm'], { timeout: 120_000, killSignal: 'SIGKILL' });
    await cc(FLAGS).catch(() => cc(PORTABLE));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    const detail = err instanceof Error ? err.message : String(err);
    throw new Error(`The render engine could not build its ${name} program with the C compiler (cc): ${detail}. Install it with scripts/system-deps.sh (Debian's gcc).`);
  }
  return file;
}

/** The path of a built program, built now if this machine has no build of its current source. */
export function nativeProgram(name: NativeProgram): Promise<string> {
  let program = built.get(name);
  if (!program) {
    program = build(name);
    built.set(name, program);
    // A failed build is tried again by the next caller (the compiler may have been installed since).
    program.catch(() => built.delete(name));
  }
  return program;
}
