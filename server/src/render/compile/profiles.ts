/**
 * How each kind of render is encoded. HD plays on every TV, phone and projector laptop: H.264 High at level 4.0,
 * yuv420p, constant 30 fps, bt709 flagged, AAC-LC 48 kHz stereo, index first. The preview is small and quick.
 */
export interface Profile {
  name: 'hd' | 'preview' | 'showcase';
  width: number;
  height: number;
  /** Arguments for one segment's video (no audio). */
  video: string[];
  /** Per-segment container: plain MP4 joined by concat, or fragmented MP4 for HLS. */
  container: string[];
  audioBitrate: string;
  /** Highest Ken Burns supersampling: the motion is drawn this much larger, then scaled down. */
  maxSupersample: number;
}

/** MP4 ticks per second of every video track, so segments join and their fragments can be moved in time. */
export const VIDEO_TIMESCALE = 15360;
export const AUDIO_RATE = 48000;

const BT709 = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'];

export const HD: Profile = {
  name: 'hd',
  width: 1280,
  height: 720,
  video: [
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high', '-level:v', '4.0', '-pix_fmt', 'yuv420p',
    // Level 4.0 allows 25 Mbit/s for High; a buffer model well under it keeps every player happy.
    '-maxrate', '12M', '-bufsize', '24M', '-g', '60', '-keyint_min', '30', '-sc_threshold', '0',
    '-x264-params', 'colorprim=bt709:transfer=bt709:colormatrix=bt709', ...BT709,
  ],
  container: ['-video_track_timescale', String(VIDEO_TIMESCALE), '-f', 'mp4'],
  audioBitrate: '192k',
  maxSupersample: 1.5,
};

export const PREVIEW: Profile = {
  name: 'preview',
  width: 640,
  height: 360,
  video: [
    '-c:v', 'libx264', '-preset', 'superfast', '-crf', '27', '-profile:v', 'main', '-level:v', '3.1', '-pix_fmt', 'yuv420p',
    // No B-frames: presentation equals decode time, so a fragment moves in time by one number (tfdt).
    '-bf', '0', '-g', '60', '-keyint_min', '30', '-sc_threshold', '0', ...BT709,
  ],
  container: ['-video_track_timescale', String(VIDEO_TIMESCALE), '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4'],
  audioBitrate: '128k',
  maxSupersample: 1.25,
};

/** The short looping clips that show a theme or a look modifier in the pickers. */
export const SHOWCASE: Profile = {
  name: 'showcase',
  width: 640,
  height: 360,
  video: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24', '-profile:v', 'main', '-level:v', '3.1', '-pix_fmt', 'yuv420p', '-g', '60', ...BT709],
  container: ['-video_track_timescale', String(VIDEO_TIMESCALE), '-f', 'mp4'],
  audioBitrate: '96k',
  maxSupersample: 1.5,
};

export const PROFILES = { hd: HD, preview: PREVIEW, showcase: SHOWCASE } as const;

/**
 * The smaller web video. Each HD segment encodes its piece of it from the same frames (segment-graph.ts), so the
 * web video is a join of those; a render whose pieces are gone is made from the finished HD file instead.
 */
export const WEB = {
  width: 854,
  height: 480,
  video: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24', '-profile:v', 'main', '-level:v', '3.1', '-pix_fmt', 'yuv420p', '-g', '60', ...BT709],
  container: ['-video_track_timescale', String(VIDEO_TIMESCALE), '-f', 'mp4'],
  audioBitrate: '128k',
};

/**
 * The loudness every finished video is brought to. `range` is the widest loudness range kept as it is: the stock
 * music is mastered with one gain and keeps its own dynamics (12 to 13 LU, its swells and quiet openings), so the
 * video should sound like the piece the family chose; only a wider mix (quiet speech against loud music, say) is
 * compressed, by loudnorm's dynamic mode.
 */
export const LOUDNESS = { integrated: -16, truePeak: -2, range: 20 } as const;
