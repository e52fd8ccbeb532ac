import { runTool } from '../repositories/run-tool.ts';

/** A volume label: ISO 9660 allows 32 characters of A-Z, 0-9 and underscore. */
export function volumeLabel(title: string): string {
  const label = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 32);
  return label || 'TRIBUTE';
}

/**
 * The disc image of an authored folder (holding VIDEO_TS and AUDIO_TS): genisoimage's DVD-Video mode writes the UDF
 * bridge set-top players read, with the VIDEO_TS files first and in order (xorriso cannot write that bridge).
 */
export async function makeIso(discDir: string, title: string, output: string, seconds: number): Promise<void> {
  await runTool('genisoimage', ['-quiet', '-dvd-video', '-udf', '-V', volumeLabel(title), '-o', output, discDir], Math.max(120_000, seconds * 1_000));
}
