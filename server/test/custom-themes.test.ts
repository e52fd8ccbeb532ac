import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import { HD } from '../src/render/compile/profiles.ts';
import { renderPlan } from '../src/render/compile/render-plan.ts';
import { buildTimeline } from '../src/render/plan/timeline.ts';
import { FPS } from '../src/render/plan/types.ts';
import { PREVIEW_FRAME } from '../src/services/intro-frame.service.ts';
import { ACCESS_FULL } from '../src/services/video-access.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const jpegSize = async (body: Buffer) => {
  const meta = await sharp(body).metadata();
  return [meta.format, meta.width, meta.height];
};

describe('custom themes', () => {
  let h: Harness;
  let orgId: number;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let staffAgent: TestAgent;
  let strangerAgent: TestAgent;
  const notices: number[] = [];

  before(async () => {
    h = await startHarness();
    h.deps.live = { notify: async (videoId) => void notices.push(videoId), close: async () => undefined };
    orgId = (await makeOrganization(h.deps, 'Willow Funeral Home')).id;
    staff = await makeUser(h.deps, { organizationId: orgId });
    stranger = await makeUser(h.deps);
    await h.deps.db('themes').insert([
      { id: 1, theme_title: 'Custom Theme Base' },
      {
        id: 5,
        theme_title: 'Autumn Leaves',
        design: JSON.stringify({
          fonts: { title: { key: 'dancing-script-bold' }, caption: { key: 'quicksand-regular' } },
          colours: { title: '#fff5e0', background: '#5a3a22' },
          art: { palette: ['#f4e8d8', '#e8c9a0', '#c98b4e', '#a4502a', '#4a2a18'] },
        }),
      },
    ]);
    staffAgent = await h.agent(staff);
    strangerAgent = await h.agent(stranger);
  });
  after(async () => h.close());

  async function create(themeId = 5, videoValues = {}) {
    const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Margaret Hughes', ...videoValues });
    const res = await staffAgent.post('/custom_themes').send({ video_id: video.id, theme_id: themeId }).expect(201);
    return { video, id: res.body.custom_theme_id as number };
  }

  describe('POST /custom_themes', () => {
    it("makes a custom theme of the video's organization from its base theme's fonts and colours", async () => {
      const { id } = await create(5);
      const row = await h.deps.db('custom_themes').where({ id }).first();
      assert.deepEqual([row.theme_id, row.organization_id, row.user_id, row.title], [5, orgId, staff.id, 'Autumn Leaves (Custom)']);
      const res = await staffAgent.get(`/r/custom_themes/${id}`).expect(200);
      assert.deepEqual(res.body.custom_theme.design, {
        intro_enabled: true,
        intro_image_url: null,
        background_mode: 'theme',
        background_colour: '#5a3a22',
        background_image_url: null,
        title_font: 'dancing-script-bold',
        title_colour: '#fff5e0',
        caption_font: 'quicksand-regular',
      });
      assert.ok(res.body.fonts.some((f: { key: string; label: string }) => f.key === 'gentium-basic-italic' && f.label === 'Gentium Basic Italic'));
    });

    it('starts a full custom theme on a plain colour', async () => {
      const { id } = await create(1);
      const res = await staffAgent.get(`/r/custom_themes/${id}`).expect(200);
      assert.equal(res.body.custom_theme.title, 'Custom Theme');
      assert.equal(res.body.custom_theme.design.background_mode, 'colour');
    });

    it('refuses an unknown theme, a video of another organization, a signed-out caller and a family link', async () => {
      const video = await makeVideo(h.deps, { organization_id: orgId, upload_link_access_level: ACCESS_FULL });
      await staffAgent.post('/custom_themes').send({ video_id: video.id, theme_id: 99 }).expect(422);
      await strangerAgent.post('/custom_themes').send({ video_id: video.id, theme_id: 5 }).expect(404);
      await h.request().post('/custom_themes').send({ video_id: video.id, theme_id: 5, security_hash: video.security_hash }).expect(401);
      assert.equal((await h.deps.db('custom_themes').where({ organization_id: orgId }).count<{ count: number }[]>('* as count'))[0].count, 2);
    });
  });

  describe('PATCH /r/custom_themes/{id}', () => {
    it('saves the design and tells the videos drawn with it', async () => {
      const { video, id } = await create(5);
      await h.deps.db('videos').where({ id: video.id }).update({ theme_id: 5, custom_theme_id: id });
      notices.length = 0;
      const res = await staffAgent
        .patch(`/r/custom_themes/${id}`)
        .send({ title: 'Autumn for Margaret', background_mode: 'colour', background_colour: '#223344', title_font: 'chorus', title_colour: '#ffeecc', caption_font: 'lato-regular', intro_enabled: false })
        .expect(200);
      assert.equal(res.body.custom_theme.title, 'Autumn for Margaret');
      assert.deepEqual(res.body.custom_theme.design, {
        intro_enabled: false,
        intro_image_url: null,
        background_mode: 'colour',
        background_colour: '#223344',
        background_image_url: null,
        title_font: 'chorus',
        title_colour: '#ffeecc',
        caption_font: 'lato-regular',
      });
      assert.deepEqual(notices, [video.id]);
    });

    it('refuses a font that is not in the catalogue and a colour that is not #rrggbb', async () => {
      const { id } = await create(5);
      const font = await staffAgent.patch(`/r/custom_themes/${id}`).send({ title_font: 'comic-sans' }).expect(422);
      assert.deepEqual(font.body, { errors: ['Please choose a valid title font.'] });
      await staffAgent.patch(`/r/custom_themes/${id}`).send({ title_colour: 'red' }).expect(422);
      await staffAgent.patch(`/r/custom_themes/${id}`).send({ background_mode: 'theme' }).expect(200);
    });

    it('keeps the theme artwork choice to themes that have artwork', async () => {
      const { id } = await create(1);
      await staffAgent.patch(`/r/custom_themes/${id}`).send({ background_mode: 'theme' }).expect(422);
    });

    it("answers another organization's custom theme like a missing one", async () => {
      const { id } = await create(5);
      const missing = await strangerAgent.get('/r/custom_themes/999999').expect(404);
      for (const [method, path] of [
        ['get', `/r/custom_themes/${id}`],
        ['patch', `/r/custom_themes/${id}`],
        ['delete', `/custom_themes/${id}`],
        ['get', `/custom_themes/${id}/preview.jpg`],
      ] as const) {
        const res = await strangerAgent[method](path).expect(404);
        assert.deepEqual(res.body, missing.body, `${method} ${path}`);
      }
    });
  });

  describe('pictures', () => {
    it('stores an uploaded intro scene as a 1280x720 JPEG and serves it', async () => {
      const { id } = await create(1);
      const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#336699' } }).png().toBuffer();
      const res = await staffAgent.post(`/r/custom_themes/${id}/images/intro`).attach('file', png, 'scene.png').expect(200);
      const url = res.body.custom_theme.design.intro_image_url;
      assert.match(url, new RegExp(`^/custom_themes/${id}/images/intro\\?v=`));
      const image = await staffAgent.get(url).buffer(true).expect(200).expect('Content-Type', 'image/jpeg');
      assert.deepEqual(await jpegSize(image.body), ['jpeg', 1280, 720]);
      const removed = await staffAgent.patch(`/r/custom_themes/${id}`).send({ intro_image: null }).expect(200);
      assert.equal(removed.body.custom_theme.design.intro_image_url, null);
    });

    it('refuses a file that is not a picture, and strangers before reading their upload', async () => {
      const { id } = await create(5);
      await staffAgent.post(`/r/custom_themes/${id}/images/background`).attach('file', Buffer.from('not a picture'), 'notes.txt').expect(415);
      await strangerAgent.post(`/r/custom_themes/${id}/images/background`).attach('file', Buffer.from('x'), 'x.png').expect(404);
      await staffAgent.post(`/r/custom_themes/${id}/images/elsewhere`).attach('file', Buffer.from('x'), 'x.png').expect(404);
    });
  });

  describe('GET /custom_themes/{id}/preview.jpg', () => {
    /** RGB pixels of the middle of a 1280x720 JPEG (the titles, and the scene around them). */
    const pixelsOf = async (jpeg: Buffer) => sharp(jpeg).extract({ left: 160, top: 180, width: 960, height: 360 }).removeAlpha().raw().toBuffer();
    const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
    /** How many pixels of the middle of the frame (where the intro's title is) are close to a colour. */
    const titlePixels = async (jpeg: Buffer, [r, g, b]: [number, number, number]) => {
      const { data, info } = await sharp(jpeg).extract({ left: 256, top: 216, width: 768, height: 216 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let count = 0;
      for (let i = 0; i < info.width * info.height * 3; i += 3) if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 90) count++;
      return count;
    };
    const preview = async (id: number, videoId: number) =>
      (await staffAgent.get(`/custom_themes/${id}/preview.jpg?video_id=${videoId}`).buffer(true).expect(200).expect('Content-Type', 'image/jpeg')).body as Buffer;

    it("is a frame of the render engine's intro with the video's title, after the titles have faded in", async function () {
      this.timeout(60_000);
      const { video, id } = await create(5, { subtitle: 'Forever in our hearts', intro_text: 'A life well lived' });
      const jpeg = await preview(id, video.id);
      assert.deepEqual(await jpegSize(jpeg), ['jpeg', 1280, 720]);

      // The engine's own intro, planned as a render plans it and rendered as a segment, then seen at the same moment.
      const { render } = h.deps;
      const { theme, art } = await render.themes.forVideo({ theme_id: 5, custom_theme_id: id });
      const timeline = buildTimeline({
        title: 'Margaret Hughes', subtitle: 'Forever in our hearts', introText: 'A life well lived', theme: { ...theme, outroLength: 0 },
        look: { pools: { transition: [], effect: [], overlay: [], border: [] }, backgroundId: null, captionBackdrop: true },
        slides: [], songs: [], repeatMusic: false,
      });
      assert.equal(timeline.segments[0].visual.kind, 'intro');
      // Only the intro's first frames up to the preview's: the rest of the segment does not change them.
      const intro = { ...timeline.segments[0], frames: PREVIEW_FRAME + 1, transition: null };
      const plan = renderPlan({ ...timeline, segments: [intro] }, HD, art);
      const segment = render.files.path(await render.pieces.segment(plan, 0));
      const dir = mkdtempSync(path.join(os.tmpdir(), 'custom-theme-preview-'));
      try {
        const engineFrame = async (frame: number) => {
          const file = path.join(dir, `frame-${frame}.jpg`);
          await render.ffmpeg.frame(segment, frame / FPS, file);
          return pixelsOf(readFileSync(file));
        };
        const ours = await pixelsOf(jpeg);
        const same = meanDifference(ours, await engineFrame(PREVIEW_FRAME));
        const faded = meanDifference(ours, await engineFrame(0));
        assert.ok(same < 2, `the preview differs from the engine's frame by ${same.toFixed(2)} per channel`);
        assert.ok(faded > 4 * Math.max(same, 0.5), `the first frame, before the titles, differs by ${faded.toFixed(2)} only`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      // Unchanged, it is answered from storage, and the browser is told it has it already.
      const again = await staffAgent.get(`/custom_themes/${id}/preview.jpg?video_id=${video.id}`).buffer(true).expect(200);
      assert.ok(jpeg.equals(again.body));
      await staffAgent.get(`/custom_themes/${id}/preview.jpg?video_id=${video.id}`).set('If-None-Match', again.headers.etag).expect(304);
    });

    it('draws the title in the chosen colour, and the chosen background when the intro is off', async function () {
      this.timeout(60_000);
      const { video, id } = await create(5);
      const before = await preview(id, video.id);
      assert.ok((await titlePixels(before, [255, 0, 0])) < 50, 'no red title yet');
      await staffAgent.patch(`/r/custom_themes/${id}`).send({ title_colour: '#ff0000' }).expect(200);
      const red = await preview(id, video.id);
      assert.ok(!red.equals(before));
      assert.ok((await titlePixels(red, [255, 0, 0])) > 1500, 'the title is drawn in red');

      await staffAgent.patch(`/r/custom_themes/${id}`).send({ intro_enabled: false, background_mode: 'colour', background_colour: '#2060c0' }).expect(200);
      const off = await preview(id, video.id);
      const { data } = await sharp(off).extract({ left: 20, top: 20, width: 40, height: 40 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const corner = [0, 1, 2].map((c) => data.filter((_, i) => i % 3 === c).reduce((sum, v) => sum + v, 0) / (data.length / 3));
      assert.ok(Math.abs(corner[0] - 0x20) + Math.abs(corner[1] - 0x60) + Math.abs(corner[2] - 0xc0) < 30, `the background is ${corner.map(Math.round).join(',')}`);
      assert.ok((await titlePixels(off, [255, 0, 0])) > 1500, 'with the title still over it');
    });

    it("refuses to draw another organization's video title", async () => {
      const { id } = await create(5);
      const foreign = await makeVideo(h.deps, { organization_id: stranger.organization_id, title: 'Secret' });
      await staffAgent.get(`/custom_themes/${id}/preview.jpg?video_id=${foreign.id}`).expect(404);
    });
  });

  describe('DELETE /custom_themes/{id}', () => {
    it('removes it and sets the videos still being made with it back to no theme', async () => {
      const { video, id } = await create(5);
      await h.deps.db('videos').where({ id: video.id }).update({ theme_id: 5, custom_theme_id: id });
      const finalized = await makeVideo(h.deps, { organization_id: orgId, theme_id: 5, custom_theme_id: id, date_in_queue: new Date() });
      notices.length = 0;
      const res = await staffAgent.delete(`/custom_themes/${id}`).expect(200);
      assert.deepEqual(res.body, { success: true, reset_video_ids: [video.id] });
      const row = await h.deps.db('videos').where({ id: video.id }).first();
      assert.deepEqual([row.theme_id, row.custom_theme_id], [0, null]);
      const kept = await h.deps.db('videos').where({ id: finalized.id }).first();
      assert.equal(kept.custom_theme_id, id);
      assert.deepEqual(notices, [video.id]);
      await staffAgent.get(`/r/custom_themes/${id}`).expect(404);
    });
  });
});
