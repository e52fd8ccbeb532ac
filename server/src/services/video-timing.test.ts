import assert from 'node:assert/strict';
import { CROSSFADE_SECONDS } from '../../../common/timing.ts';
import { planInput, planSlide } from '../render/plan/examples.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS } from '../render/plan/types.ts';
import { playingSongs, videoTiming, type TimingSlideRow, type TimingSongRow } from './video-timing.ts';

const photo = (values: Partial<TimingSlideRow> = {}): TimingSlideRow => ({
  is_video: false, user_set_slide_time: false, slide_time: null, clip_start: null, clip_end: null, clip_duration: null, ...values,
});
const clip = (values: Partial<TimingSlideRow>): TimingSlideRow => photo({ is_video: true, ...values });
const song = (length: number, values: Partial<TimingSongRow> = {}): TimingSongRow => ({
  file_path: 'songs/a.m4a', song_length: length, trim_start: 0, trim_end: 0, crossfade: false, ...values,
});
const automatic = { automatic_timing: true, slide_time: 9, repeat_music: false };
const fixed = (seconds: number) => ({ ...automatic, automatic_timing: false, slide_time: seconds });
const theme = { introLength: 6, outroLength: 5 };

describe('videoTiming', () => {
  it('fits the photos to the music after the intro, outro, clips and custom times', () => {
    const slides = [photo(), clip({ clip_start: 2, clip_end: 12 }), photo({ user_set_slide_time: true, slide_time: 7 }), photo(), clip({ clip_duration: 8 })];
    const timing = videoTiming(automatic, slides, [song(60), song(40, { crossfade: true, trim_start: 3, trim_end: 1 })], theme);
    const music = 60 + (40 - 3 - 1) - CROSSFADE_SECONDS;
    assert.equal(timing.music, music);
    assert.equal(timing.slide, (music - 11 - 10 - 7 - 8) / 2);
    assert.deepEqual(timing.slideTimes, [timing.slide, 10, 7, timing.slide, 8]);
    assert.ok(Math.abs(timing.video - music) < 1e-9);
  });

  it('adds nothing for a song whose audio is still being made, not even its crossfade', () => {
    const waiting = song(0, { file_path: null, crossfade: true });
    const timing = videoTiming(automatic, [photo(), photo()], [song(50), waiting], theme);
    assert.equal(timing.music, 50);
    assert.deepEqual(playingSongs([song(50), waiting, song(30, { file_path: null })]), [song(50)]);
  });

  it('never lets a negative trim lengthen a song', () => {
    assert.equal(videoTiming(automatic, [photo()], [song(30, { trim_start: -5, trim_end: -2 })], theme).music, 30);
  });

  it('gives custom seconds per slide to photos and text slides, clips keep their trimmed length', () => {
    const timing = videoTiming(fixed(4), [photo(), photo(), clip({ clip_start: 1, clip_end: 3.5 })], [], theme);
    assert.deepEqual(timing.slideTimes, [4, 4, 2.5]);
    assert.equal(timing.video, 6 + 4 + 4 + 2.5 + 5);
  });

  it('is the length of the timeline the engine plans from its slide times, transitions and all', () => {
    const rows = [photo(), photo({ user_set_slide_time: true, slide_time: 4.3 }), photo(), clip({ clip_start: 0.5, clip_end: 3.2 }), photo()];
    const timing = videoTiming(automatic, rows, [song(41.7), song(13.1, { crossfade: true })], { introLength: 2, outroLength: 2 });
    const slides = timing.slideTimes.map((time, i) => planSlide(i + 1, { time }));
    const timeline = buildTimeline(planInput({ slides }));
    assert.ok(timeline.segments.some((s) => s.transition !== null), 'the plan overlaps its slides with transitions');
    assert.ok(Math.abs(timeline.duration - timing.video) <= 0.5 / FPS, `planned ${timeline.duration} s, timing ${timing.video} s`);
  });
});
