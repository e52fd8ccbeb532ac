import type { Timing } from '../../../common/timing.ts';
import type { RenderInputRepository } from '../repositories/render-input.repository.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { WireTiming } from '../wire/song.ts';
import type { RenderTheme } from './render-theme.service.ts';
import { videoTiming } from './video-timing.ts';

export interface SongTimingDeps {
  /** The render's own song query: the lengths of the audio that will play. */
  songs: Pick<RenderInputRepository, 'songs'>;
  slides: { listActive(videoId: number): Promise<SlideRow[]> };
  /**
   * The theme the video renders with (renderThemeService.forVideo, as the render input uses it): its intro and
   * outro lengths are the ones the render plans, so the music page shows the length the video will have.
   */
  theme: (video: VideoRow) => Promise<Pick<RenderTheme, 'theme'>>;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

export const toWireTiming = (timing: Timing): WireTiming => ({
  slide: round(timing.slide),
  video: round(timing.video),
  music: round(timing.music),
  warnings: timing.warnings,
});

/** A video's timing for the music page, read and computed as the render does (video-timing.ts). */
export function songTimingService(deps: SongTimingDeps) {
  return {
    async timing(video: VideoRow): Promise<Timing> {
      const [slides, songs, { theme }] = await Promise.all([deps.slides.listActive(video.id), deps.songs.songs(video.id), deps.theme(video)]);
      return videoTiming(video, slides, songs, theme);
    },
  };
}

export type SongTimingService = ReturnType<typeof songTimingService>;
