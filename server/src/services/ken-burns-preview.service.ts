import { AppError } from '../http/errors.ts';
import { renderPlan, segmentKey } from '../render/compile/render-plan.ts';
import { PREVIEW } from '../render/compile/profiles.ts';
import { buildTimeline } from '../render/plan/timeline.ts';
import { FPS } from '../render/plan/types.ts';
import type { WireCrop } from '../wire/slide.ts';
import type { RenderInputService } from './render-input.service.ts';
import type { RenderSegmentService } from './render-segment.service.ts';
import { CUSTOM_ZOOM_EFFECT } from './slide-edit.service.ts';
import type { Caller } from './slide.service.ts';

export interface KenBurnsPreview {
  /** GET it for the MP4 (same access as the slide's video). */
  url: string;
  seconds: number;
  width: number;
  height: number;
}

/** The address a preview segment is served from: the engine's own cached file, named by its content hash. */
export const previewUrl = (slideId: number, hash: string): string => `/r/effects/ken_burns_preview/${slideId}/${hash}.mp4`;
export const previewFileKey = (hash: string): string => segmentKey('preview', hash);

/**
 * The custom zoom's Preview: a real render of the photo's segment by the render engine, at the partial preview's
 * size (PREVIEW profile), with the slide's own time, caption, border and overlay, moving from `coords` (the
 * editor's unsaved frames) or the saved custom zoom. Only this slide is planned (no intro, outro, neighbours or
 * music), so nothing else is rendered; the engine caches the segment by everything that shapes it, so asking again
 * for the same frames answers at once.
 */
export function kenBurnsPreviewService(deps: { inputs: Pick<RenderInputService, 'load'>; pieces: Pick<RenderSegmentService, 'segment'> }) {
  return {
    async render(caller: Caller, slideId: number, coords: [WireCrop, WireCrop] | null): Promise<KenBurnsPreview> {
      const loaded = await deps.inputs.load(caller.access.video);
      const slide = loaded.input.slides.find((s) => s.id === slideId);
      if (!slide) throw new AppError(404, 'Not found');
      if (slide.kind !== 'photo') throw new AppError(400, 'Custom zoom cannot be used on video or text slides.');
      const kenburns = coords ?? slide.kenburns;
      if (!kenburns) throw new AppError(400, 'Set the starting and ending positions first.');
      const input = {
        ...loaded.input,
        theme: { ...loaded.input.theme, introLength: 0, outroLength: 0 },
        slides: [{ ...slide, effectId: CUSTOM_ZOOM_EFFECT, userSet: { ...slide.userSet, effect: true }, kenburns }],
        songs: [],
      };
      const plan = renderPlan(buildTimeline(input), PREVIEW, loaded.art);
      // The photo alone, without a transition: one segment.
      const index = plan.timeline.segments.findIndex((s) => s.visual.slideId === slideId);
      if (index < 0) throw new AppError(400, 'This photo cannot be previewed yet.');
      await deps.pieces.segment(plan, index);
      return {
        url: previewUrl(slideId, plan.hashes[index]),
        seconds: plan.timeline.segments[index].frames / FPS,
        width: PREVIEW.width,
        height: PREVIEW.height,
      };
    },
  };
}
