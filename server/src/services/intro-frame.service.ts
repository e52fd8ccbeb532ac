import { readFile } from 'node:fs/promises';
import { HD, type Profile } from '../render/compile/profiles.ts';
import { renderPlan, type RenderPlan } from '../render/compile/render-plan.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS, type PlanInput } from '../render/plan/types.ts';
import type { MediaFileRepository } from '../repositories/media-file.repository.ts';
import type { RenderRepository } from '../repositories/render.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { RenderSegmentService } from './render-segment.service.ts';
import { PLAIN_THEME, type RenderThemeService } from './render-theme.service.ts';

/** The preview is a frame of the finished video's own size. */
export const PREVIEW_PROFILE: Profile = HD;
/** The frame of the intro the preview shows: its titles fade in over the first second, so a moment after that. */
export const PREVIEW_FRAME = Math.round(FPS * 1.5);

/** The parts of the render engine the preview uses: the theme a video would render with, its segments, one frame. */
export interface IntroFrameEngine {
  themes: Pick<RenderThemeService, 'forVideo'>;
  pieces: Pick<RenderSegmentService, 'segment'>;
  ffmpeg: Pick<RenderRepository, 'frame'>;
  files: MediaFileRepository;
}

export interface IntroFrame {
  jpeg: Buffer;
  /** Of the plan it was rendered from: equal hashes, equal pictures. */
  hash: string;
}

const NO_LOOK: PlanInput['look'] = { pools: { transition: [], effect: [], overlay: [], border: [] }, backgroundId: null, captionBackdrop: true };

/** Where a preview frame is kept, by the hash of the one-frame plan it comes from. */
export const previewKey = (hash: string): string => `custom-themes/previews/${hash.slice(0, 2)}/${hash}.jpg`;

/**
 * The plan of one frame of a video's intro: the intro is planned exactly as a render plans it (same length, so
 * the same motion), then cut to the single frame PREVIEW_FRAME of its clock, which the engine renders exactly as
 * that frame of the whole intro. With the intro off there is no intro to show: the preview then draws the same
 * titles on the chosen background (no intro scene), as the editor always did.
 */
export function introFramePlan(
  { theme, art }: Awaited<ReturnType<RenderThemeService['forVideo']>>,
  text: Pick<PlanInput, 'title' | 'subtitle' | 'introText'>,
  profile: Profile = PREVIEW_PROFILE,
): RenderPlan {
  const introOn = theme.introLength > 0;
  const timeline = buildTimeline({
    ...text,
    theme: { ...theme, introLength: introOn ? theme.introLength : PLAIN_THEME.introLength, outroLength: 0 },
    look: NO_LOOK,
    slides: [],
    songs: [],
    repeatMusic: false,
  });
  const intro = timeline.segments[0];
  const at = Math.max(0, Math.min(PREVIEW_FRAME, intro.frames - 1));
  const frame = { ...intro, offset: intro.offset + at, frames: 1, transition: null };
  return renderPlan({ ...timeline, frames: 1, duration: 1 / FPS, segments: [frame] }, profile, introOn ? art : { ...art, introScene: null });
}

/**
 * The engine's preview of a theme: a frame of the intro a video with this theme (and custom theme) would render,
 * made by the render engine's own segment code and kept by plan hash. The custom theme editor and the super
 * drawer's themes page both show it.
 */
export function introFrameService(engine: IntroFrameEngine) {
  /** Previews being rendered, by plan hash: a second request for the same picture waits for the first. */
  const rendering = new Map<string, Promise<Buffer>>();

  /** The preview frame of a plan: from storage when it was made before, else rendered by the engine and kept. */
  async function previewFrame(plan: RenderPlan): Promise<Buffer> {
    const key = previewKey(plan.hash);
    if (await engine.files.size(key)) return readFile(await engine.files.local(key));
    let making = rendering.get(plan.hash);
    if (!making) {
      making = (async () => {
        const segment = await engine.files.local(await engine.pieces.segment(plan, 0));
        await engine.files.writeVia(key, (tmp) => engine.ffmpeg.frame(segment, 0, tmp));
        return readFile(await engine.files.local(key));
      })().finally(() => rendering.delete(plan.hash));
      rendering.set(plan.hash, making);
    }
    return making;
  }

  return {
    async render(theme: Pick<VideoRow, 'theme_id' | 'custom_theme_id'>, text: Pick<PlanInput, 'title' | 'subtitle' | 'introText'>): Promise<IntroFrame> {
      const plan = introFramePlan(await engine.themes.forVideo(theme), text);
      return { jpeg: await previewFrame(plan), hash: plan.hash };
    },
  };
}
