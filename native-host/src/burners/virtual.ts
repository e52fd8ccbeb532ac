/**
 * The file-backed burner the tests use (config burner.kind "virtual"). Its drive and disc live in a JSON state file
 * the tests write, read again on every check and burn, so every status of spec 3 section 4.5 can be produced:
 *
 *   { "present": true, "media_type": "DVD-R", "blank": true, "becoming_ready": false, "busy": false,
 *     "disc_file": "/abs/disc.img", "write_bytes_per_second": 50000000, "corrupt_write": false,
 *     "recorder_supported": true }
 *
 * A burn writes the image's bytes to disc_file at write_bytes_per_second (so progress can be watched), then sets
 * blank to false in the state file, as a written disc is no longer blank. corrupt_write flips one byte on the way,
 * so verification must fail. The state is read again at every 64 KB written: a disc taken out (present false or
 * media_type "none") ends the write with DISC_TAKEN_OUT, as a real drive fails its next write, and a new
 * write_bytes_per_second paces the rest of the write, so a test can hold a burn under way for as long as it needs
 * (a slow drive) and then let it finish, instead of guessing how long its other steps take on a busy machine.
 */
import fs from 'node:fs';
import { BURNER_CODES, MEDIA_TYPES, type MediaType } from '../../../common/burn-protocol.ts';
import { BURNER_MESSAGES, BurnFailure, type Burner, type BurnerState, type ProgressFn } from './burner.ts';

export interface VirtualState {
  present: boolean;
  media_type: MediaType;
  blank: boolean;
  becoming_ready: boolean;
  busy: boolean;
  disc_file: string | null;
  write_bytes_per_second: number;
  corrupt_write: boolean;
  recorder_supported: boolean;
}

const DEFAULTS: VirtualState = {
  present: true,
  media_type: 'none',
  blank: true,
  becoming_ready: false,
  busy: false,
  disc_file: null,
  write_bytes_per_second: 50_000_000,
  corrupt_write: false,
  recorder_supported: true,
};

const CHUNK = 64 * 1024;

/** What a write says when the disc leaves the drive half way (as a system burner's "Burning failed: ..." does). */
export const DISC_TAKEN_OUT = 'Burning failed: the disc was taken out of the burner before the burn finished.';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the state file. A missing file is a computer without a burner; a broken one is an error naming the field. */
export function readVirtualState(file: string): VirtualState {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { ...DEFAULTS, present: false };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`The virtual burner's state file ${file} is not JSON: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`The virtual burner's state file ${file} must hold an object.`);
  const state = { ...DEFAULTS, ...(raw as Partial<VirtualState>) };
  for (const field of ['present', 'blank', 'becoming_ready', 'busy', 'corrupt_write', 'recorder_supported'] as const) {
    if (typeof state[field] !== 'boolean') throw new Error(`The virtual burner's ${field} must be true or false.`);
  }
  if (!MEDIA_TYPES.includes(state.media_type)) throw new Error(`The virtual burner's media_type must be one of ${MEDIA_TYPES.join(', ')}.`);
  if (state.disc_file !== null && typeof state.disc_file !== 'string') throw new Error("The virtual burner's disc_file must be a path.");
  if (typeof state.write_bytes_per_second !== 'number' || !(state.write_bytes_per_second > 0)) throw new Error("The virtual burner's write_bytes_per_second must be above 0.");
  return state;
}

/** Spec 3 section 4.5 from a drive's state: the same mapping the system burners follow. */
export function burnerStateOf(state: Pick<VirtualState, 'present' | 'recorder_supported' | 'becoming_ready' | 'media_type' | 'blank' | 'busy'>): BurnerState {
  const busy = state.busy;
  if (!state.present) return { hr_hex: BURNER_CODES.noBurner, media_type: 'none', error_message: null, busy };
  if (!state.recorder_supported) return { hr_hex: BURNER_CODES.recorderNotSupported, media_type: state.media_type, error_message: BURNER_MESSAGES.recorderNotSupported, busy };
  if (state.becoming_ready) return { hr_hex: BURNER_CODES.becomingReady, media_type: 'none', error_message: null, busy };
  if (state.media_type === 'none') return { hr_hex: BURNER_CODES.noMedia, media_type: 'none', error_message: BURNER_MESSAGES.noMedia, busy };
  if (!state.blank) return { hr_hex: BURNER_CODES.noBlankMedia, media_type: state.media_type, error_message: BURNER_MESSAGES.noBlankMedia, busy };
  return { hr_hex: BURNER_CODES.ok, media_type: state.media_type, error_message: null, busy };
}

export class VirtualBurner implements Burner {
  constructor(private readonly stateFile: string) {}

  async check(): Promise<BurnerState> {
    return burnerStateOf(readVirtualState(this.stateFile));
  }

  async write(_index: number, iso: string, size: number, progress: ProgressFn, signal: AbortSignal): Promise<void> {
    const state = readVirtualState(this.stateFile);
    if (!state.disc_file) throw new BurnFailure("The virtual burner's state file names no disc_file.");
    progress('loading', 0);
    await sleep(100);
    const input = await fs.promises.open(iso, 'r');
    const output = await fs.promises.open(state.disc_file, 'w');
    try {
      // When the bytes written so far are due at the drive's speed; the speed is read again at every chunk.
      let due = Date.now();
      const buffer = Buffer.alloc(CHUNK);
      let written = 0;
      let lastReport = 0;
      // The byte the corrupt_write flag spoils: in the middle, where only a full read-back finds it.
      const spoil = Math.floor(size / 2);
      while (written < size) {
        if (signal.aborted) throw new BurnFailure('The burn was stopped.');
        // A drive reports a disc taken out at its next write; the state file says so to this one.
        const now = readVirtualState(this.stateFile);
        if (!now.present || now.media_type === 'none') throw new BurnFailure(DISC_TAKEN_OUT);
        const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, size - written), written);
        if (bytesRead === 0) throw new BurnFailure(`The disc image ended after ${written} of ${size} bytes.`);
        const chunk = buffer.subarray(0, bytesRead);
        if (state.corrupt_write && spoil >= written && spoil < written + bytesRead) chunk[spoil - written] ^= 0xff;
        await output.write(chunk, 0, bytesRead, written);
        written += bytesRead;
        due += (bytesRead / now.write_bytes_per_second) * 1000;
        const ahead = due - Date.now();
        if (ahead > 0) await sleep(ahead);
        if (Date.now() - lastReport >= 100 || written === size) {
          lastReport = Date.now();
          progress('writing', Math.round((written / size) * 1000) / 10);
        }
      }
    } finally {
      await input.close();
      await output.close();
    }
    progress('finalizing', 0);
    await sleep(100);
    // The disc is written: no longer blank. Keep whatever else the tests set.
    const now = readVirtualState(this.stateFile);
    const raw = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as Record<string, unknown>;
    if (now.present) {
      const temp = `${this.stateFile}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify({ ...raw, blank: false }, null, 2));
      fs.renameSync(temp, this.stateFile);
    }
  }

  async readBack(_index: number, size: number): Promise<NodeJS.ReadableStream> {
    const state = readVirtualState(this.stateFile);
    if (!state.disc_file) throw new BurnFailure("The virtual burner's state file names no disc_file.");
    return fs.createReadStream(state.disc_file, { start: 0, end: Math.max(0, size - 1) });
  }
}
