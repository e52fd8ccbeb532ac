/**
 * Rotation suggestion quality: every photo in the folders given (default: the tests' real photographs) is turned
 * 0, 90, 180 and 270 degrees and saved as a flatbed scanner's software saves it (EXIF Orientation 1, no exposure),
 * then put through the product's path: the trust check of its EXIF orientation, then the analysis (as
 * rotation-ideas.service does). A suggestion is right when it turns the photo back upright.
 * Prints precision (right suggestions / suggestions; goal at least 95 %), recall (right suggestions / turned
 * photos with people, the only ones a suggestion is possible for) and milliseconds per photo.
 * Usage: node --import tsx scripts/bench/smart-rotation.ts [folder...]
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { detect, loadDetector } from '../../server/src/media/face-detect.ts';
import { analysePhoto, hasTrustedOrientation, TURNS } from '../../server/src/media/rotation-analysis.ts';

const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['server/test/fixtures/rotation'];
const files = folders.flatMap((dir) => readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).map((f) => path.join(dir, f)));
await loadDetector();
let suggested = 0, right = 0, turned = 0, ms = 0, runs = 0;
for (const file of files) {
  for (const turn of TURNS) {
    const photo = await sharp(file).rotate(turn).jpeg().withExif({ IFD0: { Make: 'EPSON', Software: 'Epson Scan', Orientation: '1' } }).toBuffer();
    const started = performance.now();
    // A trusted camera orientation gets no suggestion (rotation-ideas.service.ts).
    const verdict = (await hasTrustedOrientation(photo)) ? { angle: null } : await analysePhoto(photo, detect);
    ms += performance.now() - started;
    runs++;
    const wanted = (360 - turn) % 360;
    if (turn !== 0) turned++;
    if (verdict.angle !== null) {
      suggested++;
      if (verdict.angle === wanted) right++;
    }
    console.log(`${path.basename(file)} turned ${turn}: suggested ${verdict.angle ?? '-'} (wanted ${wanted || '-'})`);
  }
}
const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : 'n/a');
console.log(`photos ${files.length} x 4 turns; suggestions ${suggested}, right ${right}`);
console.log(`precision ${pct(right, suggested)} %; recall ${pct(right, turned)} % of all turned photos; ${(ms / runs).toFixed(0)} ms per photo`);
