import { runTool } from '../repositories/run-tool.ts';
import type { DvdPlan, DvdStandard } from './plan.ts';

/** How far the disc's title may be from the HD video's length. */
export const LENGTH_TOLERANCE_S = 0.5;

export interface DiscTitle {
  /** Seconds. */
  length: number;
  /** Each chapter's length in seconds, in order. */
  chapters: number[];
}

/** The titles of lsdvd's XML report (`lsdvd -Ox -c`). */
export function parseLsdvd(xml: string): DiscTitle[] {
  return [...xml.matchAll(/<track>([\s\S]*?)<\/track>/g)].map(([, track]) => {
    const chapters = [...track.matchAll(/<chapter>([\s\S]*?)<\/chapter>/g)].map(([, chapter]) => Number(/<length>([\d.]+)<\/length>/.exec(chapter)?.[1] ?? NaN));
    const withoutChapters = track.replace(/<chapter>[\s\S]*?<\/chapter>/g, '');
    return { length: Number(/<length>([\d.]+)<\/length>/.exec(withoutChapters)?.[1] ?? NaN), chapters };
  });
}

/**
 * Seconds of playing time from a DVD time. An NTSC disc counts its frames in 30 per second (non-drop time codes)
 * while it plays 30000/1001 of them per second, so its times read 0.1 % short: 0.6 s over ten minutes, 7 s over two
 * hours. PAL's 25 are 25.
 */
export function playingSeconds(discSeconds: number, standard: DvdStandard): number {
  return standard === 'ntsc' ? (discSeconds * 1001) / 1000 : discSeconds;
}

/**
 * What lsdvd reads on a disc image (libdvdread finds the files through its UDF file system, as a player does), in
 * seconds of playing time.
 */
export async function readDisc(iso: string, standard: DvdStandard): Promise<DiscTitle[]> {
  const { stdout } = await runTool('lsdvd', ['-Ox', '-c', iso], 60_000);
  return parseLsdvd(stdout).map((title) => ({ length: playingSeconds(title.length, standard), chapters: title.chapters.map((c) => playingSeconds(c, standard)) }));
}

/** Why a disc does not match its plan (a sentence for the generation status), or null when it does. */
export function discProblem(titles: DiscTitle[], plan: DvdPlan): string | null {
  if (titles.length !== 1) return `The DVD check found ${titles.length} titles on the disc instead of one.`;
  const [title] = titles;
  if (!(Math.abs(title.length - plan.duration) <= LENGTH_TOLERANCE_S)) {
    return `The DVD check found a title of ${title.length.toFixed(1)} s for a video of ${plan.duration.toFixed(1)} s.`;
  }
  if (title.chapters.length !== plan.chapters.length) return `The DVD check found ${title.chapters.length} chapters instead of the ${plan.chapters.length} planned.`;
  return null;
}
