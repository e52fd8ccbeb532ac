import { analysedEdits, facesOnEditedPhoto } from '../media/face-geometry.ts';
import { editParamsOf, editVersion, planDerived, quarterTurns } from '../media/image-recipe.ts';
import type { LookKind, PlanInput, PlanSlide, PlanSong } from '../render/plan/types.ts';
import { MUSIC_PREPARING, STILL_PROCESSING } from '../render/plan/validate.ts';
import type { RenderInputRepository, SlideFacesRow } from '../repositories/render-input.repository.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { RenderTheme } from './render-theme.service.ts';
import { playingSongs, slideClipLength, videoTiming } from './video-timing.ts';

export interface LoadedInput {
  input: PlanInput;
  art: RenderTheme['art'];
  /** Seconds the timing module plans. */
  plannedSeconds: number;
  /** A message for the user when slides are still being processed. */
  pending: string | null;
}

export interface RenderInputDeps {
  inputs: RenderInputRepository;
  slides: { listActive(videoId: number): Promise<SlideRow[]> };
  theme: (video: VideoRow) => Promise<RenderTheme>;
  /** Whether a clip slide's file has sound. */
  clipHasAudio: (slide: SlideRow) => Promise<boolean>;
}

const LOOK_KINDS: LookKind[] = ['transition', 'effect', 'overlay', 'border'];

/** The Customize Look choice ({transition: {id: true}, ...}) as selected ids per kind. */
export function lookPools(customizations: unknown): Record<LookKind, number[]> {
  const source = (customizations ?? {}) as Record<string, unknown>;
  const pools = { transition: [], effect: [], overlay: [], border: [] } as Record<LookKind, number[]>;
  for (const kind of LOOK_KINDS) {
    const map = source[kind];
    if (!map || typeof map !== 'object') continue;
    pools[kind] = Object.entries(map as Record<string, unknown>)
      .filter(([, on]) => on === true || on === 'true' || on === 1)
      .map(([id]) => Number(id))
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .sort((a, b) => a - b);
  }
  return pools;
}

function aspectOf(slide: SlideRow): number {
  if (!slide.width || !slide.height) return 16 / 9;
  if (slide.is_video) {
    const turned = quarterTurns(slide.angle) % 180 !== 0;
    return turned ? slide.height / slide.width : slide.width / slide.height;
  }
  const plan = planDerived(editParamsOf(slide), { width: slide.width, height: slide.height }, 'big');
  return plan.width / plan.height;
}

/** A photo's detected faces on the photo as rendered (its current turn, straighten and crop): face-geometry.ts. */
function facesOf(slide: SlideRow, found: SlideFacesRow | undefined): PlanSlide['faces'] {
  if (!found || !Array.isArray(found.faces) || !slide.width || !slide.height) return undefined;
  const faces = facesOnEditedPhoto(found.faces, analysedEdits(found), slide, { width: slide.width, height: slide.height });
  return faces.length ? faces : undefined;
}

function kindOf(slide: SlideRow): PlanSlide['kind'] {
  if (slide.is_text) return 'text';
  return slide.is_video ? 'clip' : 'photo';
}

/** Reads everything a video's render depends on and puts it in the planner's words. */
export function renderInputService(deps: RenderInputDeps) {
  return {
    async load(video: VideoRow): Promise<LoadedInput> {
      const [rows, songRows, { theme, art }, faceRows] = await Promise.all([
        deps.slides.listActive(video.id), deps.inputs.songs(video.id), deps.theme(video), deps.inputs.faces(video.id),
      ]);
      const facesBySlide = new Map(faceRows.map((r) => [r.slide_id, r]));
      const pending = rows.some((s) => s.processing_state !== 'ready')
        ? STILL_PROCESSING
        : songRows.some((s) => !s.file_path || !(s.song_length > 0))
          ? MUSIC_PREPARING
          : null;
      const ready = rows.filter((s) => s.processing_state === 'ready' && (s.is_text || s.orig_path));
      const songs: PlanSong[] = playingSongs(songRows).map((s) => ({
        id: s.id, file: s.file_path!, length: s.song_length, trimStart: Math.max(0, s.trim_start), trimEnd: Math.max(0, s.trim_end),
        volume: Math.max(0, Math.min(200, s.volume)) / 100, crossfade: s.crossfade,
      }));
      const clipLengths = ready.map(slideClipLength);
      const timing = videoTiming(video, ready, songRows, theme);
      const slides: PlanSlide[] = [];
      for (const [i, s] of ready.entries()) {
        const kind = kindOf(s);
        const start = Math.max(0, s.clip_start ?? 0);
        const faces = kind === 'photo' ? facesOf(s, facesBySlide.get(s.id)) : undefined;
        slides.push({
          id: s.id,
          kind,
          version: kind === 'text' ? 'text' : editVersion(editParamsOf(s)),
          aspect: kind === 'text' ? 16 / 9 : aspectOf(s),
          caption: s.slide_caption ?? '',
          font: s.font,
          fontSize: s.font_size > 0 ? s.font_size : 50,
          captionPosition: s.caption_position === '1' ? 'top' : 'bottom',
          captionBackdrop: !s.caption_remove_backdrop,
          textBackground: s.slide_background,
          effectId: s.effect_id,
          overlayId: s.overlay_id,
          borderId: s.border_id,
          transitionId: s.transition_id,
          userSet: { transition: s.user_set_transition, effect: s.user_set_effect, overlay: s.user_set_overlay, border: s.user_set_border },
          kenburns: s.effect_data?.kenburns ?? null,
          ...(faces ? { faces } : {}),
          time: timing.slideTimes[i],
          clip:
            kind === 'clip'
              ? {
                  start,
                  end: start + (clipLengths[i] ?? timing.slideTimes[i]),
                  volume: Math.max(0, Math.min(200, s.clip_volume)) / 100,
                  duckVolume: Math.max(0, Math.min(200, s.duck_volume)) / 100,
                  hasAudio: await deps.clipHasAudio(s),
                }
              : null,
        });
      }
      const input: PlanInput = {
        title: video.title,
        subtitle: video.subtitle,
        introText: video.intro_text,
        theme,
        look: {
          pools: lookPools(video.customizations),
          backgroundId: typeof video.background_id === 'number' ? video.background_id : null,
          captionBackdrop: !video.caption_remove_backdrop,
        },
        slides,
        songs,
        repeatMusic: video.repeat_music,
      };
      return { input, art, plannedSeconds: timing.video, pending };
    },
  };
}

export type RenderInputService = ReturnType<typeof renderInputService>;
