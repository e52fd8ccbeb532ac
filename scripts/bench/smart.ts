/**
 * Issue 15's measured quality in one run: the duplicate, rotation and framing benches on the same photographs,
 * each figure printed beside its goal. The duplicate bench runs first (in this process) and leaves its originals as
 * JPEGs in its cache folder: the demo's sample photos and scikit-image's photographs when present (see
 * smart-duplicates.ts). The rotation and framing benches are then started on those originals (or, without
 * scikit-image, also on the tests' small photographs, the only ones with people then), each in its own process,
 * as each loads the face detector.
 * scikit-image's photographs come from the Debian package python3-skimage, which this bench installs first
 * (scripts/system-deps.sh --with-bench) where it can; without it the set is smaller and says so.
 * Usage: node --import tsx scripts/bench/smart.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/src/config.ts';
import { duplicatesBench, hasSkimage, ORIGINALS_DIR } from './smart-duplicates.ts';

/** Runs a bench script, echoing its lines indented; answers its output. */
function run(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/bench', script), ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '    '));
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}`))));
  });
}

const number = (text: string, pattern: RegExp): number | null => {
  const m = pattern.exec(text);
  return m && m[1] !== 'n/a' ? Number(m[1]) : null;
};
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

const deps = spawnSync('bash', [path.join(projectRoot, 'scripts/system-deps.sh'), '--with-bench'], { stdio: 'inherit' });
if (deps.status !== 0) console.log('(python3-skimage is not installed: the set has no scikit-image photographs)');

const started = performance.now();
console.log('duplicates:');
const dup = await duplicatesBench([], (line) => console.log(`    ${line}`));
const folders = [ORIGINALS_DIR, ...(hasSkimage() ? [] : [path.join(projectRoot, 'server/test/fixtures/rotation')])];
console.log(`rotation (${folders.join(', ')}):`);
const rotation = await run('smart-rotation.ts', folders);
console.log(`framing (${folders.join(', ')}):`);
const framing = await run('smart-framing.ts', folders);

const precision = number(rotation, /precision ([\d.]+|n\/a) %/);
const recall = number(rotation, /recall ([\d.]+|n\/a) %/);
const msPerPhoto = number(rotation, /([\d.]+) ms per photo/);
const suggestions = /suggestions (\d+), right (\d+)/.exec(rotation);
// Recall where a suggestion is possible: the photos whose upright version shows a face to the framing bench.
const withFaces = new Set([...framing.matchAll(/^(\S+) whole photo: \d+ face/gm)].map((m) => m[1]));
const turnedWithFaces = [...rotation.matchAll(/^(\S+) turned (\d+): suggested (\S+) \(wanted (\S+)\)/gm)].filter((m) => m[2] !== '0' && withFaces.has(m[1]));
const rightWithFaces = turnedWithFaces.filter((m) => m[3] === m[4]).length;
const whole = number(framing, /every detected face fully visible: ([\d.]+|n\/a) %/);
const framed = /photos with faces (\d+), frames (\d+)/.exec(framing);

console.log(`\nissue 15 figures (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${os.cpus().length} cores, ${((performance.now() - started) / 1000).toFixed(0)} s):`);
console.log(`  rotation precision ${precision ?? 'n/a'} % (${suggestions?.[2] ?? '?'} right of ${suggestions?.[1] ?? '?'} suggestions); goal at least 95 %: ${verdict(precision !== null && precision >= 95)}`);
console.log(`  rotation recall ${recall ?? 'n/a'} % of all turned photos; ${turnedWithFaces.length ? ((100 * rightWithFaces) / turnedWithFaces.length).toFixed(1) : 'n/a'} % of turned photos with a face (${rightWithFaces} of ${turnedWithFaces.length}; reported, no goal); ${msPerPhoto ?? '?'} ms per photo`);
console.log(`  duplicates: altered copies found ${dup.alteredFound} of ${dup.altered}; goal all: ${verdict(dup.alteredFound === dup.altered)}`);
console.log(`  duplicates: distinct pairs offered ${dup.distinctOffered} of ${dup.distinct}; goal none: ${verdict(dup.distinctOffered === 0)}`);
console.log(`  duplicates: crops of other shapes (not in the set above) found ${dup.otherCropsFound} of ${dup.otherCrops}; reported, no goal`);
console.log(`  duplicates: server check ${dup.msPerPair.toFixed(1)} ms per pair; without the browser's fingerprints in front it finds ${dup.serverAloneCopies} of ${dup.altered} copies and calls ${dup.serverAloneDistinct} distinct pairs the same`);
console.log(`  framing: every face fully visible in ${whole ?? 'n/a'} % of ${framed?.[2] ?? '?'} frames (${framed?.[1] ?? '?'} photos with faces); goal 100 %: ${verdict(whole === 100)}`);
