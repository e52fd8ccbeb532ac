import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTool } from '../../repositories/run-tool.ts';
import { boxes } from './fmp4.ts';
import { joinMp4, JoinUnsupported } from './mp4-join.ts';
import { HD } from './profiles.ts';

const FFMPEG = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const ffmpeg = (args: string[]) => runTool('ffmpeg', [...FFMPEG, ...args], 60_000);

/** One stream's packets (or every stream's) as ffprobe reports them, in file order. */
async function packets(file: string, stream: number | 'all', entries = 'pts,dts,duration,flags'): Promise<string[]> {
  const select = stream === 'all' ? [] : ['-select_streams', String(stream)];
  const { stdout } = await runTool('ffprobe', ['-v', 'error', ...select, '-show_entries', `packet=${entries}`, '-of', 'csv', file], 60_000);
  return stdout.trim().split('\n');
}

/** One stream's decoded pictures or sound, as checksums in order. */
async function decoded(file: string, stream: number): Promise<string[]> {
  const { stdout } = await runTool('ffmpeg', [...FFMPEG, '-i', file, '-map', `0:${stream}`, '-f', 'framemd5', '-'], 60_000);
  return stdout.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(',').at(-1)!.trim());
}

/**
 * The joined picture is each segment's packets as they are, placed one after the other to the tick (ffmpeg's concat
 * rounds each segment's length to microseconds and drifts by a few ticks, and repeats the picture parameters
 * before each key frame), and decodes to what ffmpeg's concat decodes to; the sound is the sound file's.
 */
async function assertJoinedLike(joined: string, reference: string, sound: string | null): Promise<void> {
  const expected: string[] = [];
  let offset = 0;
  for (const file of segments) {
    for (const line of await packets(file, 0, 'pts,dts,duration,size,flags')) {
      const [, pts, dts, duration, size, flags] = line.split(',');
      expected.push(['packet', Number(pts) + offset, Number(dts) + offset, duration, size, flags].join(','));
    }
    offset += (await packets(file, 0, 'duration')).reduce((sum, l) => sum + Number(l.split(',')[1]), 0);
  }
  assert.deepEqual(await packets(joined, 0, 'pts,dts,duration,size,flags'), expected);
  assert.deepEqual(await decoded(joined, 0), await decoded(reference, 0));
  if (sound) {
    assert.deepEqual(await packets(joined, 1, 'pts,dts,duration,size'), await packets(sound, 0, 'pts,dts,duration,size'));
    assert.deepEqual(await decoded(joined, 1), await decoded(reference, 1));
  }
}

const segments: string[] = [];

describe('MP4 join by copying samples', function () {
  this.timeout(60_000);
  let dir: string;
  let sound: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mp4-join-'));
    // Segments as the engine encodes them (B-frames, so composition offsets and an edit), of uneven lengths.
    for (const [i, frames] of [37, 60, 23].entries()) {
      const file = path.join(dir, `s${i}.mp4`);
      await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=320x180:r=30,hue=h=${i * 90}`, '-frames:v', String(frames), ...HD.video, ...HD.container, file]);
      segments.push(file);
    }
    sound = path.join(dir, 'sound.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=440:d=4:r=48000', '-ac', '2', '-c:a', 'aac', '-b:a', '192k', '-f', 'mp4', sound]);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  async function concat(files: string[], audio: string | null, output: string): Promise<void> {
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, files.map((f) => `file '${f}'`).join('\n'));
    await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, ...(audio ? ['-i', audio, '-map', '0:v:0', '-map', '1:a:0'] : []), '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', output]);
  }

  it('places the segments’ packets end to end, decoding as ffmpeg’s concat does, with the sound, the index first and the tracks interleaved', async () => {
    const joined = path.join(dir, 'joined.mp4');
    const reference = path.join(dir, 'reference.mp4');
    await joinMp4(segments, sound, joined);
    await concat(segments, sound, reference);
    await assertJoinedLike(joined, reference, sound);
    const top = boxes(readFileSync(joined)).map((b) => b.type);
    assert.deepEqual(top, ['ftyp', 'moov', 'mdat']);
    // Interleaved: the stream's packets come in (about) time order, not all the picture and then all the sound.
    const order = (await packets(joined, 'all', 'stream_index')).map((l) => l.split(',')[1]);
    const firstSound = order.indexOf('1');
    assert.ok(firstSound > 0 && firstSound < order.lastIndexOf('0'), 'sound chunks sit among the picture chunks');
    const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,duration', '-of', 'json', joined], 60_000);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; duration: string }[] };
    assert.ok(Math.abs(Number(probe.streams[0].duration) - 120 / 30) < 1e-3, probe.streams[0].duration);
    assert.ok(Math.abs(Number(probe.format.duration) - 4) < 0.03, probe.format.duration);
  });

  it('joins silent clips', async () => {
    const joined = path.join(dir, 'silent.mp4');
    const reference = path.join(dir, 'silent-reference.mp4');
    await joinMp4(segments, null, joined);
    await concat(segments, null, reference);
    await assertJoinedLike(joined, reference, null);
  });

  it('refuses, writing nothing, a segment encoded differently from the first', async () => {
    const odd = path.join(dir, 'odd.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=30', '-frames:v', '10', ...HD.video, ...HD.container, odd]);
    const joined = path.join(dir, 'refused.mp4');
    await assert.rejects(joinMp4([...segments, odd], sound, joined), (err: unknown) => err instanceof JoinUnsupported && /Segment 3 was encoded differently/.test(err.message));
    assert.equal(existsSync(joined), false);
    await assert.rejects(joinMp4([segments[0], sound], null, joined), JoinUnsupported);
  });
});
