import assert from 'node:assert/strict';
import {
  clipLength,
  computeTiming,
  DEFAULT_SLIDE_TIME,
  MIN_AUTOMATIC_SLIDE_TIME,
  musicLength,
  NOT_ENOUGH_MUSIC,
  parseSlideTime,
  previewDisabled,
  SLIDE_TIME_ERROR,
  songStarts,
  timingWarnings,
  VERY_FAST_SLIDES,
  VERY_SLOW_SLIDES,
  type TimingInput,
  type TimingSong,
} from './timing.ts';

const song = (length: number, values: Partial<TimingSong> = {}): TimingSong => ({ length, trimStart: 0, trimEnd: 0, crossfade: false, ...values });
const photos = (n: number) => Array.from({ length: n }, () => ({}));
const input = (values: Partial<TimingInput>): TimingInput => ({
  slides: [],
  automatic: true,
  slideTime: DEFAULT_SLIDE_TIME,
  songs: [],
  repeatMusic: false,
  introLength: 0,
  outroLength: 0,
  ...values,
});
const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

describe('timing: music length', () => {
  it('adds the trimmed songs and takes 4 s off for each crossfade after the first song', () => {
    // 200 - 10 - 5 = 185; 180 with crossfade = 176; 120 trimmed to 100, no crossfade = 100.
    const songs = [song(200, { trimStart: 10, trimEnd: 5 }), song(180, { crossfade: true }), song(120, { trimEnd: 20 })];
    close(musicLength(songs), 461);
    assert.deepEqual(songStarts(songs), [0, 181, 361]);
  });

  it('ignores crossfade on the first song', () => {
    close(musicLength([song(90, { crossfade: true }), song(60)]), 150);
  });

  it('never lets a trim make a song count below zero', () => {
    close(musicLength([song(30, { trimStart: 20, trimEnd: 20 }), song(10)]), 10);
  });
});

describe('timing: automatic seconds per slide', () => {
  it('shares the music left after intro, outro, clips and custom slides among the photos', () => {
    // Music 361 s; intro 6 + outro 8; a 15 s clip and a 20 s custom slide; 30 photos share 312 s = 10.4 s each.
    const timing = computeTiming(
      input({
        songs: [song(200, { trimStart: 10, trimEnd: 5 }), song(180, { crossfade: true })],
        slides: [{}, { clipLength: 15 }, { customTime: 20 }, ...photos(29)],
        introLength: 6,
        outroLength: 8,
      }),
    );
    close(timing.music, 361);
    close(timing.slide, 10.4);
    close(timing.video, 361);
    assert.equal(timing.slideTimes.length, 32);
    close(timing.slideTimes[1], 15);
    close(timing.slideTimes[2], 20);
    close(timing.slideTimes[3], 10.4);
    assert.deepEqual(timing.warnings, []);
  });

  it('warns about very fast slides when the music is short for the photos', () => {
    const timing = computeTiming(input({ songs: [song(150)], slides: photos(30) }));
    close(timing.slide, 5);
    close(timing.video, 150);
    assert.deepEqual(timing.warnings, [VERY_FAST_SLIDES]);
  });

  it('warns about very slow slides when there is a lot of music', () => {
    const timing = computeTiming(input({ songs: [song(260)], slides: photos(20) }));
    close(timing.slide, 13);
    assert.deepEqual(timing.warnings, [VERY_SLOW_SLIDES]);
  });

  it('uses 9 s per slide when there is no music, and says the music is missing', () => {
    const timing = computeTiming(input({ slides: photos(10) }));
    assert.equal(timing.slide, DEFAULT_SLIDE_TIME);
    close(timing.video, 90);
    assert.deepEqual(timing.warnings, [NOT_ENOUGH_MUSIC]);
  });

  it('keeps a floor when clips alone are longer than the music', () => {
    const timing = computeTiming(input({ songs: [song(60)], slides: [{}, { clipLength: 70 }, {}] }));
    assert.equal(timing.slide, MIN_AUTOMATIC_SLIDE_TIME);
    close(timing.video, 72);
    assert.deepEqual(timing.warnings, [NOT_ENOUGH_MUSIC, VERY_FAST_SLIDES]);
  });

  it('gives no slide-speed warning when every slide has its own time', () => {
    const timing = computeTiming(input({ songs: [song(30)], slides: [{ customTime: 10 }, { clipLength: 20 }] }));
    close(timing.video, 30);
    assert.deepEqual(timing.warnings, []);
  });
});

