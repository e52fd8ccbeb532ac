import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { jobHandlers } from '../src/jobs/handlers.ts';
import { stopDetection } from '../src/media/detection-runner.ts';
import { HD } from '../src/render/compile/profiles.ts';
import { renderPlan, type RenderPlan } from '../src/render/compile/render-plan.ts';
import { holds } from '../src/render/plan/face-framing.ts';
import { photoPlacement, rectAt } from '../src/render/plan/motion.ts';
import { buildTimeline } from '../src/render/plan/timeline.ts';
import type { Rect, Visual } from '../src/render/plan/types.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto, insertTestTheme } from './render-helpers.ts';

/** The render plan frames an automatic move around the faces the rotation analysis stored (slide_ideas.faces). */
describe('face-aware framing in the render plan', function () {
  this.timeout(60_000);
  let h: Harness;
  let video: VideoRow;
  let withFace: SlideRow;
  let without: SlideRow;
  let turned: SlideRow;
  let themeId: number;
  // Fractions of the photo as analysed: a face close to its left edge.
  const edgeFace = { x1: 0.01, x2: 0.07, y1: 0.35, y2: 0.47, score: 0.93 };

  async function plan(): Promise<RenderPlan> {
    const loaded = await h.deps.render.inputs.load((await h.deps.repos.videos.findById(video.id))!);
    assert.equal(loaded.pending, null);
    return renderPlan(buildTimeline(loaded.input), HD, loaded.art);
  }
  const visualOf = (p: RenderPlan, slide: SlideRow): Visual => p.timeline.segments.find((s) => s.visual.slideId === slide.id)!.visual;
  const wholeThroughout = (visual: Visual, faces: Rect[]): boolean => {
    for (let f = 0; f < visual.span; f++) if (!faces.every((face) => holds(rectAt(visual.motion, f, visual.span), face))) return false;
    return true;
  };
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-3;

  before(async () => {
    h = await startHarness();
    const org = (await h.deps.db('organizations').insert({ organization_name: 'Framing Org' }).returning('id'))[0].id as number;
    themeId = await insertTestTheme(h.deps);
    video = await makeVideo(h.deps, { organization_id: org, theme_id: themeId, automatic_timing: false, slide_time: 3 } as Partial<VideoRow> & { organization_id: number });
    // A 16:9 photo fills the scene, so fractions of the photo are scene units.
    withFace = await addPhoto(h.deps, video, 1600, 900);
    without = await addPhoto(h.deps, video, 1600, 900);
    // Analysed upright, turned a quarter clockwise since (an accepted rotation idea): the face is now near the top.
    turned = await addPhoto(h.deps, video, 1600, 900);
    await h.deps.repos.slides.update(turned.id, { angle: 90 });
    const idea = (slide: SlideRow) => ({ slide_id: slide.id, video_id: video.id, flavor: 'rotation', na: true, faces: JSON.stringify([edgeFace]), analysed_angle: 0 });
    await h.deps.db('slide_ideas').insert([idea(withFace), idea(turned)]);
  });

  after(async () => {
    stopDetection();
    await h?.close();
  });

  it('keeps a stored face near the edge whole in every frame of the automatic move and records the box it used', async () => {
    const p = await plan();
    const visual = visualOf(p, withFace);
    assert.ok(visual.motion, 'the automatic effect moves');
    assert.equal(visual.faces?.length, 1);
    const [face] = visual.faces!;
    assert.ok(near(face.x, 0.01) && near(face.w, 0.06) && near(face.y, 0.35) && near(face.h, 0.12), JSON.stringify(face));
    assert.ok(wholeThroughout(visual, [face]));
    // The same photo without faces keeps the centred move, which would cut that face: the framing is what saves it.
    const plain = visualOf(p, without);
    assert.equal(plain.faces, undefined);
    assert.ok(plain.motion && !wholeThroughout(plain, [face]), 'the centred zoom cuts the face');
  });

  it('carries the face through a quarter turn made after the analysis', async () => {
    const visual = visualOf(await plan(), turned);
    const [face] = visual.faces ?? [];
    assert.ok(face, 'the face is kept');
    // Turned clockwise, the photo's left edge is at the top: the face sits just under the top of the portrait photo.
    assert.ok(face.y < 0.1 && face.h < 0.1, JSON.stringify(face));
    assert.ok(wholeThroughout(visual, [face]));
  });

  it('keeps the face inside the automatic cover crop, which centred would cut it', async () => {
    // A 4:3 photo whose 16:9 cover loses 112 rows at the top when centred; a red "face" in rows 18..90.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#808080"/>' +
      '<rect x="480" y="18" width="96" height="72" fill="#ff0000"/></svg>';
    const photo = await addPhoto(h.deps, video, 1200, 900, {}, svg);
    const redAt = async (file: string, x: number, y: number) => {
      const { data } = await sharp(file).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      return data[0] > 200 && data[1] < 60 && data[2] < 60;
    };
    const centred = await h.deps.slideMedia.ensureDerived(photo, 'cover_big');
    assert.ok(!(await redAt(centred, 528, 54 - 18)), 'no face in the centred cover');
    await h.deps.db('slide_ideas').insert({
      slide_id: photo.id, video_id: video.id, flavor: 'rotation', na: true, analysed_angle: 0,
      faces: JSON.stringify([{ x1: 0.4, x2: 0.48, y1: 0.02, y2: 0.1, score: 0.9 }]),
    });
    const framed = await h.deps.slideMedia.ensureDerived(photo, 'cover_big');
    assert.notEqual(path.basename(framed), path.basename(centred), 'a new file once faces are known');
    const meta = await sharp(framed).metadata();
    assert.deepEqual([meta.width, meta.height], [1200, 675]);
    assert.ok(await redAt(framed, 528, 54), 'the face is in the cover');
  });

  /** A real photograph (a face in it) as a drawing addPhoto can store, and a video of its own to put it in. */
  async function astronautVideo() {
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/rotation/astronaut.jpg');
    const data = await sharp(fixture).jpeg().toBuffer();
    const { width = 0, height = 0 } = await sharp(data).metadata();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
      `<image width="${width}" height="${height}" xlink:href="data:image/jpeg;base64,${data.toString('base64')}"/></svg>`;
    const own = await makeVideo(h.deps, { organization_id: video.organization_id, theme_id: themeId, automatic_timing: false, slide_time: 3 } as Partial<VideoRow> & { organization_id: number });
    return { width, height, svg, own };
  }

  it('frames a real photograph around the face its analysis found', async () => {
    const { width, height, svg, own } = await astronautVideo();
    const photo = await addPhoto(h.deps, own, width, height, {}, svg);
    await jobHandlers(h.deps)['slides.analyse']({ slideId: photo.id });
    const stored = (await h.deps.db('slide_ideas').where({ slide_id: photo.id }).first<{ faces: { x1: number; y1: number }[] }>())?.faces ?? [];
    assert.equal(stored.length, 1, 'the analysis found her face');
    const loaded = await h.deps.render.inputs.load((await h.deps.repos.videos.findById(own.id))!);
    const visual = buildTimeline(loaded.input).segments.find((s) => s.visual.slideId === photo.id)!.visual;
    const [face] = visual.faces ?? [];
    assert.ok(face, 'the plan records the face');
    const place = photoPlacement(width / height, visual.borderId);
    assert.ok(near(face.x, place.x + stored[0].x1 * place.w) && near(face.y, place.y + stored[0].y1 * place.h), JSON.stringify({ face, stored }));
    assert.ok(wholeThroughout(visual, [face]));
  });

  it('places the faces of a photo cropped before its analysis finished where they are on the photo', async () => {
    const { width, height, svg, own } = await astronautVideo();
    const plain = await addPhoto(h.deps, own, width, height, {}, svg);
    // The same photo, its left fifth cropped off in the first seconds, before its analysis ran.
    const cropped = await addPhoto(h.deps, own, width, height, {}, svg);
    const crop = { x1: 6400, x2: 32000, y1: 0, y2: 32000 };
    await h.deps.repos.slides.update(cropped.id, { crop });
    for (const slide of [plain, cropped]) await jobHandlers(h.deps)['slides.analyse']({ slideId: slide.id });
    const loaded = await h.deps.render.inputs.load((await h.deps.repos.videos.findById(own.id))!);
    const visualOf = (slide: SlideRow) => buildTimeline(loaded.input).segments.find((s) => s.visual.slideId === slide.id)!.visual;
    /** The plan's face as fractions of the photo as edited (scene units back through the photo's placement). */
    const faceOn = (slide: SlideRow, aspect: number) => {
      const visual = visualOf(slide);
      const [face] = visual.faces ?? [];
      assert.ok(face, `the plan records a face for slide ${slide.id}`);
      const place = photoPlacement(aspect, visual.borderId);
      return { cx: (face.x + face.w / 2 - place.x) / place.w, cy: (face.y + face.h / 2 - place.y) / place.h, w: face.w / place.w };
    };
    const whole = faceOn(plain, width / height);
    const onCrop = faceOn(cropped, (0.8 * width) / height);
    // Where the face found on the whole photo lies on the cropped one. The detector saw other pixels, so its box may
    // differ a little in size: the centres must agree closely.
    const expected = { cx: (whole.cx - 0.2) / 0.8, cy: whole.cy, w: whole.w / 0.8 };
    const close = (a: number, b: number) => Math.abs(a - b) < 0.02;
    assert.ok(close(onCrop.cx, expected.cx) && close(onCrop.cy, expected.cy) && Math.abs(onCrop.w / expected.w - 1) < 0.2, JSON.stringify({ onCrop, expected }));
    assert.ok(wholeThroughout(visualOf(cropped), visualOf(cropped).faces!));
  });

  it('re-renders a slide whose faces change, and only that slide', async () => {
    const before = await plan();
    await h.deps.db('slide_ideas').where({ slide_id: withFace.id }).update({ faces: JSON.stringify([{ ...edgeFace, x1: 0.9, x2: 0.97 }]) });
    const after = await plan();
    const hashOf = (p: RenderPlan, slide: SlideRow) => p.hashes[p.timeline.segments.findIndex((s) => s.visual.slideId === slide.id)];
    assert.notEqual(hashOf(after, withFace), hashOf(before, withFace));
    assert.equal(hashOf(after, turned), hashOf(before, turned));
    assert.notEqual(after.hash, before.hash);
    await h.deps.db('slide_ideas').where({ slide_id: withFace.id }).update({ faces: JSON.stringify([edgeFace]) });
  });
});
