import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Live } from '../src/live/live.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { runTool } from '../src/repositories/run-tool.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addClip, addPhoto, addTextSlide, insertTestTheme } from './render-helpers.ts';

/** A photo red on its left half and blue on its right. */
const halves = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w / 2}" height="${h}" fill="#dc1e1e"/><rect x="${w / 2}" width="${w / 2}" height="${h}" fill="#1e1edc"/></svg>`;

describe('slide edit calls', function () {
  this.timeout(120_000);
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };
  let video: VideoRow;
  const told: { videoId: number; owner: string | null }[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    h.deps.live = { notify: async (videoId: number, owner: string | null) => void told.push({ videoId, owner }), close: async () => {} } as Live;
  });
  after(async () => h.close());

  beforeEach(async () => {
    const themeId = await insertTestTheme(h.deps, { introLength: 0.5, outroLength: 0.5 });
    video = await makeVideo(h.deps, { organization_id: user.organization_id, theme_id: themeId, automatic_timing: false, slide_time: 2 } as Partial<VideoRow> & { organization_id: number });
    told.length = 0;
  });

  const get = async (agent: Awaited<ReturnType<Harness['agent']>>, url: string) => (await agent.get(url).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  }).expect(200)).body as Buffer;

  it('crops a photo, refuses clips, text slides and tiny crops, and Crop as New crops a copy', async () => {
    const agent = await h.agent(user);
    const photo = await addPhoto(h.deps, video, 800, 600);
    const res = await agent.post('/r/slides/crop/').set('x-live-socket', 'sock-1').send({ video_id: video.id, image_id: photo.id, x1: 0, x2: 16000, y1: 0, y2: 16000 }).expect(200);
    assert.deepEqual(res.body.slide.crop, { x1: 0, x2: 16000, y1: 0, y2: 16000 });
    assert.equal(res.body.slide.has_been_edited, true);
    const big = await sharp(await get(agent, res.body.slide.big_url)).metadata();
    assert.deepEqual([big.width, big.height], [400, 300]);
    const whole = await sharp(await get(agent, res.body.slide.big_sans_crop_url)).metadata();
    assert.deepEqual([whole.width, whole.height], [800, 600], 'the crop tool sees the whole photo');
    assert.ok(told.some((t) => t.videoId === video.id && t.owner === 'sock-1'), 'the other editors are told, and the caller is named so its own tab ignores it');

    const clip = await addClip(h.deps, video, 1);
    const text = await addTextSlide(h.deps, video, 'Words');
    const refused = async (id: number) => (await agent.post('/r/slides/crop/').send({ video_id: video.id, image_id: id, x1: 0, x2: 100, y1: 0, y2: 100 }).expect(400)).body.errors[0];
    assert.equal(await refused(clip.id), 'Cannot crop video');
    assert.equal(await refused(text.id), 'Cannot crop text slide');
    const tiny = await agent.post('/r/slides/crop/').send({ video_id: video.id, image_id: photo.id, x1: 0, x2: 500, y1: 0, y2: 16000 }).expect(400);
    assert.match(tiny.body.errors[0], /at least 16 pixels/);

    const copy = await agent.post('/r/slides/crop/').send({ video_id: video.id, image_id: photo.id, x1: 16000, x2: 32000, y1: 0, y2: 32000, as_new: true }).expect(200);
    assert.notEqual(copy.body.slide.id, photo.id);
    assert.deepEqual(copy.body.slide.crop, { x1: 16000, x2: 32000, y1: 0, y2: 32000 });
    assert.deepEqual((await h.deps.repos.slides.find(photo.id))!.crop, { x1: 0, x2: 16000, y1: 0, y2: 16000 }, 'the original keeps its crop');
  });

  it('saves colour, straighten, red-eye and blemish fields through /slides/save, validated, and Undo All Changes restores the original bytes', async () => {
    const agent = await h.agent(user);
    const photo = await addPhoto(h.deps, video, 600, 400);
    const list = async () => (await agent.get(`/slides/slide_list/${video.id}`).expect(200)).body.slides.find((s: { id: number }) => s.id === photo.id);
    const before = await list();
    const originalThumb = await get(agent, before.thumb_url);
    const originalBig = await get(agent, before.big_url);

    await agent.post('/slides/save').send({ video_id: video.id, slide_id: photo.id, redeyes: 'not json' }).expect(400);
    await agent.post('/slides/save').send({ video_id: video.id, slide_id: photo.id, brightness: 250 }).expect(400);
    const saved = await agent
      .post('/slides/save')
      .send({ video_id: video.id, slide_id: photo.id, brightness: 150, saturation: 40, hue: 30, contrast: 120, straighten: 10, redeyes: '[[100,100,10]]', blemishes: JSON.stringify([[300, 200, 12], [304, 200, 12]]) })
      .expect(200);
    const slide = saved.body.slide;
    assert.deepEqual(slide.redeyes, [[100, 100, 10]]);
    assert.equal(slide.straighten, 10);
    assert.equal(slide.has_been_edited, true);
    assert.notEqual(slide.thumb_url, before.thumb_url);
    for (const tool of ['crop', 'straighten', 'color', 'redeyes', 'blemishes']) assert.match(slide[`big_sans_${tool}_url`], new RegExp(`/image/big_sans_${tool}-`));
    assert.notEqual(slide.big_sans_redeyes_url.split('-')[1], slide.big_sans_color_url.split('-')[1], 'each tool image has its own version');
    const edited = await sharp(await get(agent, slide.big_url)).stats();
    const plain = await sharp(originalBig).stats();
    assert.ok(edited.channels[0].mean !== plain.channels[0].mean);
    const sansColour = await get(agent, slide.big_sans_color_url);
    assert.ok((await sharp(sansColour).metadata()).width! < 600, 'the colour tool image is straightened');

    const reverted = await agent.post('/r/slides/revert').send({ video_id: video.id, slide_id: photo.id }).expect(200);
    assert.equal(reverted.body.slide.has_been_edited, false);
    assert.equal(reverted.body.slide.thumb_url, before.thumb_url);
    assert.ok((await get(agent, reverted.body.slide.thumb_url)).equals(originalThumb), 'the thumbnail is byte for byte the original one');
    assert.ok((await get(agent, reverted.body.slide.big_url)).equals(originalBig), 'so is the big image');
  });

  it('saves and clears the custom zoom, and previews it as a real render that shows the edits', async () => {
    const agent = await h.agent(user);
    const photo = await addPhoto(h.deps, video, 1600, 900, {}, halves(1600, 900));
    const start = { x1: 0, x2: 12000, y1: 10000, y2: 16750 };
    const end = { x1: 20000, x2: 32000, y1: 10000, y2: 16750 };
    await agent.post('/r/effects/save_ken_burns').send({ video_id: video.id, slide_id: photo.id, coords: 'nonsense' }).expect(400);
    const saved = await agent.post('/r/effects/save_ken_burns').send({ video_id: video.id, slide_id: photo.id, coords: { start, end } }).expect(200);
    assert.equal(saved.body.slide.effect_id, 5);
    assert.deepEqual(saved.body.slide.effect_data, { kenburns: [start, end] });
    // A hue of 180 turns the red half cyan and the blue half olive: the render must show both edit and motion.
    await agent.post('/slides/save').send({ video_id: video.id, slide_id: photo.id, hue: 180 }).expect(200);

    const preview = await agent.post('/r/effects/preview_ken_burns').send({ video_id: video.id, slide_id: photo.id }).expect(200);
    assert.match(preview.body.url, /^\/r\/effects\/ken_burns_preview\/\d+\/[0-9a-f]+\.mp4$/);
    assert.ok(preview.body.seconds > 1);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kb-preview-'));
    try {
      const mp4 = path.join(dir, 'p.mp4');
      await writeFile(mp4, await get(agent, preview.body.url));
      // Late in the move rather than the very end, where the video may already fade out.
      const frame = async (at: 'first' | 'last') => {
        const png = path.join(dir, `${at}.png`);
        const seek = ['-ss', at === 'first' ? '0' : (preview.body.seconds * 0.75).toFixed(2)];
        await runTool('ffmpeg', ['-v', 'error', '-y', ...seek, '-i', mp4, '-frames:v', '1', png], 30_000);
        const { data, info } = await sharp(await readFile(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
        return [data[i], data[i + 1], data[i + 2]];
      };
      const [r1, g1, b1] = await frame('first');
      assert.ok(g1 > r1 + 60 && b1 > r1 + 60, `the start shows the left half, cyan after the hue edit (${r1},${g1},${b1})`);
      const [r2, g2, b2] = await frame('last');
      // Blue turned half way round the hue circle (sharp's LCh) is a dark olive green: no blue left.
      assert.ok(g2 > b2 + 40 && b2 < 60, `the end shows the right half, green-yellow after the hue edit (${r2},${g2},${b2})`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const cleared = await agent.post('/r/effects/clear_ken_burns').send({ video_id: video.id, slide_id: photo.id }).expect(200);
    assert.equal(cleared.body.slide.effect_data, null);
    assert.equal(cleared.body.slide.effect_id, 0);
    assert.equal(cleared.body.slide.user_set_effect, false);
  });

  it('replaces the photo keeping the edits that still make sense, and gives the inspection facts', async () => {
    const agent = await h.agent(user);
    const photo = await addPhoto(h.deps, video, 800, 600);
    await agent.post('/slides/save').send({ video_id: video.id, slide_id: photo.id, brightness: 130, redeyes: '[[400,300,20]]', blemishes: '[[100,100,10]]' }).expect(200);
    await agent.post('/r/slides/crop/').send({ video_id: video.id, image_id: photo.id, x1: 1000, x2: 31000, y1: 0, y2: 32000 }).expect(200);

    const same = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#446688' } }).withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS 5D' } }).jpeg().toBuffer();
    const res = await agent.post(`/slides/edit_slide_image/${video.id}/${photo.id}`).attach('uploadfile', same, 'new photo.jpg').expect(200);
    const slide = res.body.slide;
    assert.equal(slide.orig_path, 'new photo.jpg');
    assert.deepEqual([slide.width, slide.height], [1600, 1200]);
    assert.deepEqual(slide.redeyes, [[800, 600, 40]], 'marks scaled with the photo');
    assert.deepEqual(slide.crop, { x1: 1000, x2: 31000, y1: 0, y2: 32000 }, 'the crop kept');
    assert.equal(slide.brightness, 130);
    const big = await sharp(await get(agent, slide.big_url)).metadata();
    assert.deepEqual([big.width, big.height], [1500, 1200]);
    const original = await get(agent, `/r/slides/download/${photo.id}`);
    assert.ok(original.equals(same), 'Download to Edit gives the new original');

    const facts = (await agent.get(`/r/slides/${photo.id}/inspect`).expect(200)).body;
    assert.equal(facts.file_name, 'new photo.jpg');
    assert.equal(facts.type, 'image/jpeg');
    assert.equal(facts.camera, 'Canon EOS 5D');
    assert.deepEqual([facts.width, facts.height, facts.bytes], [1600, 1200, same.length]);

    const wide = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#884466' } }).png().toBuffer();
    const other = (await agent.post(`/slides/edit_slide_image/${video.id}/${photo.id}`).attach('uploadfile', wide, 'wide.png').expect(200)).body.slide;
    assert.deepEqual(other.redeyes, [], 'marks dropped when the shape changed');
    assert.deepEqual(other.blemishes, []);
    await agent.post(`/slides/edit_slide_image/${video.id}/${photo.id}`).attach('uploadfile', Buffer.from('not a photo at all'), 'x.jpg').expect(400);
    assert.equal((await h.deps.repos.slides.find(photo.id))!.processing_state, 'ready', 'a refused file leaves the slide as it was');
  });

  it('checks access: another organization sees nothing, a full-access family link may edit, an upload-only one may not', async () => {
    const photo = await addPhoto(h.deps, video, 400, 300);
    const stranger = await h.agent(await makeUser(h.deps));
    const crop = { x1: 0, x2: 16000, y1: 0, y2: 16000 };
    await stranger.post('/r/slides/crop/').send({ video_id: video.id, image_id: photo.id, ...crop }).expect(404);
    await stranger.post('/r/slides/revert').send({ video_id: video.id, slide_id: photo.id }).expect(404);
    await stranger.post('/r/effects/save_ken_burns').send({ video_id: video.id, slide_id: photo.id, coords: [crop, crop] }).expect(404);
    await stranger.get(`/r/slides/${photo.id}/inspect`).expect(404);
    // Another video's slide through one's own video is not found either.
    const mine = await makeVideo(h.deps, { organization_id: user.organization_id });
    await (await h.agent(user)).post('/r/slides/revert').send({ video_id: mine.id, slide_id: photo.id }).expect(404);

    const [full] = await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 1 }).returning('*');
    const family = (url: string, body: Record<string, unknown>) => h.request().post(url).send({ video_id: video.id, security_hash: full.security_hash, ...body });
    const res = await family('/r/slides/crop/', { image_id: photo.id, ...crop }).expect(200);
    assert.match(res.body.slide.big_sans_crop_url, /security_hash=/, 'tool images carry the link');
    await family('/r/slides/revert', { slide_id: photo.id }).expect(200);
    await h.deps.db('videos').where({ id: video.id }).update({ upload_link_access_level: 2 });
    await family('/r/slides/crop/', { image_id: photo.id, ...crop }).expect(404);
    await family('/r/effects/clear_ken_burns', { slide_id: photo.id }).expect(404);
    await family('/slides/save', { slide_id: photo.id, brightness: 120 }).expect(404);
  });
});
