import { CROSSFADE_SECONDS, songPlayLength } from '../../../../common/timing.ts';
import type { AudioPlan, ClipSound, Duck, MusicPiece, PlanSong } from './types.ts';

/** The music's fade at the very end of the video, seconds (shorter for very short videos). */
export const END_FADE_SECONDS = 3;
/** Ducking ramps, seconds: the music dips just before a clip's sound and comes back just after. */
export const DUCK_RAMP_SECONDS = 0.5;

/**
 * Songs in order, each from its trimmed start to its trimmed end, a crossfading song starting CROSSFADE_SECONDS
 * before the one before it ends (common/timing.ts has the same rule). With repeat_music the list plays again
 * until the video ends; every piece is cut at the end of the video.
 */
export function placeMusic(songs: PlanSong[], duration: number, repeat: boolean): MusicPiece[] {
  const playable = songs.filter((s) => songPlayLength(s) > 0.05);
  const pieces: MusicPiece[] = [];
  let end = 0;
  for (let i = 0; playable.length && end < duration; i++) {
    const song = playable[i % playable.length];
    if (i >= playable.length && !repeat) break;
    const length = songPlayLength(song);
    const overlap = song.crossfade && pieces.length ? Math.min(CROSSFADE_SECONDS, length / 2, songPlayLength(playable[(i - 1) % playable.length]) / 2) : 0;
    const at = Math.max(0, end - overlap);
    if (at >= duration) break;
    const played = Math.min(length, duration - at);
    if (overlap > 0) pieces[pieces.length - 1].fadeOut = overlap;
    pieces.push({
      songId: song.id,
      file: song.file,
      from: song.trimStart,
      to: song.trimStart + played,
      at,
      volume: song.volume,
      fadeIn: overlap,
      fadeOut: 0,
    });
    end = at + length;
  }
  return pieces;
}

/** Overlapping duck windows merge, keeping the lower level, so the music never bounces between two clips. */
export function mergeDucks(ducks: Duck[]): Duck[] {
  const sorted = [...ducks].filter((d) => d.to > d.from && d.level < 1).sort((a, b) => a.from - b.from);
  const merged: Duck[] = [];
  for (const duck of sorted) {
    const last = merged[merged.length - 1];
    if (last && duck.from <= last.to + 2 * DUCK_RAMP_SECONDS) {
      last.to = Math.max(last.to, duck.to);
      last.level = Math.min(last.level, duck.level);
    } else merged.push({ ...duck });
  }
  return merged;
}

export function planAudio(songs: PlanSong[], repeat: boolean, duration: number, clips: ClipSound[], ducks: Duck[]): AudioPlan {
  return {
    duration,
    music: placeMusic(songs, duration, repeat),
    clips: clips.filter((c) => c.to > c.from && c.volume > 0 && c.at < duration),
    ducks: mergeDucks(ducks),
    fadeOut: Math.min(END_FADE_SECONDS, duration / 3),
  };
}

/** The music's gain at time t: 1, or down to a duck's level with linear ramps around it. */
export function duckGain(ducks: Duck[], t: number): number {
  let gain = 1;
  for (const d of ducks) {
    const into = Math.min(1, Math.max(0, (t - (d.from - DUCK_RAMP_SECONDS)) / DUCK_RAMP_SECONDS));
    const outOf = Math.min(1, Math.max(0, (d.to + DUCK_RAMP_SECONDS - t) / DUCK_RAMP_SECONDS));
    const depth = Math.min(into, outOf);
    gain = Math.min(gain, 1 - (1 - d.level) * depth);
  }
  return gain;
}
