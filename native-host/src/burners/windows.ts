/**
 * Windows: the drive through IMAPI2, Windows' own burning service, driven by a PowerShell script (no extra
 * software on the computer). The script prints one line per fact (STATE, PROGRESS, ERROR, DONE) that the helper
 * parses. Progress comes from the image stream IMAPI2 reads while it writes: a small C# stream counts the bytes,
 * which is steadier than IMAPI2's Update events (PowerShell cannot receive those without an interop assembly).
 * HRESULTs are reported as hex, as spec 3 section 4.5's burner codes are.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BURNER_CODES, type MediaType } from '../../../common/burn-protocol.ts';
import { BURNER_MESSAGES, BurnFailure, type Burner, type BurnerState, type ProgressFn } from './burner.ts';
import { run } from './run.ts';

/** IMAPI_MEDIA_PHYSICAL_TYPE values to the protocol's media names. */
const PHYSICAL_TYPES: Record<number, MediaType> = {
  1: 'unknown', // CD-ROM: pressed, never writable
  2: 'CD-R',
  3: 'CD-RW',
  4: 'unknown', // DVD-ROM
  5: 'DVD-RAM',
  6: 'DVD+R',
  7: 'DVD+RW',
  8: 'DVD+R DL',
  9: 'DVD-R',
  10: 'DVD-RW',
  11: 'DVD-R DL',
  13: 'DVD+RW',
  18: 'BD-R',
  19: 'BD-RE',
};

export const mediaOfPhysicalType = (value: number): MediaType => PHYSICAL_TYPES[value] ?? 'unknown';

/** IMAPI2 errors that mean a burner code of spec 3 section 4.5. */
const IMAPI_TO_BURNER: Record<string, string> = {
  '0xc0aa0202': BURNER_CODES.noMedia, // E_IMAPI_RECORDER_MEDIA_NO_MEDIA
  '0xc0aa0205': BURNER_CODES.becomingReady, // E_IMAPI_RECORDER_MEDIA_BECOMING_READY
  '0xc0aa0407': BURNER_CODES.recorderNotSupported, // E_IMAPI_DF2DATA_RECORDER_NOT_SUPPORTED
};

export type ImapiLine =
  | { kind: 'state'; hr: string; media: number; blank: boolean; busy: boolean; drive: string | null }
  | { kind: 'progress'; stage: 'writing'; percent: number }
  | { kind: 'progress'; stage: 'finalizing' }
  | { kind: 'error'; hr: string; message: string }
  | { kind: 'done' };

/** One line of the script's output, or null for anything else PowerShell printed. */
export function parseImapiLine(line: string): ImapiLine | null {
  const text = line.trim();
  const state = /^STATE hr=(0x[0-9a-f]+) media=(\d+) blank=([01]) busy=([01])(?: drive=(.*))?$/i.exec(text);
  if (state) return { kind: 'state', hr: state[1].toLowerCase(), media: Number(state[2]), blank: state[3] === '1', busy: state[4] === '1', drive: state[5]?.trim() || null };
  const writing = /^PROGRESS writing ([\d.]+)$/.exec(text);
  if (writing) return { kind: 'progress', stage: 'writing', percent: Math.min(100, Number(writing[1])) };
  if (text === 'PROGRESS finalizing') return { kind: 'progress', stage: 'finalizing' };
  const error = /^ERROR hr=(0x[0-9a-f]+) ?(.*)$/i.exec(text);
  if (error) return { kind: 'error', hr: error[1].toLowerCase(), message: error[2] || 'The burn failed.' };
  if (text === 'DONE') return { kind: 'done' };
  return null;
}

