import { clipLength, computeTiming, type Timing } from '../../../common/timing.ts';
import type { PlanTheme } from '../render/plan/types.ts';
import type { RenderSongRow } from '../repositories/render-input.repository.ts';
import type { SlideRow } from '../repositories/slide.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';

/**
 * A video's timing from its rows, for every caller: the music page's lengths and the render's slide times both
 * come from here, with the songs read by the one query (render-input.repository.ts `songs`), so the length a
 * page shows is the length the engine renders. (The page once read a stock song's length from the video's song
 * row, which holds 0 when the song was added before its audio was made, while the render read the stock song's
 * measured length: 9 s slides fitted to no music on the page, slides fitted to the music in the file.)
 */

export type TimingSongRow = Pick<RenderSongRow, 'file_path' | 'song_length' | 'trim_start' | 'trim_end' | 'crossfade'>;
export type TimingSlideRow = Pick<SlideRow, 'is_video' | 'user_set_slide_time' | 'slide_time' | 'clip_start' | 'clip_end' | 'clip_duration'>;
export type TimingVideo = Pick<VideoRow, 'automatic_timing' | 'slide_time' | 'repeat_music'>;

/**
 * The songs that play: those with audio and a length. A song whose audio is still being made adds nothing yet,
 * not even its crossfade's overlap.
 */
export const playingSongs = <T extends TimingSongRow>(rows: T[]): T[] => rows.filter((s) => s.file_path && s.song_length > 0);

/** A video clip's trimmed length, null for photos and text slides (they follow the seconds per slide). */
export const slideClipLength = (slide: TimingSlideRow): number | null =>
  slide.is_video ? clipLength({ clipStart: slide.clip_start, clipEnd: slide.clip_end, clipDuration: slide.clip_duration }) : null;

/** The timing of a video showing `slides` in order, with the intro and outro of the theme it renders with. */
export function videoTiming(video: TimingVideo, slides: TimingSlideRow[], songs: TimingSongRow[], theme: Pick<PlanTheme, 'introLength' | 'outroLength'>): Timing {
  return computeTiming({
    slides: slides.map((s) => ({ customTime: s.user_set_slide_time ? s.slide_time : null, clipLength: slideClipLength(s) })),
    automatic: video.automatic_timing,
    slideTime: video.slide_time,
    songs: playingSongs(songs).map((s) => ({ length: s.song_length, trimStart: Math.max(0, s.trim_start), trimEnd: Math.max(0, s.trim_end), crossfade: s.crossfade })),
    repeatMusic: video.repeat_music,
    introLength: theme.introLength,
    outroLength: theme.outroLength,
  });
}
