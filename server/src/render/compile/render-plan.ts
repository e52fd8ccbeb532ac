import { createHash } from 'node:crypto';
import type { AudioPlan, Segment, Timeline } from '../plan/types.ts';
import type { Profile } from './profiles.ts';

/** Bump whenever the same plan should give different pixels or sound: every cached segment is then made anew. */
export const ENGINE_VERSION = 'render-4';

/** Storage keys of the theme pictures a render uses, and the colour used when a picture is missing. */
export interface ThemeArt {
  background: string | null;
  introScene: string | null;
  outroScene: string | null;
  colour: string;
}

/** What workers render: the timeline, the theme's pictures, and the hashes naming every piece. */
export interface RenderPlan {
  engine: string;
  profile: Profile['name'];
  timeline: Timeline;
  art: ThemeArt;
  /** One per segment, in order: the cache key of its file. */
  hashes: string[];
  audioHash: string;
  /** Of everything above: equal hashes make the same video. */
  hash: string;
  /**
   * An HD plan whose segments also make the NTSC DVD's pieces (dvd-pieces.ts), for a video whose organization's
   * discs are NTSC. Not in the hash: the video is the same; a disc of another standard is made from the HD file.
   */
  dvd?: 'ntsc';
}

const sha = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A segment's pixels depend on its visuals, their clock, its transition, the profile and the art: not on its place. */
export function segmentHash(segment: Segment, profile: Profile, art: ThemeArt): string {
  const { index: _index, start: _start, ...pixels } = segment;
  return sha([ENGINE_VERSION, profile.name, profile.width, profile.height, art, pixels]);
}

export function audioHash(audio: AudioPlan, profile: Profile): string {
  return sha([ENGINE_VERSION, 'audio', profile.name, profile.audioBitrate, audio]);
}

/**
 * The timeline as it is made: an item that ends in a transition is made as two segments, its frames before the
 * transition and the transition itself (tail). The first then no longer depends on the next visual, so an edit to
 * one slide makes again that slide and the two transitions that show it, not the whole item before it too. Each
 * piece draws its visual from its own offset on the visual's clock, so the two join without a seam. A clip stays
 * whole: a piece that starts after the clip's last frame would have no picture to hold (the chain holds the last
 * frame it read).
 */
export function splitAtTransitions(timeline: Timeline): Timeline {
  const segments: Segment[] = [];
  for (const segment of timeline.segments) {
    const t = segment.transition?.frames ?? 0;
    if (!segment.transition || segment.tail || segment.frames <= t || segment.visual.kind === 'clip') {
      segments.push({ ...segment, index: segments.length });
      continue;
    }
    segments.push({ ...segment, index: segments.length, frames: segment.frames - t, transition: null });
    segments.push({ ...segment, index: segments.length, start: segment.start + segment.frames - t, offset: segment.offset + segment.frames - t, frames: t, tail: true });
  }
  return { ...timeline, segments };
}

export function renderPlan(whole: Timeline, profile: Profile, art: ThemeArt): RenderPlan {
  const timeline = splitAtTransitions(whole);
  const hashes = timeline.segments.map((s) => segmentHash(s, profile, art));
  const audio = audioHash(timeline.audio, profile);
  return { engine: ENGINE_VERSION, profile: profile.name, timeline, art, hashes, audioHash: audio, hash: sha([ENGINE_VERSION, profile.name, hashes, audio]) };
}

/** Where a cached segment lives in storage: shared by every render and every worker. */
export const segmentKey = (profile: Profile['name'] | 'hd-web', hash: string): string => `render-cache/${profile}/${hash.slice(0, 2)}/${hash}.mp4`;
/** The web video's piece of an HD segment: made with it, cached beside it under its own hash. */
export const webSegmentHash = (hash: string): string => sha(['web', hash]);
export const webSegmentKey = (hash: string): string => segmentKey('hd-web', webSegmentHash(hash));
export const webAudioKey = (hash: string): string => `render-cache/hd-web/audio/${hash}.m4a`;
export const audioKey = (profile: Profile['name'], hash: string): string => `render-cache/${profile}/audio/${hash}.m4a`;
