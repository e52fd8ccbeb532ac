import assert from 'node:assert/strict';
import type { Segment, Timeline } from '../render/plan/types.ts';
import { authorXml, chapterTime } from './author.ts';
import { encodeArgs, progressSeconds } from './encode.ts';
import { AUDIO_KBPS, chapterStarts, DISC_BYTES, dvdHash, dvdPlan, keyframeTimes, MAX_DISC_MINUTES, MAX_VIDEO_KBPS, videoKbps } from './plan.ts';
import { discProblem, parseLsdvd, playingSeconds } from './validate.ts';

/** A timeline of an intro, `slides` slides of `seconds` each and an outro, as the planner lays segments out. */
function timeline(slides: number, seconds = 5): Pick<Timeline, 'segments' | 'fps' | 'duration'> {
  const kinds = ['intro', ...Array.from({ length: slides }, (_, i) => (i % 3 === 2 ? 'text' : i % 5 === 4 ? 'clip' : 'photo')), 'outro'] as const;
  let start = 0;
  const segments = kinds.map((kind, index) => {
    const frames = (kind === 'intro' || kind === 'outro' ? 3 : seconds) * 30;
    const segment = { index, start, frames, visual: { kind } } as unknown as Segment;
    start += frames;
    return segment;
  });
  return { segments, fps: 30, duration: start / 30 };
}

describe('DVD plan', () => {
  it('fills a single-layer disc with the longest video the override allows', () => {
    const seconds = MAX_DISC_MINUTES * 60;
    const bytes = ((videoKbps(seconds) + AUDIO_KBPS) * 1000 * seconds) / 8;
    // The streams plus a few percent of multiplexing stay under the disc; a 5 % larger video rate would not.
    assert.ok(bytes * 1.03 < DISC_BYTES, `${bytes} bytes`);
    assert.ok(((videoKbps(seconds) * 1.05 + AUDIO_KBPS) * 1000 * seconds) / 8 * 1.03 > DISC_BYTES * 0.96);
    assert.ok(videoKbps(seconds) > 4000, 'two hours still get a watchable rate');
  });

  it('caps a short video at the DVD maximum and lowers the rate as videos grow', () => {
    assert.equal(videoKbps(60), MAX_VIDEO_KBPS);
    assert.equal(videoKbps(30 * 60), MAX_VIDEO_KBPS);
    assert.ok(videoKbps(90 * 60) < MAX_VIDEO_KBPS);
    assert.ok(videoKbps(120 * 60) < videoKbps(90 * 60));
  });

  it('starts a chapter at the video start and then at every tenth slide, on the slide boundary', () => {
    const t = timeline(25);
    // Slide 11 starts after the 3 s intro and ten 5 s slides; slide 21 after twenty.
    assert.deepEqual(chapterStarts(t), [0, 53, 103]);
    assert.deepEqual(chapterStarts(timeline(10)), [0]);
    assert.deepEqual(chapterStarts(timeline(11)), [0, 53]);
    assert.deepEqual(dvdPlan(t, 'pal').chapters, [0, 53, 103]);
  });

  it('keeps a keyframe at each chapter with two half-second groups before it', () => {
    assert.deepEqual(keyframeTimes([0, 53, 103.4]), [52, 52.5, 53, 102.4, 102.9, 103.4]);
    assert.deepEqual(keyframeTimes([0]), []);
  });

  it('names a disc by the HD plan and the standard', () => {
    assert.equal(dvdHash('a', 'ntsc'), dvdHash('a', 'ntsc'));
    assert.notEqual(dvdHash('a', 'ntsc'), dvdHash('a', 'pal'));
    assert.notEqual(dvdHash('a', 'ntsc'), dvdHash('b', 'ntsc'));
  });

  it('encodes to the standard with 16:9 anamorphic pictures and AC-3 sound', () => {
    const args = encodeArgs('/hd.mp4', dvdPlan(timeline(12), 'pal'), '/out.mpg').join(' ');
    assert.match(args, /-target pal-dvd/);
    assert.match(args, /scale=720:576:flags=bicubic,colorspace=all=bt601-6-625:iall=bt709:range=tv:fast=1,setsar=64\/45 -aspect 16:9/);
    assert.match(args, /-b:v 8000k/);
    assert.match(args, /-force_key_frames 52,52.5,53 /);
    assert.match(args, /-c:a ac3 -b:a 192k/);
    assert.equal(progressSeconds('out_time_us=1000000\nprogress=continue\nout_time_us=2500000\n'), 2.5);
    assert.equal(progressSeconds(''), null);
  });

  it('authors one title whose chapters are the plan, started by the first-play chain', () => {
    const xml = authorXml(dvdPlan(timeline(12), 'ntsc'), '/tmp/a "b".mpg', '/tmp/disc');
    assert.match(xml, /<fpc>jump title 1;<\/fpc>/);
    assert.match(xml, /chapters="0:00:00.000,0:00:53.000"/);
    assert.match(xml, /file="\/tmp\/a &quot;b&quot;.mpg"/);
    assert.equal(chapterTime(3723.25), '1:02:03.250');
  });

  it('reads lsdvd and refuses a disc that does not match its plan', () => {
    const xml = `<lsdvd><track><ix>1</ix><length>63.000</length><chapter><ix>1</ix><length>53.000</length></chapter><chapter><ix>2</ix><length>10.000</length></chapter></track></lsdvd>`;
    const titles = parseLsdvd(xml);
    assert.deepEqual(titles, [{ length: 63, chapters: [53, 10] }]);
    const plan = { ...dvdPlan(timeline(11), 'ntsc'), duration: 63 };
    assert.equal(discProblem(titles, plan), null);
    assert.match(discProblem(titles, { ...plan, duration: 63.6 }) ?? '', /title of 63.0 s for a video of 63.6 s/);
    assert.match(discProblem(titles, { ...plan, chapters: [0] }) ?? '', /2 chapters instead of the 1 planned/);
    assert.match(discProblem([...titles, ...titles], plan) ?? '', /2 titles/);
  });

  it("reads an NTSC disc's 30-per-second time codes as its 29.97 frames per second play", () => {
    // A ten-minute NTSC video: 18,200 frames, which lsdvd's time codes give as 606.667 s.
    assert.ok(Math.abs(playingSeconds(18200 / 30, 'ntsc') - 18200 / (30000 / 1001)) < 1e-9);
    assert.equal(playingSeconds(606.5, 'pal'), 606.5);
  });
});