describe('timing: custom seconds per slide', () => {
  it('uses the video seconds per slide and warns when the music ends first', () => {
    // 20 photos at 8 s + intro 5 + outro 5 = 170 s; music 120 + 60 - 4 = 176 s: enough.
    const songs = [song(120), song(60, { crossfade: true })];
    const enough = computeTiming(input({ automatic: false, slideTime: 8, songs, slides: photos(20), introLength: 5, outroLength: 5 }));
    close(enough.video, 170);
    close(enough.music, 176);
    assert.deepEqual(enough.warnings, []);
    // 22 photos: 186 s of video, 10 s more than the music.
    const short = computeTiming(input({ automatic: false, slideTime: 8, songs, slides: photos(22), introLength: 5, outroLength: 5 }));
    close(short.video, 186);
    assert.deepEqual(short.warnings, [NOT_ENOUGH_MUSIC]);
  });

  it('does not warn about missing music when the music repeats', () => {
    const timing = computeTiming(input({ automatic: false, slideTime: 5, songs: [song(60)], slides: photos(40), repeatMusic: true }));
    close(timing.video, 200);
    assert.deepEqual(timing.warnings, [VERY_FAST_SLIDES]);
  });

  it('allows the 0.1 s float leeway before warning', () => {
    const timing = computeTiming(input({ automatic: false, slideTime: 10, songs: [song(99.95)], slides: photos(10) }));
    assert.deepEqual(timing.warnings, []);
    const over = computeTiming(input({ automatic: false, slideTime: 10, songs: [song(99.85)], slides: photos(10) }));
    assert.deepEqual(over.warnings, [NOT_ENOUGH_MUSIC]);
  });

  it('lets a custom slide time win over the clip length', () => {
    const timing = computeTiming(input({ automatic: false, slideTime: 7, slides: [{}, { clipLength: 12, customTime: 4 }, { clipLength: 12 }] }));
    assert.deepEqual(timing.slideTimes, [7, 4, 12]);
  });
});

describe('timing: clips', () => {
  it('measures a clip from its trim points, else from its whole duration', () => {
    assert.equal(clipLength({ clipStart: 2.5, clipEnd: 10 }), 7.5);
    assert.equal(clipLength({ clipStart: null, clipEnd: null, clipDuration: 14 }), 14);
    assert.equal(clipLength({ clipStart: 3, clipEnd: null, clipDuration: 14 }), 11);
    assert.equal(clipLength({ clipDuration: null }), null);
  });
});

describe('timing: song preview', () => {
  it('is disabled once the songs before it, trimmed and crossfaded, exceed the video', () => {
    // Song 0 plays 100 s, song 1 adds 60 - 4 = 56 s: 156 s before song 2.
    const songs = [song(110, { trimStart: 10 }), song(60, { crossfade: true }), song(90)];
    assert.equal(previewDisabled(songs, 0, 50), false);
    assert.equal(previewDisabled(songs, 1, 100), false);
    assert.equal(previewDisabled(songs, 1, 99), true);
    assert.equal(previewDisabled(songs, 2, 156), false);
    assert.equal(previewDisabled(songs, 2, 155), true);
  });
});

describe('timing: warnings from wire values', () => {
  it('reads {slide, video, music} as the server sends it', () => {
    assert.deepEqual(timingWarnings({ slide: 9, video: 100, music: 80 }, { repeatMusic: false, slideTimeInUse: true }), [NOT_ENOUGH_MUSIC]);
    assert.deepEqual(timingWarnings({ slide: 5.9, video: 100, music: 80 }, { repeatMusic: true, slideTimeInUse: true }), [VERY_FAST_SLIDES]);
    assert.deepEqual(timingWarnings({ slide: 12, video: 100, music: 100 }, { repeatMusic: false, slideTimeInUse: true }), []);
  });
});

describe('timing: seconds per slide field', () => {
  it('takes a number greater than 0', () => {
    assert.deepEqual(parseSlideTime(' 7.5 '), { ok: true, seconds: 7.5 });
    assert.deepEqual(parseSlideTime('.5'), { ok: true, seconds: 0.5 });
    for (const bad of ['0', '-3', '', 'abc', '1e3', '5s']) assert.deepEqual(parseSlideTime(bad), { ok: false, error: SLIDE_TIME_ERROR });
  });
});
