/**
 * Linux: the drive through xorriso (its cdrecord emulation writes the image; -devices and -toc describe drive and
 * disc), or growisofs -dvd-compat when xorriso is missing. The parsers are separate functions so they can be tested
 * on the tools' text without a drive.
 */
import fs from 'node:fs';
import { BURNER_CODES, type MediaType } from '../../../common/burn-protocol.ts';
import { BurnFailure, type Burner, type BurnerState, type ProgressFn } from './burner.ts';
import { run } from './run.ts';
import { burnerStateOf } from './virtual.ts';

/** Drive addresses in the output of `xorriso -devices`, e.g. "0  -dev '/dev/sr0' rwrw-- :  'HL-DT-ST' 'DVDRAM GH24NSD1'". */
export function parseXorrisoDevices(text: string): string[] {
  const devices: string[] = [];
  for (const match of text.matchAll(/^\s*\d+\s+-dev\s+'([^']+)'/gm)) devices.push(match[1]);
  return devices;
}

/**
 * libburn's stdio pseudo-drive: a file or device named `stdio:PATH` as the drive address, which only the
 * configuration can name (burner.device). libburn writes and reads it like a disc ("Media current: stdio file,
 * overwriteable" or "..., sequential"), so it is taken as the blank DVD-R it stands in for: the checks, the write
 * (with -dao, as for DVD-R) and the read-back then run exactly as for /dev/sr0. The tests burn to it.
 */
const STDIO_PROFILE = /^stdio file\b/i;

/** The media type of a libburn profile name ("DVD-R sequential recording", "DVD+R/DL", "CD-RW"...). */
export function mediaOfProfile(profile: string): MediaType {
  const name = profile.trim();
  if (!name || /is not present|^none\b/i.test(name)) return 'none';
  const rules: Array<[RegExp, MediaType]> = [
    [STDIO_PROFILE, 'DVD-R'],
    [/^DVD-R\/DL|^DVD-R DL/i, 'DVD-R DL'],
    [/^DVD\+R\/DL|^DVD\+R DL/i, 'DVD+R DL'],
    [/^DVD-RW/i, 'DVD-RW'],
    [/^DVD\+RW/i, 'DVD+RW'],
    [/^DVD-RAM/i, 'DVD-RAM'],
    [/^DVD-R\b/i, 'DVD-R'],
    [/^DVD\+R\b/i, 'DVD+R'],
    [/^CD-RW/i, 'CD-RW'],
    [/^CD-R\b/i, 'CD-R'],
    [/^BD-RE/i, 'BD-RE'],
    [/^BD-R\b/i, 'BD-R'],
  ];
  for (const [pattern, media] of rules) if (pattern.test(name)) return media;
  return 'unknown';
}

export interface LinuxToc {
  media_type: MediaType;
  blank: boolean;
  becomingReady: boolean;
  busy: boolean;
  /** The drive could not be opened at all. */
  noDrive: boolean;
}

/** Drive and disc from `xorriso -outdev DEV -toc` (its "Media current:" and "Media status :" lines, and failures). */
export function parseXorrisoToc(text: string): LinuxToc {
  const current = /^Media current:\s*(.*)$/m.exec(text)?.[1] ?? '';
  const status = /^Media status :\s*(.*)$/m.exec(text)?.[1] ?? '';
  const becomingReady = /becoming ready|\[2 04 01\]|04 01 /i.test(text);
  const busy = /busy|in use by another/i.test(text);
  const noDrive = /Cannot acquire drive|not found|No drives found|Permission denied/i.test(text) && !current;
  let media = mediaOfProfile(current);
  if (/is not present|no media|medium not present/i.test(status) || /medium not present|no media/i.test(text)) media = 'none';
  return { media_type: media, blank: /is blank/i.test(status), becomingReady, busy, noDrive };
}

/**
 * Whether the drive can write DVDs, from `xorriso -outdev DEV -toc -list_profiles out`: a DVD recording profile
 * (DVD-R 0x0011, DVD+R 0x001B), or libburn's stdio pseudo-drive, which has no MMC profiles and writes anything.
 */
export function canWriteDvd(output: string): boolean {
  return /0x0011|0x001[bB]/.test(output) || /^Media current:\s*stdio file\b/im.test(output);
}

/** The file a drive address reads from: /dev/sr0 itself, or the PATH of libburn's stdio:PATH. */
export const driveFile = (address: string): string => address.replace(/^stdio:/, '');

/** Percent of the write from xorriso's cdrecord emulation: "xorriso : UPDATE :   13 of   38 MB written (fifo ...)". */
export function parseXorrisoProgress(line: string): { stage: 'writing'; percent: number } | { stage: 'finalizing' } | null {
  const written = /(\d+)\s+of\s+(\d+)\s+MB written/.exec(line);
  if (written) {
    const total = Number(written[2]);
    return { stage: 'writing', percent: total > 0 ? Math.min(100, (Number(written[1]) / total) * 100) : 0 };
  }
  if (/closing|fixating|finaliz/i.test(line)) return { stage: 'finalizing' };
  return null;
}

/** Percent from growisofs: "  1015808/4700000 ( 21.6%) @4.0x, remaining 3:21 RBU 100.0% UBU  98.0%". */
export function parseGrowisofsProgress(line: string): { stage: 'writing'; percent: number } | { stage: 'finalizing' } | null {
  const percent = /^\s*\d+\/\d+\s*\(\s*([\d.]+)%\)/.exec(line);
  if (percent) return { stage: 'writing', percent: Math.min(100, Number(percent[1])) };
  if (/flushing cache|closing track|closing session|closing disc|writing lead-out/i.test(line)) return { stage: 'finalizing' };
  return null;
}

