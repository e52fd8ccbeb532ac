import { stat } from 'node:fs/promises';
import { MediaError } from '../media/media-error.ts';
import type { MediaFileRepository } from './media-file.repository.ts';
import { runTool, ToolError } from './run-tool.ts';

const POSTER_TIMEOUT_MS = 120_000;
/** A 4 GiB clip at 'veryfast' on a shared core can take a long while; a stuck encoder must still end. */
const PROXY_TIMEOUT_MS = 4 * 3600_000;
export const PROXY_LONG_EDGE = 1280;

/** Even sizes (H.264 4:2:0 needs them), long edge at most 1280, never enlarged; the picture is already upright. */
const PROXY_SCALE =
  `scale=w='if(gte(iw,ih),trunc(min(${PROXY_LONG_EDGE},iw)/2)*2,-2)':h='if(gte(iw,ih),-2,trunc(min(${PROXY_LONG_EDGE},ih)/2)*2)'`;

const hasContent = (file: string): Promise<boolean> => stat(file).then((s) => s.size > 0, () => false);

async function ffmpeg(args: string[], timeoutMs: number): Promise<void> {
  try {
    await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], timeoutMs);
  } catch (err) {
    // The file was probed already: a decoder that gives up on it means its content is damaged.
    if (err instanceof ToolError) throw new MediaError('damaged', err.message);
    throw err;
  }
}

/** The only code that runs ffmpeg for slides; outputs appear under their key only once complete. */
export function ffmpegRepository(files: MediaFileRepository) {
  return {
    /** One upright frame as a high-quality JPEG. */
    async posterFrame(key: string, atSeconds: number, outKey: string): Promise<void> {
      const input = await files.local(key);
      await files.writeVia(outKey, async (tmp) => {
        const grab = (at: number) =>
          ffmpeg(['-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-q:v', '2', '-f', 'image2', tmp], POSTER_TIMEOUT_MS);
        await grab(atSeconds);
        // A clip whose stated duration is longer than its pictures gives no frame late on: take the first.
        if (!(await hasContent(tmp)) && atSeconds > 0) await grab(0);
        if (!(await hasContent(tmp))) throw new MediaError('damaged', 'No frame could be read');
      });
    },

    /** H.264 High 4:2:0 + AAC in MP4 with the index first, so browsers can start playing at once. */
    async proxy(key: string, outKey: string): Promise<void> {
      const input = await files.local(key);
      await files.writeVia(outKey, (tmp) =>
        ffmpeg(
          [
            '-i', input,
            '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1',
            '-vf', PROXY_SCALE, '-fpsmax', '60',
            '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '23',
            '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
            '-movflags', '+faststart', '-f', 'mp4', tmp,
          ],
          PROXY_TIMEOUT_MS,
        ),
      );
    },
  };
}

export type FfmpegRepository = ReturnType<typeof ffmpegRepository>;
