import { textBackground } from '../../../../common/text-backgrounds.ts';
import { planAudio } from './audio.ts';
import { facesInScene, facesToScene } from './face-framing.ts';
import { planFont, slideFont, TEXT_SLIDE_FONT } from './fonts.ts';
import { BACKGROUND, chooseLook, EFFECT, OVERLAY, themeTransition, TRANSITIONS } from './look.ts';
import { backgroundMotion, FULL, frameRect, motionFor, movesBackground, photoPlacement, FRAME_ASPECT, textFade } from './motion.ts';
import {
  FPS, type Background, type Caption, type ClipSound, type Duck, type PlanInput, type PlanSlide, type Segment, type TextLine,
  type Timeline, type TransitionName, type Visual,
} from './types.ts';

/** Intro and outro sizes, pixels of the 720-line frame. */
const TITLE_SIZE = 64;
const SUBTITLE_SIZE = 36;
const INTRO_TEXT_SIZE = 30;
const OUTRO_TITLE_SIZE = 48;
/** The intro and outro scenes drift slowly so the opening never looks frozen. */
const SCENE_DRIFT = 1.06;

interface Item {
  seconds: number;
  /** Its visual over `span` frames, the first `lead` of them under its incoming transition. */
  visual: (span: number, lead: number) => Visual;
  /** The transition into this item (none for the first). */
  transitionId: number;
}

function photoBackground(input: PlanInput): Background {
  const id = input.look.backgroundId ?? input.theme.defaults.backgroundId;
  if (id === BACKGROUND.blur) return { kind: 'blur' };
  if (id === BACKGROUND.black) return { kind: 'colour', colour: '#000000' };
  if (id === BACKGROUND.white) return { kind: 'colour', colour: '#ffffff' };
  return { kind: 'theme' };
}

function captionOf(input: PlanInput, slide: PlanSlide): Caption | null {
  const text = slide.caption.trim();
  if (!text) return null;
  const { colours, fonts } = input.theme;
  return {
    text,
    font: planFont(slideFont(slide.font, fonts.caption)),
    size: slide.fontSize,
    position: slide.captionPosition,
    colour: colours.captionText,
    backdrop: slide.captionBackdrop && input.look.captionBackdrop ? colours.captionBackdrop : null,
  };
}

function slideVisual(input: PlanInput, slide: PlanSlide, span: number, lead: number): Visual {
  const base = {
    slideId: slide.id,
    version: slide.version,
    aspect: slide.aspect,
    span,
    themeKey: input.theme.key,
    lines: [] as TextLine[],
    textFade: null,
    clip: null,
  };
  if (slide.kind === 'text') {
    const look = textBackground(slide.textBackground);
    const font = planFont(slideFont(slide.font, TEXT_SLIDE_FONT));
    const lines = slide.caption.trim() ? [{ text: slide.caption.trim(), font, size: slide.fontSize, colour: look.textColour }] : [];
    // The words stand still over a gently moving background, so the slide never looks like a stalled video.
    return {
      ...base,
      kind: 'text',
      aspect: FRAME_ASPECT,
      background: look.colour ? { kind: 'colour', colour: look.colour } : { kind: 'theme' },
      borderId: 1,
      overlayId: 1,
      caption: null,
      lines,
      textFade: textFade(lines.length, span, lead),
      motion: backgroundMotion(slide.id, chooseLook(input, slide, 'effect', movesBackground)),
    };
  }
  const overlayId = chooseLook(input, slide, 'overlay');
  if (slide.kind === 'clip') {
    return {
      ...base,
      kind: 'clip',
      background: photoBackground(input),
      borderId: 1,
      overlayId,
      caption: captionOf(input, slide),
      motion: null,
      clip: slide.clip ? { start: slide.clip.start, end: slide.clip.end } : null,
    };
  }
  const custom = slide.effectId === EFFECT.custom && slide.kenburns !== null;
  const borderId = chooseLook(input, slide, 'border');
  const effectId = custom ? EFFECT.custom : chooseLook(input, slide, 'effect', (id) => id !== EFFECT.custom);
  const automatic = !custom && !(slide.userSet.effect && slide.effectId > 0);
  const placement = photoPlacement(slide.aspect, borderId);
  // Only an automatic move is framed around faces; the plan records the boxes it used.
  const faces = automatic ? facesInScene(facesToScene(slide.faces ?? [], placement)) : [];
  const motion = motionFor({ slideId: slide.id, effectId, automatic, placement, kenburns: slide.kenburns, faces });
  return {
    ...base,
    kind: 'photo',
    background: photoBackground(input),
    borderId,
    overlayId,
    caption: captionOf(input, slide),
    motion,
    ...(motion && faces.length ? { faces } : {}),
  };
}

