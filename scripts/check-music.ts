import { readFile } from 'node:fs/promises';
import { formatTime } from '../common/time-format.ts';
import { LIBRARY, sharedProgressions, TEST_LIBRARY } from '../server/src/music/catalogue.ts';
import { midiFacts } from '../server/src/music/midi.ts';
import type { TrackSpec } from '../server/src/music/types.ts';
import { audioRepository } from '../server/src/repositories/audio.repository.ts';
import { loudnessRepository } from '../server/src/repositories/loudness.repository.ts';
import { defaultRenderer } from '../server/src/services/stock-song-library.service.ts';
import { LOUDNESS_TARGET, LOUDNESS_TOLERANCE, musicCacheDir, TRUE_PEAK_CEILING } from '../server/src/services/stock-song-render.service.ts';
import { runCli, UserError } from './lib/cli.ts';

/**
 * `npm run check:music`: renders (or takes from the cache) every piece of the full stock library and checks,
 * on the files themselves: loudness -16 LUFS within 1 LU and true peak at most -1 dBTP (ffmpeg ebur128), three
 * or more notes sounding together (from the MIDI), a length of 1 to 4 minutes, and no chord progression shared
 * between two pieces. Prints a table; exits 1 when any piece fails. `--test` checks the short test pieces.
 */

const MIN_SECONDS = 60;
const MAX_SECONDS = 240;

interface Row {
  spec: TrackSpec;
  seconds: number;
  integrated: number;
  truePeak: number;
  maxPolyphony: number;
  voices: number;
  problems: string[];
}

async function check(spec: TrackSpec, lengthLimits: boolean): Promise<Row> {
  const track = await defaultRenderer().render(spec);
  const [reading, seconds, facts] = await Promise.all([
    loudnessRepository().read(track.audioFile),
    audioRepository().decodedSeconds(track.audioFile),
    readFile(track.midiFile).then((bytes) => midiFacts(bytes)),
  ]);
  const problems: string[] = [];
  if (Math.abs(reading.integrated - LOUDNESS_TARGET.integrated) > LOUDNESS_TOLERANCE) problems.push(`loudness ${reading.integrated} LUFS`);
  if (reading.truePeak > TRUE_PEAK_CEILING) problems.push(`true peak ${reading.truePeak} dBTP`);
  if (facts.maxPolyphony < 3) problems.push(`only ${facts.maxPolyphony} notes at once`);
  if (facts.voices < 3) problems.push(`only ${facts.voices} voices`);
  if (seconds === null) problems.push('does not decode');
  else if (lengthLimits && (seconds < MIN_SECONDS || seconds > MAX_SECONDS)) problems.push(`lasts ${seconds.toFixed(1)} s`);
  return { spec, seconds: seconds ?? 0, integrated: reading.integrated, truePeak: reading.truePeak, maxPolyphony: facts.maxPolyphony, voices: facts.voices, problems };
}

function printRow(cells: string[], widths: number[]): void {
  console.log(cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
}

runCli(async () => {
  const testPieces = process.argv.includes('--test');
  const specs = testPieces ? TEST_LIBRARY : LIBRARY;
  console.log(`Checking ${specs.length} pieces (cache: ${musicCacheDir()}); pieces not in the cache are rendered first.\n`);
  const widths = [28, 20, 10, 7, 9, 7, 6, 6, 6, 3];
  printRow(['Title', 'Composer', 'Category', 'Key', 'Tempo', 'Length', 'LUFS', 'dBTP', 'Notes', 'OK'], widths);
  const rows: Row[] = [];
  for (const spec of specs) {
    const row = await check(spec, !testPieces);
    rows.push(row);
    printRow(
      [
        spec.title,
        spec.composer,
        spec.categories[0],
        `${spec.tonic} ${spec.mode === 'major' ? 'maj' : 'min'}`,
        `${spec.tempo} ${spec.meter}`,
        formatTime(row.seconds).slice(0, 5),
        row.integrated.toFixed(1),
        row.truePeak.toFixed(1),
        String(row.maxPolyphony),
        row.problems.length ? 'NO' : 'yes',
      ],
      widths,
    );
  }
  const shared = sharedProgressions([...LIBRARY, ...TEST_LIBRARY]);
  const failed = rows.filter((r) => r.problems.length);
  const categories = new Set(specs.flatMap((s) => s.categories));
  const total = rows.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`\n${rows.length} pieces in ${categories.size} categories, ${formatTime(total).replace(/\.\d+$/, '')} of music.`);
  console.log(shared.length ? `Shared chord progressions:\n  ${shared.join('\n  ')}` : 'Every piece has its own chord progressions.');
  for (const row of failed) console.log(`${row.spec.id}: ${row.problems.join(', ')}`);
  if (failed.length || shared.length) throw new UserError(`${failed.length} pieces failed the check.`);
  console.log('All pieces pass: -16 LUFS within 1 LU, true peak at most -1 dBTP, three or more notes together, 1 to 4 minutes.');
});
