/**
 * The disc encoded from the HD file (PAL, and NTSC without its pieces) carries the standard-definition colour matrix
 * a DVD player decodes with: a pure red made in BT.709 comes out of the disc with BT.601's luma for red (81.5 on the
 * video range) instead of BT.709's (62.6), which a player would show as a darker, wrong red. Real ffmpeg, two seconds.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTool } from '../repositories/run-tool.ts';
import { encodeArgs } from './encode.ts';
import { DVD_VERSION, type DvdPlan } from './plan.ts';

/** The average luma of one frame of a video, from ffmpeg's signalstats. */
async function lumaOf(file: string): Promise<number> {
  const { stderr } = await runTool('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-vf', 'select=eq(n\\,10),signalstats,metadata=print:key=lavfi.signalstats.YAVG', '-an', '-f', 'null', '-'], 60_000);
  const match = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(stderr);
  if (!match) throw new Error(`no luma in ffmpeg's output: ${stderr.slice(-400)}`);
  return Number(match[1]);
}

describe('the disc encoded from the HD file', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dvd-encode-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const standard of ['pal', 'ntsc'] as const) {
    it(`${standard.toUpperCase()}: brings BT.709 colours to BT.601, as a DVD player reads them`, async () => {
      const hd = path.join(dir, 'red.mp4');
      await runTool('ffmpeg', [
        '-hide_banner', '-nostdin', '-v', 'error', '-y',
        '-f', 'lavfi', '-i', 'color=c=red:s=1280x720:d=2:r=30', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '2',
        '-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'aac', hd,
      ], 60_000);
      assert.ok(Math.abs((await lumaOf(hd)) - 62.6) < 1.5, 'the HD red has BT.709 luma');
      const plan: DvdPlan = { engine: DVD_VERSION, standard, duration: 2, videoKbps: 8000, audioKbps: 192, chapters: [0] };
      const disc = path.join(dir, `${standard}.mpg`);
      await runTool('ffmpeg', encodeArgs(hd, plan, disc), 60_000);
      const luma = await lumaOf(disc);
      assert.ok(Math.abs(luma - 81.5) < 1.5, `BT.601 luma for red on the disc (81.5), got ${luma}`);
    });
  }
});
