import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { workImage } from '../src/render/compile/geometry.ts';
import { HD } from '../src/render/compile/profiles.ts';
import { segmentArgs } from '../src/render/compile/segment-graph.ts';
import { planInput, planSlide, TEST_THEME } from '../src/render/plan/examples.ts';
import { EFFECT } from '../src/render/plan/look.ts';
import { buildTimeline } from '../src/render/plan/timeline.ts';
import { renderArtRepository } from '../src/repositories/render-art.repository.ts';
import { renderRepository } from '../src/repositories/render.repository.ts';
import { runTool } from '../src/repositories/run-tool.ts';

const W = HD.width;
const H = HD.height;

/** Sub-pixel x of the dark-to-light edge in each frame: where each row crosses mid-grey, averaged over rows. */
function edgePositions(frames: Buffer): number[] {
  const count = frames.length / (W * H);
  const positions: number[] = [];
  for (let n = 0; n < count; n++) {
    let sum = 0;
    let rows = 0;
    for (let y = 120; y < H - 120; y += 2) {
      const row = n * W * H + y * W;
      for (let x = 200; x < W - 200; x++) {
        const a = frames[row + x];
        const b = frames[row + x + 1];
        if (a < 128 && b >= 128) {
          sum += x + (128 - a) / (b - a);
          rows++;
          break;
        }
      }
    }
    positions.push(sum / rows);
  }
  return positions;
}

/** Root mean square of the second difference: zero for even motion, about a pixel for whole-pixel steps. */
function jitter(positions: number[]): number {
  let sum = 0;
  for (let i = 1; i < positions.length - 1; i++) sum += (positions[i + 1] - 2 * positions[i] + positions[i - 1]) ** 2;
  return Math.sqrt(sum / (positions.length - 2));
}

describe('Ken Burns motion', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-motion-'));
  const photo = path.join(dir, 'edge.png');
  const art = renderArtRepository();
  const ffmpeg = renderRepository();

  const offCentre = path.join(dir, 'edge-left.png');
  /** A photo dark left of `x` and light to its right. */
  const edgePhoto = (x: number, file: string) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="1920" height="1080" fill="#202020"/><rect x="${x}" width="${1920 - x}" height="1080" fill="#e0e0e0"/></svg>`))
      .png()
      .toFile(file);

  before(async () => {
    await edgePhoto(960, photo);
    // Off the centre, so a zoom moves it: the centre of a zoom stays put.
    await edgePhoto(480, offCentre);
  });

  /** Renders one 3-second photo slide with an effect through the engine; answers the edge's place in each frame. */
  async function trackEdge(source: string, effectId: number): Promise<number[]> {
    const custom = { transition: false, effect: true, overlay: false, border: false };
    const timeline = buildTimeline(
      planInput({ theme: { ...TEST_THEME, introLength: 0, outroLength: 0 }, slides: [planSlide(1, { time: 3, effectId, userSet: custom })] }),
    );
    const [segment] = timeline.segments;
    const work = workImage(segment.visual, W, H, HD.maxSupersample);
    const scene = path.join(dir, `scene-${effectId}.rgb`);
    await art.scene(segment.visual, work, { photo: source, fallbackColour: '#000000' }, scene);
    const out = path.join(dir, `motion-${effectId}.mp4`);
    await ffmpeg.segment(segmentArgs(segment, { visual: segment.visual, still: { file: scene, work }, clip: null, images: [], grain: false }, null, HD, { file: out }), 3);
    return edgePositions(await ffmpeg.grayFrames(out, W, H));
  }

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('moves a straight edge evenly, without whole-pixel steps (unlike zoompan)', async () => {
    const positions = await trackEdge(photo, EFFECT.panRight);
    assert.equal(positions.length, 90);
    // The pan moves the edge about 2.8 pixels a frame from right to left.
    assert.ok(positions[0] - positions[89] > 200, `${positions[0]} -> ${positions[89]}`);
    const ours = jitter(positions);

    // The same move with ffmpeg's zoompan, which places every frame on whole input pixels.
    const far = (1 - 1 / 1.2) * 1920;
    const shaky = path.join(dir, 'zoompan.mp4');
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', photo, '-vf', `zoompan=z=1.2:x='${far / 89}*on':y=${((1080 - 1080 / 1.2) / 2).toFixed(3)}:d=90:s=${W}x${H}:fps=30,format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', shaky], 60_000);
    const theirs = jitter(edgePositions(await ffmpeg.grayFrames(shaky, W, H)));
    assert.ok(ours < 0.2, `second difference ${ours.toFixed(3)} px RMS`);
    assert.ok(theirs > 2 * ours, `zoompan ${theirs.toFixed(3)} px RMS against ours ${ours.toFixed(3)}`);
  });

  it('zooms evenly too: an edge off the centre glides outward without steps', async () => {
    const positions = await trackEdge(offCentre, EFFECT.zoomIn);
    assert.equal(positions.length, 90);
    // Zooming in pushes an edge left of the centre further left, a little every frame.
    assert.ok(positions[0] - positions[89] > 10, `${positions[0]} -> ${positions[89]}`);
    const ours = jitter(positions);
    assert.ok(ours < 0.2, `second difference ${ours.toFixed(3)} px RMS`);
  });
});