/** The burner check from the script's STATE line (or an ERROR line when IMAPI2 refused to look at the disc). */
export function imapiState(lines: readonly ImapiLine[]): BurnerState {
  const state = lines.find((line) => line.kind === 'state');
  const error = lines.find((line) => line.kind === 'error');
  const hr = state?.kind === 'state' ? state.hr : error?.kind === 'error' ? error.hr : BURNER_CODES.noBurner;
  const code = IMAPI_TO_BURNER[hr] ?? hr;
  const busy = state?.kind === 'state' && state.busy;
  const media = state?.kind === 'state' ? mediaOfPhysicalType(state.media) : 'none';
  if (code === BURNER_CODES.noMedia) return { hr_hex: BURNER_CODES.noMedia, media_type: 'none', error_message: BURNER_MESSAGES.noMedia, busy };
  if (code === BURNER_CODES.recorderNotSupported) return { hr_hex: code, media_type: media, error_message: BURNER_MESSAGES.recorderNotSupported, busy };
  if (code === BURNER_CODES.noBurner || code === BURNER_CODES.becomingReady) return { hr_hex: code, media_type: 'none', error_message: null, busy };
  if (state?.kind !== 'state' || state.hr !== BURNER_CODES.ok) return { hr_hex: BURNER_CODES.noBurner, media_type: 'none', error_message: null, busy };
  if (!state.blank) return { hr_hex: BURNER_CODES.noBlankMedia, media_type: media, error_message: BURNER_MESSAGES.noBlankMedia, busy };
  return { hr_hex: BURNER_CODES.ok, media_type: media, error_message: null, busy };
}

/** The PowerShell script: -Mode check|burn -Index n [-Iso path]. */
export const IMAPI_SCRIPT = String.raw`param([string]$Mode = 'check', [int]$Index = 0, [string]$Iso = '')
$ErrorActionPreference = 'Stop'
# PowerShell wraps a COM failure in MethodInvocationException: the HRESULT is on the COMException inside.
function Hr($err) {
  $e = $err.Exception
  while ($e.InnerException -and -not ($e -is [System.Runtime.InteropServices.COMException])) { $e = $e.InnerException }
  '0x{0:x8}' -f $e.HResult
}
# Compiling the stream costs a second or two: only a burn needs it, not the check every 2 seconds.
if ($Mode -eq 'burn') {
Add-Type -Language CSharp -TypeDefinition @'
using System;
using System.IO;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Runtime.InteropServices.ComTypes;
[ComVisible(true)]
public class TributeProgressStream : IStream {
  private FileStream file; private long total; private long last = -1;
  public TributeProgressStream(string path) { file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 20); total = file.Length; }
  public void Read(byte[] pv, int cb, IntPtr pcbRead) {
    int n = file.Read(pv, 0, cb);
    if (pcbRead != IntPtr.Zero) Marshal.WriteInt32(pcbRead, n);
    long permille = total > 0 ? file.Position * 1000 / total : 1000;
    if (permille != last) { last = permille; Console.Out.WriteLine("PROGRESS writing " + (permille / 10.0).ToString("0.0", CultureInfo.InvariantCulture)); Console.Out.Flush(); }
    if (file.Position >= total) { Console.Out.WriteLine("PROGRESS finalizing"); Console.Out.Flush(); }
  }
  public void Write(byte[] pv, int cb, IntPtr pcbWritten) { throw new NotSupportedException(); }
  public void Seek(long offset, int origin, IntPtr newPosition) { long p = file.Seek(offset, (SeekOrigin)origin); if (newPosition != IntPtr.Zero) Marshal.WriteInt64(newPosition, p); }
  public void SetSize(long size) { throw new NotSupportedException(); }
  public void CopyTo(IStream target, long cb, IntPtr read, IntPtr written) { throw new NotSupportedException(); }
  public void Commit(int flags) { }
  public void Revert() { throw new NotSupportedException(); }
  public void LockRegion(long offset, long cb, int type) { throw new NotSupportedException(); }
  public void UnlockRegion(long offset, long cb, int type) { throw new NotSupportedException(); }
  public void Stat(out System.Runtime.InteropServices.ComTypes.STATSTG stat, int flags) { stat = new System.Runtime.InteropServices.ComTypes.STATSTG(); stat.type = 2; stat.cbSize = total; }
  public void Clone(out IStream copy) { throw new NotSupportedException(); }
}
'@
}
try {
  $master = New-Object -ComObject IMAPI2.MsftDiscMaster2
  if (-not $master.IsSupportedEnvironment -or $master.Count -le $Index) { 'STATE hr=0x8201000a media=0 blank=0 busy=0'; exit 0 }
  $recorder = New-Object -ComObject IMAPI2.MsftDiscRecorder2
  $recorder.InitializeDiscRecorder($master.Item($Index))
  $drive = ''
  if ($recorder.VolumePathNames.Count -gt 0) { $drive = $recorder.VolumePathNames[0] }
  $busy = 0
  if ($recorder.ExclusiveAccessOwner) { $busy = 1 }
  $format = New-Object -ComObject IMAPI2.MsftDiscFormat2Data
  if (-not $format.IsRecorderSupported($recorder)) { "STATE hr=0xc0aa0407 media=0 blank=0 busy=$busy drive=$drive"; exit 0 }
  $format.Recorder = $recorder
  $format.ClientName = 'Tribute DVD burner'
  $media = [int]$format.CurrentPhysicalMediaType
  $blank = 0
  if ($format.MediaHeuristicallyBlank) { $blank = 1 }
  if ($Mode -eq 'check') { "STATE hr=0x0 media=$media blank=$blank busy=$busy drive=$drive"; exit 0 }
  $format.ForceMediaToBeClosed = $true
  $stream = New-Object TributeProgressStream $Iso
  $format.Write([System.Runtime.InteropServices.ComTypes.IStream]$stream)
  'DONE'
} catch {
  $message = ($_.Exception.Message -replace '[\r\n]+', ' ')
  "ERROR hr=$(Hr $_) $message"
  exit 1
}
`;

