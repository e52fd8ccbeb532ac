/**
 * macOS: drutil describes the drive and disc, hdiutil burn writes the image (-puppetstrings gives machine-readable
 * progress; -noverifyburn because the helper verifies by reading the disc back itself; -noeject so it can).
 */
import fs from 'node:fs';
import type { MediaType } from '../../../common/burn-protocol.ts';
import { BurnFailure, type Burner, type BurnerState, type ProgressFn } from './burner.ts';
import { run } from './run.ts';
import { burnerStateOf } from './virtual.ts';

export interface DrutilStatus {
  present: boolean;
  media_type: MediaType;
  blank: boolean;
  becomingReady: boolean;
  /** The disc's device, e.g. /dev/disk2. */
  device: string | null;
}

/** `drutil status`: "Type: DVD-R  Name: /dev/disk2" and "Writability: appendable, blank, overwritable". */
export function parseDrutilStatus(text: string): DrutilStatus {
  const present = /Vendor|Product/.test(text);
  const type = /Type:\s*(.+?)(?:\s{2,}Name:|$)/m.exec(text)?.[1]?.trim() ?? '';
  const device = /Name:\s*(\/dev\/disk\d+)/.exec(text)?.[1] ?? null;
  const writability = /Writability:\s*(.*)$/m.exec(text)?.[1] ?? '';
  const becomingReady = /becoming ready|not ready/i.test(type);
  let media: MediaType = 'unknown';
  if (!type || /No Media/i.test(type) || becomingReady) media = 'none';
  else if (/^DVD-R\s*DL/i.test(type)) media = 'DVD-R DL';
  else if (/^DVD\+R\s*DL/i.test(type)) media = 'DVD+R DL';
  else if (/^DVD-RW/i.test(type)) media = 'DVD-RW';
  else if (/^DVD\+RW/i.test(type)) media = 'DVD+RW';
  else if (/^DVD-RAM/i.test(type)) media = 'DVD-RAM';
  else if (/^DVD-R$/i.test(type)) media = 'DVD-R';
  else if (/^DVD\+R$/i.test(type)) media = 'DVD+R';
  else if (/^CD-RW/i.test(type)) media = 'CD-RW';
  else if (/^CD-R$/i.test(type)) media = 'CD-R';
  else if (/^BD-RE/i.test(type)) media = 'BD-RE';
  else if (/^BD-R$/i.test(type)) media = 'BD-R';
  return { present, media_type: media, blank: /\bblank\b/i.test(writability), becomingReady, device };
}

/** `drutil info`: the drive writes DVDs when its "DVD-Write:" line names -R or +R. */
export function drutilWritesDvd(info: string): boolean {
  const line = /DVD-Write:\s*(.*)$/m.exec(info)?.[1] ?? '';
  return /-R\b|\+R\b/.test(line);
}

/** hdiutil burn -puppetstrings: "PERCENT:12.345678" and "MESSAGE:Closing session". PERCENT:-1 means no figure yet. */
export function parsePuppetStrings(line: string): { stage: 'writing'; percent: number } | { stage: 'finalizing' } | { stage: 'error'; message: string } | null {
  const percent = /^PERCENT:(-?[\d.]+)/.exec(line.trim());
  if (percent) {
    const value = Number(percent[1]);
    return value >= 0 ? { stage: 'writing', percent: Math.min(100, value) } : null;
  }
  const message = /^MESSAGE:(.*)$/.exec(line.trim())?.[1] ?? '';
  if (/closing|finishing|finaliz/i.test(message)) return { stage: 'finalizing' };
  const error = /^(?:ERROR|hdiutil: burn failed)[:\s-]*(.*)$/i.exec(line.trim());
  if (error) return { stage: 'error', message: error[1] || line.trim() };
  return null;
}

export class MacBurner implements Burner {
  private device: string | null = null;

  async check(index: number): Promise<BurnerState> {
    const drive = String(index + 1);
    const status = await run('drutil', ['-drive', drive, 'status'], { timeoutMs: 12_000 });
    if (status.missing) throw new BurnFailure('drutil was not found on this Mac.');
    const parsed = parseDrutilStatus(status.output);
    this.device = parsed.device;
    const info = parsed.present ? (await run('drutil', ['-drive', drive, 'info'], { timeoutMs: 12_000 })).output : '';
    return burnerStateOf({
      present: parsed.present,
      recorder_supported: drutilWritesDvd(info),
      becoming_ready: parsed.becomingReady,
      media_type: parsed.media_type,
      blank: parsed.blank,
      busy: false,
    });
  }

  async write(_index: number, iso: string, _size: number, progress: ProgressFn, signal: AbortSignal): Promise<void> {
    progress('loading', 0);
    let finalizing = false;
    let failure = '';
    const result = await run('hdiutil', ['burn', '-noverifyburn', '-noeject', '-puppetstrings', iso], {
      signal,
      onLine: (line) => {
        const parsed = parsePuppetStrings(line);
        if (!parsed || finalizing) return;
        if (parsed.stage === 'writing') progress('writing', parsed.percent);
        else if (parsed.stage === 'finalizing') {
          finalizing = true;
          progress('finalizing', 0);
        } else failure = parsed.message;
      },
    });
    if (result.code !== 0) throw new BurnFailure(`Burning failed: ${failure || result.output.trim().split('\n').pop() || `hdiutil ended with code ${result.code}`}`);
    if (!finalizing) progress('finalizing', 0);
  }

  async readBack(_index: number, size: number): Promise<NodeJS.ReadableStream> {
    if (!this.device) throw new BurnFailure('The burned disc has no device to read it back from.');
    // The raw device: macOS gives the console user access to removable media.
    return fs.createReadStream(this.device.replace('/dev/disk', '/dev/rdisk'), { start: 0, end: Math.max(0, size - 1) });
  }
}
