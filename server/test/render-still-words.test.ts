import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderPlan, type ThemeArt } from '../src/render/compile/render-plan.ts';
import { PREVIEW } from '../src/render/compile/profiles.ts';
import { planInput, planSlide, planTheme } from '../src/render/plan/examples.ts';
import type { Segment, Timeline } from '../src/render/plan/types.ts';
import { buildTimeline } from '../src/render/plan/timeline.ts';
import { pixelsToJpeg, rasterizeSvg } from '../src/repositories/image.repository.ts';
import { PLAIN_THEME } from '../src/services/render-theme.service.ts';
import { ART } from '../src/themes/art/index.ts';
import { THEMES } from '../src/themes/catalogue.ts';
import type { ThemeDesign } from '../src/themes/types.ts';
import { startHarness, type Harness } from './harness.ts';

const W = PREVIEW.width;
const H = PREVIEW.height;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Mean absolute difference of two grey frames over a box. */
function difference(a: Buffer, b: Buffer, { x, y, width, height }: Box): number {
  let sum = 0;
  for (let row = y; row < y + height; row++) for (let col = x; col < x + width; col++) sum += Math.abs(a[row * W + col] - b[row * W + col]);
  return sum / (width * height);
}

/**
 * How much of the words a frame shows, 0..1: its difference from the bare background projected on the difference
 * the words make when fully shown. Encoding noise, uncorrelated with the words, averages out.
 */
function opacity(frame: Buffer, words: Buffer, background: Buffer, { x, y, width, height }: Box): number {
  let dot = 0;
  let norm = 0;
  for (let row = y; row < y + height; row++) {
    for (let col = x; col < x + width; col++) {
      const i = row * W + col;
      const full = words[i] - background[i];
      dot += (frame[i] - background[i]) * full;
      norm += full * full;
    }
  }
  return dot / norm;
}

/** A text slide between the opening and closing cards, at the lengths the issue names: 3 s, 8 s and 4 s. */
function timelineOf(design: Omit<ThemeDesign, 'art'>, textBackground: number): Timeline {
  return buildTimeline(
    planInput({
      theme: { ...planTheme(design), introLength: 3, outroLength: 4, transitionLength: 1 },
      slides: [planSlide(1, { kind: 'text', caption: 'Forever in our hearts', fontSize: 60, textBackground, time: 8 })],
    }),
  );
}

describe('text slides and the title cards on screen', function () {
  this.timeout(240_000);
  let h: Harness;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribute-still-words-'));

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Renders every segment of the timeline through the engine; answers each one's grey frames. */
  async function render(timeline: Timeline, art: ThemeArt): Promise<Buffer[][]> {
    const plan = renderPlan(timeline, PREVIEW, art);
    const out: Buffer[][] = [];
    for (const [i, piece] of plan.timeline.segments.entries()) {
      const file = h.deps.render.files.path(await h.deps.render.pieces.segment(plan, i));
      const all = await h.deps.render.ffmpeg.grayFrames(file, W, H);
      const frames = Array.from({ length: all.length / (W * H) }, (_, n) => all.subarray(n * W * H, (n + 1) * W * H));
      // A tail (the transition, made apart) goes on where its item's first piece stopped.
      if (piece.tail) out[out.length - 1].push(...frames);
      else out.push(frames);
    }
    return out;
  }

  /** The same timeline with its words shown at once. */
  const withoutFades = (timeline: Timeline): Timeline => ({
    ...timeline,
    segments: timeline.segments.map((s) => ({ ...s, visual: { ...s.visual, textFade: null } })),
  });

  /** The same timeline without words: the background alone. */
  const withoutWords = (timeline: Timeline): Timeline => ({
    ...timeline,
    segments: timeline.segments.map((s) => ({ ...s, visual: { ...s.visual, lines: [], textFade: null } })),
  });

  /** Where the words are drawn, with their shadow's margin. */
  async function wordsBox(segment: Segment): Promise<Box> {
    const placed = await h.deps.render.art.lines(segment.visual.lines, W, H, true, path.join(dir, `lines-${segment.index}.png`));
    assert.ok(placed, 'the visual has words');
    return placed;
  }

  /**
   * Renders the timeline, and the same with its words shown at once and without words, and checks each visual:
   * its background moves by more than `still` (what a picture standing still differs by, encoding noise) while its
   * words fade in and then stay whole.
   */
  async function check(timeline: Timeline, art: ThemeArt, label: string, still: number): Promise<void> {
    const frames = await render(timeline, art);
    const full = await render(withoutFades(timeline), art);
    const bare = await render(withoutWords(timeline), art);
    for (const segment of timeline.segments) {
      const { visual, offset, frames: length, transition } = segment;
      const where = `${label}, ${visual.kind}`;
      // Frames of this segment that show its own visual alone: before its outgoing transition begins.
      const own = length - (transition?.frames ?? 0);
      const fade = visual.textFade;
      assert.ok(fade, `${where}: its words fade in`);
      const whole = fade.start + fade.frames - offset;
      const box = await wordsBox(segment);
      const [shown, words, background] = [frames, full, bare].map((f) => f[segment.index]);
      assert.equal(shown.length, length, where);

      // The background keeps moving after the words are whole: above and below them, later frames differ.
      const above: Box = { x: 0, y: 0, width: W, height: box.y };
      const below: Box = { x: 0, y: box.y + box.height, width: W, height: H - box.y - box.height };
      const samples = [whole, Math.round((whole + own - 1) / 2), own - 1];
      for (let i = 1; i < samples.length; i++) {
        const [a, b] = [samples[i - 1], samples[i]];
        const moved = (difference(shown[a], shown[b], above) + difference(shown[a], shown[b], below)) / 2;
        assert.ok(moved > still, `${where}: frames ${a} and ${b} differ by ${moved.toFixed(3)} on average`);
      }

      // The words fade in as the visual's own time starts, and are whole from the fade's end to the last frame.
      const seen = (n: number) => opacity(shown[n], words[n], background[n], box);
      const start = fade.start - offset;
      const half = start + Math.floor(fade.frames / 2);
      assert.ok(Math.abs(seen(start)) < 0.05, `${where}: hidden at frame ${start} (${seen(start).toFixed(3)})`);
      assert.ok(seen(half) > 0.3 && seen(half) < 0.7, `${where}: half shown at frame ${half} (${seen(half).toFixed(3)})`);
      for (const n of [whole, own - 1]) assert.ok(seen(n) > 0.93, `${where}: whole at frame ${n} (${seen(n).toFixed(3)})`);
    }
  }

  it('drifts a theme’s art behind a text slide, the intro and the outro while their words fade in and stay', async () => {
    const design = THEMES.find((t) => t.art.family === 'stained-glass' && !t.custom)!;
    const picture = await pixelsToJpeg(await rasterizeSvg(ART[design.art.family]('background', design.art), 1280, 720));
    await h.deps.repos.storage.write('themes/test/background.jpg', picture);
    const art: ThemeArt = { background: 'themes/test/background.jpg', introScene: null, outroScene: null, colour: design.colours.background };
    // A still picture of art differs by about 1 between frames from encoding alone.
    await check(timelineOf(design, 1), art, `theme ${design.id}`, 3);
  });

  it('moves a plain colour too: a Black text slide, and the cards of a custom theme with a background colour', async () => {
    const art: ThemeArt = { background: null, introScene: null, outroScene: null, colour: '#3d4a5c' };
    // A still plain colour does not differ at all between frames; a softly lit one drifting does, a little.
    await check(timelineOf(PLAIN_THEME, 2), art, 'plain colours', 0.1);
  });
});