function sceneVisual(input: PlanInput, kind: 'intro' | 'outro', span: number, lead: number): Visual {
  const { fonts, colours, key } = input.theme;
  const line = (text: string, font: typeof fonts.title, size: number, colour: string): TextLine[] =>
    text.trim() ? [{ text: text.trim(), font: planFont(font), size, colour }] : [];
  const lines =
    kind === 'intro'
      ? [
          ...line(input.title, fonts.title, TITLE_SIZE, colours.title),
          ...line(input.subtitle, fonts.body, SUBTITLE_SIZE, colours.text),
          ...line(input.introText, fonts.body, INTRO_TEXT_SIZE, colours.text),
        ]
      : line(input.title, fonts.title, OUTRO_TITLE_SIZE, colours.title);
  const drift = frameRect(0.5, 0.5, 1 / SCENE_DRIFT);
  return {
    kind,
    slideId: null,
    version: null,
    aspect: FRAME_ASPECT,
    background: { kind: 'theme' },
    borderId: 1,
    overlayId: OVERLAY.none,
    caption: null,
    lines,
    textFade: textFade(lines.length, span, lead),
    motion: kind === 'intro' ? { from: FULL, to: drift } : { from: drift, to: FULL },
    span,
    clip: null,
    themeKey: key,
  };
}

/** Cumulative rounding: every boundary is the nearest frame to its planned second, so the total is exact. */
function frameBoundaries(seconds: number[]): number[] {
  const bounds = [0];
  let total = 0;
  for (const s of seconds) {
    total += Math.max(0, s);
    bounds.push(Math.round(total * FPS));
  }
  return bounds;
}

/**
 * Slides, songs, timing, theme and look -> a timeline. Each item (intro, slides, outro) fills its own frames; the
 * transition into an item takes the last frames of the item before it, during which the new item's picture
 * already runs, so its motion is continuous across the join. The cover photo enters with the theme's transition.
 */
export function buildTimeline(input: PlanInput): Timeline {
  const items: Item[] = [];
  const { theme } = input;
  if (theme.introLength > 0) items.push({ seconds: theme.introLength, visual: (span, lead) => sceneVisual(input, 'intro', span, lead), transitionId: 0 });
  input.slides.forEach((slide, i) => {
    const transitionId = i === 0 ? themeTransition(input) : chooseLook(input, slide, 'transition', (id) => id in TRANSITIONS);
    items.push({ seconds: slide.time, visual: (span, lead) => slideVisual(input, slide, span, lead), transitionId });
  });
  if (theme.outroLength > 0) items.push({ seconds: theme.outroLength, visual: (span, lead) => sceneVisual(input, 'outro', span, lead), transitionId: themeTransition(input) });

  const bounds = frameBoundaries(items.map((item) => item.seconds));
  const frames = items.map((_, i) => bounds[i + 1] - bounds[i]);
  const wanted = Math.round(Math.max(0, theme.transitionLength) * FPS);
  const incoming = items.map((item, i) => {
    const name = TRANSITIONS[item.transitionId];
    if (i === 0 || !name || name === 'cut') return { name: null, frames: 0 };
    return { name: name as TransitionName, frames: Math.min(wanted, Math.floor(frames[i - 1] / 2), Math.floor(frames[i] / 2)) };
  });
  const visuals = items.map((item, i) => item.visual(incoming[i].frames + frames[i], incoming[i].frames));

  const segments: Segment[] = [];
  const clips: ClipSound[] = [];
  const ducks: Duck[] = [];
  items.forEach((_, i) => {
    if (frames[i] <= 0) return;
    const into = incoming[i + 1];
    segments.push({
      index: segments.length,
      start: bounds[i],
      frames: frames[i],
      visual: visuals[i],
      offset: incoming[i].frames,
      transition: into && into.name && into.frames > 0 ? { name: into.name, frames: into.frames, next: visuals[i + 1] } : null,
    });
  });
  input.slides.forEach((slide) => {
    const i = items.findIndex((_, k) => visuals[k].slideId === slide.id && visuals[k].kind === 'clip');
    if (i < 0 || !slide.clip) return;
    const at = (bounds[i] - incoming[i].frames) / FPS;
    const length = Math.min(slide.clip.end - slide.clip.start, visuals[i].span / FPS);
    if (slide.clip.duckVolume < 1) ducks.push({ from: at, to: at + length, level: slide.clip.duckVolume });
    if (slide.clip.hasAudio) clips.push({ slideId: slide.id, version: slide.version, from: slide.clip.start, to: slide.clip.start + length, at, volume: slide.clip.volume });
  });

  const total = bounds[bounds.length - 1];
  return { fps: FPS, frames: total, duration: total / FPS, segments, audio: planAudio(input.songs, input.repeatMusic, total / FPS, clips, ducks) };
}
