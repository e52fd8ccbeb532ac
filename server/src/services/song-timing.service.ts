import { clipLength, computeTiming, type Timing, type TimingSong } from '../../../common/timing.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import type { SongRepository, SongRow } from '../repositories/song.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { WireTiming } from '../wire/song.ts';
import type { RenderTheme } from './render-theme.service.ts';

export interface SongTimingDeps {
  songs: Pick<SongRepository, 'listActive'>;
  slides: { listActive(videoId: number): Promise<SlideRow[]> };
  /**
   * The theme the video renders with (renderThemeService.forVideo, as the render input uses it): its intro and
   * outro lengths are the ones the render plans, so the music page shows the length the video will have.
   */
  theme: (video: VideoRow) => Promise<Pick<RenderTheme, 'theme'>>;
}

export const timingSong = (song: Pick<SongRow, 'song_length' | 'trim_start' | 'trim_end' | 'crossfade'>): TimingSong => ({
  length: song.song_length,
  trimStart: song.trim_start,
  trimEnd: song.trim_end,
  crossfade: song.crossfade,
});

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

export const toWireTiming = (timing: Timing): WireTiming => ({
  slide: round(timing.slide),
  video: round(timing.video),
  music: round(timing.music),
  warnings: timing.warnings,
});

/** A video's timing from its slides, songs, settings and theme, by the one rule in common/timing.ts. */
export function songTimingService(deps: SongTimingDeps) {
  return {
    async timing(video: VideoRow, songs?: SongRow[]): Promise<Timing> {
      const [slides, playing, { theme }] = await Promise.all([
        deps.slides.listActive(video.id),
        songs ?? deps.songs.listActive(video.id),
        deps.theme(video),
      ]);
      return computeTiming({
        slides: slides.map((s) => ({
          customTime: s.user_set_slide_time ? s.slide_time : null,
          clipLength: s.is_video ? clipLength({ clipStart: s.clip_start, clipEnd: s.clip_end, clipDuration: s.clip_duration }) : null,
        })),
        automatic: video.automatic_timing,
        slideTime: video.slide_time,
        songs: playing.map(timingSong),
        repeatMusic: video.repeat_music,
        introLength: theme.introLength,
        outroLength: theme.outroLength,
      });
    },
  };
}

export type SongTimingService = ReturnType<typeof songTimingService>;
