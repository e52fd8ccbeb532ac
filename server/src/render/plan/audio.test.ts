import assert from 'node:assert/strict';
import { duckGain, mergeDucks, placeMusic, planAudio } from './audio.ts';
import type { PlanSong } from './types.ts';

const song = (id: number, length: number, values: Partial<PlanSong> = {}): PlanSong => ({
  id, file: `songs/${id}.m4a`, length, trimStart: 0, trimEnd: 0, volume: 1, crossfade: false, ...values,
});

describe('audio plan', () => {
  it('plays songs one after another with their trims and volumes, cut at the end of the video', () => {
    const pieces = placeMusic([song(1, 30, { trimStart: 5, trimEnd: 5, volume: 0.8 }), song(2, 60)], 50, false);
    assert.deepEqual(pieces.map((p) => [p.songId, p.from, p.to, p.at, p.volume]), [[1, 5, 25, 0, 0.8], [2, 0, 30, 20, 1]]);
  });

  it('overlaps a crossfading song by 4 seconds, fading both ends of the join', () => {
    const pieces = placeMusic([song(1, 20), song(2, 20, { crossfade: true })], 60, false);
    assert.deepEqual(pieces.map((p) => [p.at, p.fadeIn, p.fadeOut]), [[0, 0, 4], [16, 4, 0]]);
  });

  it('repeats the songs until the video ends with repeat_music, and stops after one pass without it', () => {
    assert.deepEqual(placeMusic([song(1, 20), song(2, 10)], 70, true).map((p) => [p.songId, p.at, p.to]), [[1, 0, 20], [2, 20, 10], [1, 30, 20], [2, 50, 10], [1, 60, 10]]);
    assert.equal(placeMusic([song(1, 20), song(2, 10)], 70, false).length, 2);
  });

  it('merges overlapping duck windows at the lower level', () => {
    assert.deepEqual(mergeDucks([{ from: 10, to: 14, level: 0.5 }, { from: 4, to: 8, level: 0.3 }, { from: 7, to: 9, level: 0.2 }]), [
      { from: 4, to: 14, level: 0.2 },
    ]);
  });

  it('ramps the music down before a clip and back up after it', () => {
    const ducks = [{ from: 10, to: 20, level: 0.3 }];
    assert.equal(duckGain(ducks, 5), 1);
    assert.ok(Math.abs(duckGain(ducks, 9.75) - 0.65) < 1e-9);
    assert.ok(Math.abs(duckGain(ducks, 15) - 0.3) < 1e-9);
    assert.equal(duckGain(ducks, 21), 1);
  });

  it('fades the music out at the end of the video', () => {
    assert.equal(planAudio([song(1, 100)], false, 60, [], []).fadeOut, 3);
    assert.equal(planAudio([song(1, 100)], false, 6, [], []).fadeOut, 2);
  });
});
