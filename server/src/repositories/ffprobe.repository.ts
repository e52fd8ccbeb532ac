import { MediaError } from '../media/media-error.ts';
import type { MediaFileRepository } from './media-file.repository.ts';
import { runTool, ToolError } from './run-tool.ts';

/** What a clip is, in our words: sizes as shown (rotation applied), seconds as decimals. */
export interface VideoProbe {
  /** ffprobe's demuxer names, e.g. 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'. */
  formatName: string;
  durationSeconds: number;
  width: number;
  height: number;
  /** Clockwise degrees a player turns the picture: 0, 90, 180 or 270. */
  rotation: number;
  videoCodec: string;
  videoProfile: string | null;
  pixelFormat: string | null;
  /** Null when the clip has no sound. */
  audioCodec: string | null;
  createdAt: Date | null;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

const PROBE_TIMEOUT_MS = 60_000;

const seconds = (value: string | undefined): number => (value === undefined ? NaN : Number(value));

/** ffprobe's display matrix angle is counter-clockwise; older files carry a clockwise 'rotate' tag instead. */
function rotationOf(stream: RawStream): number {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const clockwise = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0);
  return ((Math.round(clockwise / 90) * 90) % 360 + 360) % 360;
}

function dateOf(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  // Cameras without a clock write 1904-01-01 or 1970 (the epochs of MP4 and Unix).
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1980 ? null : date;
}

export function toVideoProbe(raw: RawProbe): VideoProbe {
  const streams = raw.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) throw new MediaError('unreadable', 'No video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = [seconds(raw.format?.duration), seconds(video.duration)].find((d) => Number.isFinite(d) && d > 0);
  if (duration === undefined) throw new MediaError('damaged', 'No duration');
  const rotation = rotationOf(video);
  const turned = rotation % 180 !== 0;
  return {
    formatName: raw.format?.format_name ?? '',
    durationSeconds: duration,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name ?? '',
    videoProfile: video.profile ?? null,
    pixelFormat: video.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
    createdAt: dateOf(raw.format?.tags?.creation_time ?? video.tags?.creation_time),
  };
}

export function ffprobeRepository(files: MediaFileRepository) {
  return {
    async probe(key: string): Promise<VideoProbe> {
      let stdout: string;
      const input = await files.local(key);
      try {
        ({ stdout } = await runTool(
          'ffprobe',
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
          PROBE_TIMEOUT_MS,
        ));
      } catch (err) {
        if (err instanceof ToolError) throw new MediaError('damaged', err.message);
        throw err;
      }
      return toVideoProbe(JSON.parse(stdout) as RawProbe);
    },
  };
}

export type FfprobeRepository = ReturnType<typeof ffprobeRepository>;