/**
 * A drive scan takes seconds and the window re-checks every 2: a found drive list is kept this long. Each xorriso
 * run is cut after 20 s, inside the window's 30 s wait for a reply.
 */
const DEVICE_SCAN_MS = 15_000;

export class LinuxBurner implements Burner {
  private scanned: { at: number; devices: string[] } | null = null;
  /** The media of the last check (the burn checks right before it writes). */
  private lastMedia: MediaType = 'unknown';

  constructor(private readonly device?: string) {}

  private async devices(): Promise<string[]> {
    if (this.device) return [this.device];
    if (this.scanned && this.scanned.devices.length && Date.now() - this.scanned.at < DEVICE_SCAN_MS) return this.scanned.devices;
    const found = await run('xorriso', ['-devices'], { timeoutMs: 20_000 });
    if (found.missing) throw new BurnFailure('xorriso is not installed: the DVD burning tool needs it (apt install xorriso).');
    this.scanned = { at: Date.now(), devices: parseXorrisoDevices(found.output) };
    return this.scanned.devices;
  }

  async check(index: number): Promise<BurnerState> {
    const device = (await this.devices())[index];
    if (!device) return burnerStateOf({ present: false, recorder_supported: true, becoming_ready: false, media_type: 'none', blank: false, busy: false });
    // One run for both: the disc's table of content and the drive's profiles (which media it can write).
    const output = (await run('xorriso', ['-abort_on', 'NEVER', '-outdev', device, '-toc', '-list_profiles', 'out'], { timeoutMs: 20_000 })).output;
    const toc = parseXorrisoToc(output);
    if (toc.busy) return { hr_hex: BURNER_CODES.ok, media_type: toc.media_type, error_message: null, busy: true };
    if (toc.noDrive) {
      this.scanned = null;
      return burnerStateOf({ present: false, recorder_supported: true, becoming_ready: false, media_type: 'none', blank: false, busy: false });
    }
    this.lastMedia = toc.media_type;
    return burnerStateOf({
      present: true,
      recorder_supported: canWriteDvd(output),
      becoming_ready: toc.becomingReady,
      media_type: toc.media_type,
      blank: toc.blank,
      busy: false,
    });
  }

  async write(index: number, iso: string, _size: number, progress: ProgressFn, signal: AbortSignal): Promise<void> {
    const device = (await this.devices())[index];
    if (!device) throw new BurnFailure('No burner could be found');
    await writeWithXorriso(device, iso, progress, signal, this.lastMedia === 'DVD-R');
  }

  async readBack(index: number, size: number): Promise<NodeJS.ReadableStream> {
    const device = (await this.devices())[index];
    if (!device) throw new BurnFailure('No burner could be found');
    return fs.createReadStream(driveFile(device), { start: 0, end: Math.max(0, size - 1) });
  }
}

/**
 * The cause of a failed write in words: libburn's SORRY line carries the system's reason ("Failed to open device
 * ...: Operation not permitted", "write(2) returned -1. : Broken pipe"); xorriso's FAILURE lines after it only say
 * that the job failed. Without a SORRY line, the last failure lines.
 */
export function failureReason(output: string): string | null {
  const failures = output.split(/\r|\n/).filter((line) => /FAILURE|SORRY|FATAL|error|:-\(/i.test(line));
  const cause = failures.filter((line) => /\bSORRY\b/.test(line)).slice(-1);
  const chosen = cause.length ? cause : failures.slice(-2);
  const text = chosen.map((line) => line.replace(/^\s*(libburn|xorriso|growisofs)\s*:\s*(SORRY|FAILURE|FATAL)\s*:\s*/i, '').trim()).join(' ');
  return text || null;
}

/**
 * Writes iso to device (a drive, or stdio:/file for a test) with xorriso, falling back to growisofs. dao asks for
 * Disc-At-Once, which DVD players read best on DVD-R; xorriso refuses it on other media, so it is only asked there.
 */
export async function writeWithXorriso(device: string, iso: string, progress: ProgressFn, signal: AbortSignal, dao = false): Promise<void> {
  progress('loading', 0);
  let finalizing = false;
  const onProgress = (parsed: ReturnType<typeof parseXorrisoProgress>) => {
    if (!parsed) return;
    if (parsed.stage === 'writing' && !finalizing) progress('writing', Math.round(parsed.percent * 10) / 10);
    if (parsed.stage === 'finalizing' && !finalizing) {
      finalizing = true;
      progress('finalizing', 0);
    }
  };
  let result = await run('xorriso', ['-as', 'cdrecord', '-v', `dev=${device}`, ...(dao ? ['-dao'] : []), iso], { signal, onLine: (line) => onProgress(parseXorrisoProgress(line)) });
  if (result.missing) {
    // growisofs takes a drive, never a file: stdio: devices are xorriso's own.
    result = await run('growisofs', ['-dvd-compat', `-Z`, `${device}=${iso}`], { signal, onLine: (line) => onProgress(parseGrowisofsProgress(line)) });
    if (result.missing) throw new BurnFailure('Neither xorriso nor growisofs is installed: the DVD burning tool needs one of them (apt install xorriso).');
  }
  if (result.code !== 0) {
    throw new BurnFailure(`Burning failed: ${failureReason(result.output) ?? `the burn tool ended with code ${result.code}`}`);
  }
  if (!finalizing) progress('finalizing', 0);
}