/** The script's arguments for a check or a burn (its param block declares exactly these). */
export function imapiArguments(mode: 'check' | 'burn', index: number, iso?: string): string[] {
  return ['-Mode', mode, '-Index', String(index), ...(iso === undefined ? [] : ['-Iso', iso])];
}

/** Where the script is written for powershell.exe -File: a name from its hash, so an updated helper writes its own. */
function scriptFile(): string {
  const hash = crypto.createHash('sha256').update(IMAPI_SCRIPT).digest('hex').slice(0, 12);
  const file = path.join(os.tmpdir(), `tribute-burner-imapi-${hash}.ps1`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, IMAPI_SCRIPT);
  return file;
}

async function powershell(args: string[], onLine?: (line: ImapiLine) => void, signal?: AbortSignal): Promise<ImapiLine[]> {
  const lines: ImapiLine[] = [];
  const result = await run('powershell.exe', ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', scriptFile(), ...args], {
    signal,
    onLine: (text) => {
      const line = parseImapiLine(text);
      if (!line) return;
      lines.push(line);
      onLine?.(line);
    },
  });
  if (result.missing) throw new BurnFailure('Windows PowerShell was not found: the DVD burning tool needs it to burn.');
  return lines;
}

export class WindowsBurner implements Burner {
  private drives = new Map<number, string>();

  async check(index: number): Promise<BurnerState> {
    const lines = await powershell(imapiArguments('check', index));
    const state = lines.find((line) => line.kind === 'state');
    if (state?.kind === 'state' && state.drive) this.drives.set(index, state.drive);
    return imapiState(lines);
  }

  async write(index: number, iso: string, _size: number, progress: ProgressFn, signal: AbortSignal): Promise<void> {
    progress('loading', 0);
    let finalizing = false;
    const lines = await powershell(imapiArguments('burn', index, iso), (line) => {
      if (line.kind !== 'progress' || finalizing) return;
      if (line.stage === 'writing') progress('writing', line.percent);
      else {
        finalizing = true;
        progress('finalizing', 0);
      }
    }, signal);
    const error = lines.find((line) => line.kind === 'error');
    if (error?.kind === 'error') throw new BurnFailure(error.message, error.hr);
    if (!lines.some((line) => line.kind === 'done')) throw new BurnFailure('The burn ended without a result from IMAPI2.');
  }

  async readBack(index: number, size: number): Promise<NodeJS.ReadableStream> {
    const drive = this.drives.get(index);
    if (!drive) throw new BurnFailure('The burned disc has no drive letter to read it back from.');
    // The raw volume (\\.\E:): reads of whole 2048-byte sectors, which 64 KB chunks of an ISO always are.
    return fs.createReadStream(`\\\\.\\${drive.replace(/\\$/, '')}`, { start: 0, end: Math.max(0, size - 1) });
  }
}
