/**
 * What the planner reads (a video's slides, songs, timing, theme and look, already loaded) and what it makes:
 * a timeline of segments in whole frames plus an audio plan. Everything here is plain data, so a timeline can
 * be stored as JSON, hashed, and rendered by any worker.
 */

/** Every video renders at a constant 30 frames per second. */
export const FPS = 30;

/** Crop space of CONVENTIONS.md: 0..32000 on each axis of the edited photo. */
export interface CropRect {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/**
 * A rectangle of the 16:9 scene in scene units: x and w are fractions of its width, y and h of its height, so a
 * rectangle with the frame's own shape has w === h.
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type LookKind = 'transition' | 'effect' | 'overlay' | 'border';

/** The slide fields planning reads, in our words. */
export interface PlanSlide {
  id: number;
  kind: 'photo' | 'text' | 'clip';
  /** Identity of the pixels: the photo's edit version, or the clip's source hash. */
  version: string;
  /** Shape of the edited photo or the upright clip (width / height); 16:9 when unknown. */
  aspect: number;
  caption: string;
  /** A FONTS key (themes/fonts.ts) or a spec font file name ('Gentium-Basic-Italic.ttf'); null: the theme's. */
  font: string | null;
  /** Pixels of the 720-line frame. */
  fontSize: number;
  captionPosition: 'top' | 'bottom';
  captionBackdrop: boolean;
  /** Text slides: the Text Background value (common/text-backgrounds.ts). */
  textBackground: number | null;
  effectId: number;
  overlayId: number;
  borderId: number;
  transitionId: number;
  userSet: Record<LookKind, boolean>;
  kenburns: [CropRect, CropRect] | null;
  /** Faces detected on a photo, as fractions of the edited photo (x, y, w, h): automatic motion keeps them whole. */
  faces?: Rect[];
  /** Seconds from the timing module (common/timing.ts). */
  time: number;
  clip: PlanClip | null;
}

export interface PlanClip {
  /** Seconds into the source. */
  start: number;
  end: number;
  /** 0..2 (the percentages of CONVENTIONS divided by 100). */
  volume: number;
  duckVolume: number;
  hasAudio: boolean;
}

export interface PlanSong {
  id: number;
  /** Storage key of the audio file. */
  file: string;
  length: number;
  trimStart: number;
  trimEnd: number;
  /** 0..2 */
  volume: number;
  crossfade: boolean;
}

/** The theme fields the engine uses (a ThemeDesign fits). */
export interface PlanTheme {
  id: number;
  /** Changes whenever the theme's design or art changes: part of every hash that uses the theme. */
  key: string;
  fonts: { title: PlanFont; body: PlanFont; caption: PlanFont };
  colours: { title: string; text: string; captionText: string; captionBackdrop: string; background: string };
  defaults: { transitionIds: number[]; effectIds: number[]; overlayId: number; borderId: number; backgroundId: number };
  introLength: number;
  outroLength: number;
  transitionLength: number;
}

export interface PlanFont {
  file: string;
  family: string;
  weight?: number;
  style?: 'normal' | 'italic';
}

export interface PlanInput {
  title: string;
  subtitle: string;
  introText: string;
  theme: PlanTheme;
  /** The video's Customize Look choice: ids selected per kind (empty: the theme's defaults), and its background. */
  look: { pools: Record<LookKind, number[]>; backgroundId: number | null; captionBackdrop: boolean };
  slides: PlanSlide[];
  songs: PlanSong[];
  repeatMusic: boolean;
}

export type Background = { kind: 'theme' } | { kind: 'blur' } | { kind: 'colour'; colour: string };

export interface Caption {
  text: string;
  font: PlanFont;
  size: number;
  position: 'top' | 'bottom';
  colour: string;
  /** Null: no backdrop (the text gets a soft shadow instead). */
  backdrop: string | null;
}

export interface Motion {
  from: Rect;
  to: Rect;
}

/** One picture of the timeline over its whole visible time (its incoming transition and its own time). */
export interface Visual {
  kind: 'photo' | 'text' | 'clip' | 'intro' | 'outro';
  slideId: number | null;
  version: string | null;
  aspect: number;
  background: Background;
  borderId: number;
  overlayId: number;
  caption: Caption | null;
  /** Text slides, and the intro and outro titles. */
  lines: TextLine[];
  /** How the lines appear: they fade in over `frames` from frame `start` of the visual's clock. Null: at once. */
  textFade: { start: number; frames: number } | null;
  motion: Motion | null;
  /**
   * The face boxes (scene units) an automatic move was framed around; absent when none were used, so a photo
   * without faces keeps its segment hash.
   */
  faces?: Rect[];
  /** Frames from the start of its incoming transition to the end of its own time. */
  span: number;
  clip: { start: number; end: number } | null;
  themeKey: string;
}

export interface TextLine {
  text: string;
  font: PlanFont;
  size: number;
  colour: string;
}

export type TransitionName =
  | 'fade' | 'fadeblack' | 'fadewhite' | 'wipeleft' | 'wiperight' | 'wipeup' | 'wipedown' | 'slideleft' | 'slideright'
  | 'circleopen' | 'fadeslow' | 'zoomin';

export interface Segment {
  index: number;
  /** First frame of the video this segment fills. */
  start: number;
  frames: number;
  visual: Visual;
  /** Frames of the visual shown before this segment (its incoming transition, in the segment before). */
  offset: number;
  /** How this segment ends: its last `frames` blend into the next visual's first frames. */
  transition: { name: TransitionName; frames: number; next: Visual } | null;
  /** Only the transition: the last frames of an item, made apart from the rest of it (splitAtTransitions). */
  tail?: true;
}

/** The segments that begin an item (intro, slide, outro): a tail is the end of the item before it. */
export const itemSegments = (timeline: Pick<Timeline, 'segments'>): Segment[] => timeline.segments.filter((s) => !s.tail);

export interface MusicPiece {
  songId: number;
  file: string;
  /** Seconds of the source. */
  from: number;
  to: number;
  /** Seconds of the video where it starts. */
  at: number;
  volume: number;
  fadeIn: number;
  fadeOut: number;
}

export interface ClipSound {
  slideId: number;
  version: string;
  from: number;
  to: number;
  at: number;
  volume: number;
}

/** The music is turned down to `level` between `from` and `to` (seconds of the video), with short ramps. */
export interface Duck {
  from: number;
  to: number;
  level: number;
}

export interface AudioPlan {
  duration: number;
  music: MusicPiece[];
  clips: ClipSound[];
  ducks: Duck[];
  /** Seconds of the music's fade at the very end. */
  fadeOut: number;
}

export interface Timeline {
  fps: number;
  frames: number;
  /** Seconds: frames / fps. */
  duration: number;
  segments: Segment[];
  audio: AudioPlan;
}
