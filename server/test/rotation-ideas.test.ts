import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ANALYSIS_RETRY_SECONDS, jobHandlers } from '../src/jobs/handlers.ts';
import { LOCK_KEY } from '../src/services/library-preparation.service.ts';
import type { Live } from '../src/live/live.ts';
import { stopDetection } from '../src/media/detection-runner.ts';
import type { SlideRow } from '../src/repositories/slide.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto } from './render-helpers.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/rotation');

describe('AI rotation ideas (slides.analyse job, POST /r/slides/ideas, POST /r/slides/accept_ideas)', function () {
  this.timeout(180_000);
  let h: Harness;
  let user: Awaited<ReturnType<typeof makeUser>>;
  let video: VideoRow;
  const told: { videoId: number; owner: string | null }[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    h.deps.live = { notify: async (videoId: number, owner: string | null) => void told.push({ videoId, owner }), close: async () => {} } as Live;
  });
  after(async () => {
    stopDetection();
    await h.close();
  });
  beforeEach(async () => {
    video = await makeVideo(h.deps, { organization_id: user.organization_id });
    told.length = 0;
  });

  /**
   * A real photograph turned `turn` degrees clockwise, uploaded as a scan (no EXIF, or the Orientation 1 a scanner's
   * software writes) or as a phone's photo (its orientation and exposure), and processed.
   */
  async function scan(name: string, turn: number, exif: 'phone' | 'scanner' | false = false): Promise<SlideRow> {
    let image = sharp(path.join(fixtures, `${name}.jpg`)).rotate(turn).jpeg();
    if (exif === 'phone') image = image.withExif({ IFD0: { Make: 'Google', Model: 'Pixel 7', Orientation: '1' }, IFD2: { ExposureTime: '1/120', ISOSpeedRatings: '100' } });
    if (exif === 'scanner') image = image.withExif({ IFD0: { Make: 'EPSON', Model: 'Perfection V600', Software: 'Epson Scan', Orientation: '1' } });
    const data = await image.toBuffer();
    const meta = await sharp(data).metadata();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${meta.width}" height="${meta.height}"><image width="${meta.width}" height="${meta.height}" xlink:href="data:image/jpeg;base64,${data.toString('base64')}"/></svg>`;
    const slide = await addPhoto(h.deps, video, meta.width, meta.height, {}, svg);
    if (exif) {
      // addPhoto re-encodes the drawing; put the camera's file in place as the original.
      await h.deps.repos.storage.write(slide.orig_path!, data);
    }
    return slide;
  }

  const analyse = (slideId: number) => jobHandlers(h.deps)['slides.analyse']({ slideId });
  const processLater = (slideId: number) => jobHandlers(h.deps)['slides.process']({ slideId, later: true });

  it('suggests the turn for a sideways scan, nothing for an upright one, and accepts through the rotate path', async () => {
    const agent = await h.agent(user);
    const sideways = await scan('astronaut', 90);
    const upright = await scan('camera', 0);
    const pending = await scan('coffee', 0);
    const before = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [sideways.id, upright.id] }).expect(200)).body.ideas;
    assert.deepEqual(before, [], 'nothing before the analysis ran');
    await analyse(sideways.id);
    await analyse(upright.id);
    const { ideas } = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [sideways.id, upright.id, pending.id] }).expect(200)).body;
    const of = (id: number) => ideas.find((i: { slide_id: number }) => i.slide_id === id);
    assert.deepEqual(of(sideways.id), { flavor: 'rotation', slide_id: sideways.id, accepted: null, na: false, angle: 270 });
    assert.equal(of(upright.id)?.na, true);
    assert.equal(of(pending.id), undefined, 'not analysed yet');

    // Form-encoded, as the spec's client sends it (the map as JSON text in the form field).
    await agent.post('/r/slides/accept_ideas').type('form').set('x-live-socket', 'sock-3').send(`video_id=${video.id}&rotation=${encodeURIComponent(JSON.stringify({ [sideways.id]: true }))}`).expect(200);
    assert.equal((await h.deps.repos.slides.find(sideways.id))!.angle, 270);
    assert.ok(told.some((t) => t.videoId === video.id && t.owner === 'sock-3'), 'other editors are told');
    const after = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [sideways.id] }).expect(200)).body.ideas;
    assert.equal(after[0].accepted, true);
    // Accepting again does not turn it twice.
    await agent.post('/r/slides/accept_ideas').send({ video_id: video.id, rotation: { [sideways.id]: true } }).expect(200);
    assert.equal((await h.deps.repos.slides.find(sideways.id))!.angle, 270);
  });

  it('waits while a new installation’s library is being prepared, and makes the later sizes and analyses once it is done', async () => {
    const slide = await scan('astronaut', 90);
    const sent: unknown[] = [];
    const queue = h.deps.queue;
    h.deps.queue = { send: async (name: string, data: unknown, options: unknown) => void sent.push({ name, data, options }) } as unknown as typeof queue;
    // Another process holds the preparation's lock, as a first start does for its first minutes.
    const holder = await h.deps.db.client.acquireConnection();
    try {
      await holder.query('select pg_advisory_lock($1)', [LOCK_KEY]);
      await processLater(slide.id);
      await analyse(slide.id);
      assert.equal(await h.deps.db('slide_ideas').where({ slide_id: slide.id }).first(), undefined, 'analysed during the preparation');
      assert.deepEqual(sent, [
        { name: 'slides.process', data: { slideId: slide.id, later: true }, options: { startAfter: ANALYSIS_RETRY_SECONDS, priority: -1 } },
        { name: 'slides.analyse', data: { slideId: slide.id }, options: { startAfter: ANALYSIS_RETRY_SECONDS } },
      ]);
      await holder.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
      sent.length = 0;
      await processLater(slide.id);
      assert.deepEqual(sent, [{ name: 'slides.analyse', data: { slideId: slide.id }, options: undefined }], 'the analysis follows the later sizes');
      // With PHOTO_ANALYSIS=0 no analysis is queued.
      sent.length = 0;
      h.deps.config.photoAnalysis = false;
      await processLater(slide.id).finally(() => (h.deps.config.photoAnalysis = true));
      assert.deepEqual(sent, []);
      await analyse(slide.id);
      assert.equal((await h.deps.db('slide_ideas').where({ slide_id: slide.id }).first())?.angle, 270);
    } finally {
      await h.deps.db.client.releaseConnection(holder);
      h.deps.queue = queue;
    }
  });

  it('records Ignore without turning, and trusts a camera EXIF orientation but not a scanner’s', async () => {
    const agent = await h.agent(user);
    // Upside down on the scanner's glass, with the Orientation 1 its software writes.
    const upsideDown = await scan('camera', 180, 'scanner');
    const phone = await scan('astronaut', 90, 'phone');
    await analyse(upsideDown.id);
    await analyse(phone.id);
    const { ideas } = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [upsideDown.id, phone.id] }).expect(200)).body;
    assert.equal(ideas.find((i: { slide_id: number }) => i.slide_id === upsideDown.id).angle, 180);
    assert.equal(ideas.find((i: { slide_id: number }) => i.slide_id === phone.id).na, true, 'a camera orientation is trusted');
    await agent.post('/r/slides/accept_ideas').send({ video_id: video.id, rotation: JSON.stringify({ [upsideDown.id]: false }) }).expect(200);
    assert.equal((await h.deps.repos.slides.find(upsideDown.id))!.angle, 0);
    const after = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [upsideDown.id] }).expect(200)).body.ideas;
    assert.equal(after[0].accepted, false);
  });

  it('checks access, and a photo that fails analysis just gets no suggestion', async () => {
    const photo = await scan('camera', 90);
    await analyse(photo.id);
    const stranger = await h.agent(await makeUser(h.deps));
    await stranger.post('/r/slides/ideas').send({ video_id: video.id, ids: [photo.id] }).expect(404);
    await stranger.post('/r/slides/accept_ideas').send({ video_id: video.id, rotation: { [photo.id]: true } }).expect(404);
    const mine = await makeVideo(h.deps, { organization_id: user.organization_id });
    const agent = await h.agent(user);
    await agent.post('/r/slides/accept_ideas').send({ video_id: mine.id, rotation: { [photo.id]: true } }).expect(200);
    assert.equal((await h.deps.repos.slides.find(photo.id))!.angle, 0, 'a slide of another video is not turned');

    const broken = await scan('coffee', 0);
    await h.deps.repos.storage.write(broken.orig_path!, Buffer.from('not a picture'));
    await h.deps.db('slides').where({ id: broken.id }).update({ orig_path: `${broken.orig_path!}.gone` });
    await analyse(broken.id);
    const { ideas } = (await agent.post('/r/slides/ideas').send({ video_id: video.id, ids: [broken.id] }).expect(200)).body;
    assert.deepEqual(ideas.map((i: { na: boolean; angle: number | null }) => [i.na, i.angle]), [[true, null]]);
  });
});
