import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../repositories/run-tool.ts';
import { STANDARD, type DvdPlan } from './plan.ts';

const timeoutMs = (seconds: number): number => Math.max(120_000, seconds * 1_000);

/** h:mm:ss.mmm as dvdauthor reads chapter times. */
export function chapterTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = (ms % 60_000) / 1000;
  return `${h}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

/**
 * dvdauthor's description of the disc: one title holding the whole video with its chapters, and a first-play program
 * chain that jumps straight to it, so a set-top player starts the tribute when the disc goes in, without a remote.
 */
export function authorXml(plan: DvdPlan, mpegFile: string, outputDir: string): string {
  const chapters = plan.chapters.map(chapterTime).join(',');
  const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<dvdauthor dest="${attr(outputDir)}">
  <vmgm>
    <fpc>jump title 1;</fpc>
  </vmgm>
  <titleset>
    <titles>
      <video format="${plan.standard}" aspect="16:9" widescreen="nopanscan"/>
      <audio format="ac3" channels="2" samplerate="48khz"/>
      <pgc>
        <vob file="${attr(mpegFile)}" chapters="${chapters}"/>
      </pgc>
    </titles>
  </titleset>
</dvdauthor>
`;
}

/** Authors the MPEG file into a VIDEO_TS folder under `outputDir` (which must not exist yet). */
export async function authorDvd(plan: DvdPlan, mpegFile: string, outputDir: string): Promise<void> {
  const xml = path.join(path.dirname(outputDir), 'dvdauthor.xml');
  await writeFile(xml, authorXml(plan, mpegFile, outputDir));
  // dvdauthor takes the standard of the disc's (empty) menu domain from the environment, not from the XML.
  await runTool('env', [`VIDEO_FORMAT=${STANDARD[plan.standard].format}`, 'dvdauthor', '-x', xml], timeoutMs(plan.duration));
}
