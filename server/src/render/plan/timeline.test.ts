import assert from 'node:assert/strict';
import { computeTiming } from '../../../../common/timing.ts';
import { planInput, planSlide, TEST_THEME } from './examples.ts';
import { buildTimeline } from './timeline.ts';
import { FPS } from './types.ts';

describe('buildTimeline', () => {
  describe('durations', () => {
    it('lasts intro + slide times + outro, to the frame', () => {
      const timeline = buildTimeline(planInput({ slides: [planSlide(1, { time: 3.33 }), planSlide(2, { time: 3.33 }), planSlide(3, { time: 3.34 })] }));
      assert.equal(timeline.frames, (2 + 10 + 2) * FPS);
      assert.equal(timeline.duration, 14);
      assert.deepEqual(timeline.segments.map((s) => [s.start, s.frames]), [[0, 60], [60, 100], [160, 100], [260, 100], [360, 60]]);
    });

    it('uses the times of the shared timing module', () => {
      const songs = [{ length: 40, trimStart: 0, trimEnd: 0, crossfade: false }];
      const timing = computeTiming({ slides: [{}, {}, { customTime: 5 }], automatic: true, slideTime: 9, songs, repeatMusic: false, introLength: 2, outroLength: 2 });
      const slides = timing.slideTimes.map((time, i) => planSlide(i + 1, { time }));
      const timeline = buildTimeline(planInput({ slides }));
      assert.equal(timeline.duration, timing.video);
      assert.equal(timeline.duration, 40);
    });

    it('rounds each boundary to the nearest frame so the total never drifts', () => {
      const slides = Array.from({ length: 30 }, (_, i) => planSlide(i + 1, { time: 1.01 }));
      const timeline = buildTimeline(planInput({ slides, theme: { ...TEST_THEME, introLength: 0, outroLength: 0 } }));
      assert.equal(timeline.frames, Math.round(30 * 1.01 * FPS));
      assert.equal(timeline.segments.reduce((sum, s) => sum + s.frames, 0), timeline.frames);
    });
  });

  describe('transitions', () => {
    it('brings the cover in with the theme transition and follows a slide’s own choice', () => {
      const slides = [planSlide(1, { transitionId: 2, userSet: { transition: true, effect: false, overlay: false, border: false } }), planSlide(2, { transitionId: 4, userSet: { transition: true, effect: false, overlay: false, border: false } })];
      const timeline = buildTimeline(planInput({ slides }));
      const [intro, cover, second] = timeline.segments;
      assert.equal(intro.transition?.name, 'fade');
      assert.equal(cover.transition?.name, 'wipeleft');
      assert.equal(second.transition?.name, 'fade');
      assert.equal(cover.offset, 30);
      assert.equal(cover.visual.span, 30 + 90);
    });

    it('picks Automatic from the theme defaults, the same way for the same slide', () => {
      const slides = Array.from({ length: 12 }, (_, i) => planSlide(i + 1));
      const names = new Set(buildTimeline(planInput({ slides })).segments.slice(1, -2).map((s) => s.transition?.name));
      assert.deepEqual([...names].sort(), ['fade', 'fadeslow']);
      const again = buildTimeline(planInput({ slides: [...slides].reverse() }));
      const bySlide = (t: typeof again, id: number) => t.segments.find((s) => s.transition?.next.slideId === id)?.transition?.name;
      assert.equal(bySlide(again, 5), bySlide(buildTimeline(planInput({ slides })), 5));
    });

    it('picks Automatic from the Customize Look selection when there is one', () => {
      const slides = Array.from({ length: 6 }, (_, i) => planSlide(i + 1));
      const look = { pools: { transition: [10], effect: [], overlay: [], border: [] }, backgroundId: null, captionBackdrop: true };
      const names = buildTimeline(planInput({ slides, look })).segments.slice(1, -2).map((s) => s.transition?.name);
      assert.deepEqual([...new Set(names)], ['circleopen']);
    });

    it('cuts without a transition when Cut is chosen', () => {
      const cut = { transition: true, effect: false, overlay: false, border: false };
      const timeline = buildTimeline(planInput({ slides: [planSlide(1), planSlide(2, { transitionId: 13, userSet: cut })] }));
      assert.equal(timeline.segments[1].transition, null);
      assert.equal(timeline.segments[2].offset, 0);
    });

    it('never lets a transition take more than half of either slide', () => {
      const timeline = buildTimeline(planInput({ slides: [planSlide(1, { time: 1 }), planSlide(2, { time: 0.5 })], theme: { ...TEST_THEME, transitionLength: 2 } }));
      assert.deepEqual(timeline.segments.map((s) => s.transition?.frames ?? 0), [15, 7, 7, 0]);
    });
  });

  describe('pictures', () => {
    it('puts a caption with its font, size, position and backdrop on the slide', () => {
      const slides = [planSlide(1, { caption: '  At the lake  ', font: 'Quicksand-Bold.ttf', fontSize: 40, captionPosition: 'top', captionBackdrop: false })];
      const caption = buildTimeline(planInput({ slides })).segments[1].visual.caption;
      assert.deepEqual(
        { text: caption?.text, family: caption?.font.family, size: caption?.size, position: caption?.position, backdrop: caption?.backdrop },
        { text: 'At the lake', family: 'Quicksand', size: 40, position: 'top', backdrop: null },
      );
    });

    it('draws a text slide in its font and size on its background', () => {
      const slides = [planSlide(1), planSlide(2, { kind: 'text', caption: 'Thank you', textBackground: 3, fontSize: 60 })];
      const visual = buildTimeline(planInput({ slides })).segments[2].visual;
      assert.deepEqual(visual.background, { kind: 'colour', colour: '#ffffff' });
      assert.deepEqual(visual.lines.map((l) => [l.text, l.size, l.colour, l.font.family]), [['Thank you', 60, '#222222', 'Quicksand']]);
      assert.ok(visual.motion, 'its background moves behind the still words');
    });

    it('writes title, subtitle and introductory text on the intro', () => {
      const intro = buildTimeline(planInput()).segments[0].visual;
      assert.deepEqual(intro.lines.map((l) => l.text), ['Margaret Ellen Hughes', '1931 - 2026', 'Forever in our hearts']);
    });

    it('moves a custom zoom from its start rectangle to its end rectangle', () => {
      const custom = { transition: false, effect: true, overlay: false, border: false };
      const kenburns: [{ x1: number; x2: number; y1: number; y2: number }, { x1: number; x2: number; y1: number; y2: number }] = [
        { x1: 0, x2: 32000, y1: 0, y2: 32000 },
        { x1: 16000, x2: 32000, y1: 16000, y2: 32000 },
      ];
      const visual = buildTimeline(planInput({ slides: [planSlide(1, { effectId: 5, userSet: custom, kenburns })] })).segments[1].visual;
      assert.deepEqual(visual.motion, { from: { x: 0, y: 0, w: 1, h: 1 }, to: { x: 0.5, y: 0.5, w: 0.5, h: 0.5 } });
    });
  });

  describe('audio', () => {
    it('ducks the music while a clip plays, from the start of its transition', () => {
      const clip = { start: 2, end: 5, volume: 1.5, duckVolume: 0.3, hasAudio: true };
      const slides = [planSlide(1), planSlide(2, { kind: 'clip', time: 3, clip })];
      const { audio } = buildTimeline(planInput({ slides }));
      assert.deepEqual(audio.ducks, [{ from: 4, to: 7, level: 0.3 }]);
      assert.deepEqual(audio.clips, [{ slideId: 2, version: 'v2', from: 2, to: 5, at: 4, volume: 1.5 }]);
    });

    it('leaves the music alone for a clip at full duck volume and plays nothing of a silent clip', () => {
      const clip = { start: 0, end: 3, volume: 1, duckVolume: 1, hasAudio: false };
      const { audio } = buildTimeline(planInput({ slides: [planSlide(1), planSlide(2, { kind: 'clip', clip })] }));
      assert.deepEqual([audio.ducks, audio.clips], [[], []]);
    });
  });
});
