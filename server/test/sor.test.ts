import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Deps } from '../src/deps.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

type Staff = { id: number; email: string; organization_id: number | null };

const day = (text: string) => new Date(`${text}T12:00:00`);

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).jpeg().toBuffer();
}

/** A slide with a real original on disk, as an upload leaves it once processed. */
async function addSlide(deps: Deps, videoId: number, values: Record<string, unknown> = {}, colour = '#336699') {
  const position = Number((await deps.db('slides').where({ video_id: videoId }).max('position as m').first())?.m ?? 0) + 1;
  const [row] = await deps.db('slides').insert({ video_id: videoId, position, processing_state: 'ready', ...values }).returning('*');
  if (!values.is_text) {
    const key = `videos/${videoId}/slides/${row.id}/original.jpg`;
    const bytes = await jpeg(colour);
    await deps.repos.storage.write(key, bytes);
    await deps.db('slides').where({ id: row.id }).update({ orig_path: key, orig_filename: `photo ${row.id}.jpg`, mime: 'image/jpeg', bytes: bytes.length });
  }
  return row as { id: number };
}

describe('Service of Remembrance (/r/sor)', () => {
  let h: Harness;
  let staff: Staff;

  before(async () => {
    h = await startHarness();
    staff = await makeUser(h.deps);
  });
  after(async () => h.close());

  const finished = (title: string, when: string, values: Record<string, unknown> = {}) =>
    makeVideo(h.deps, { organization_id: staff.organization_id, title, date_in_queue: day(when), finished: true, ...values });

  describe('POST /r/sor/create', () => {
    it('makes one slide per video finished in the range: its cover photo with the title as caption', async () => {
      const early = await finished('Ada Lovelace', '2025-02-10');
      await addSlide(h.deps, early.id, { is_video: true });
      await addSlide(h.deps, early.id, { is_text: true, slide_caption: 'In memory' });
      await addSlide(h.deps, early.id, { deleted_at: new Date() }, '#ff0000');
      const cover = await addSlide(h.deps, early.id, { angle: 90, brightness: 110 }, '#00aa00');
      await addSlide(h.deps, early.id, {}, '#0000ff');
      const late = await finished('Grace Hopper', '2025-03-31');
      await addSlide(h.deps, late.id);
      const noPhotos = await finished('Alan Turing', '2025-03-01');
      // None of these belong in it:
      await finished('Too early', '2025-01-31');
      await finished('Too late', '2025-04-01');
      await finished('Deleted', '2025-02-15', { deleted_at: new Date() });
      await finished('Earlier remembrance', '2025-02-20', { is_sor: true });
      await makeVideo(h.deps, { organization_id: staff.organization_id, title: 'Unfinished' });
      const otherOrg = await makeOrganization(h.deps);
      await makeVideo(h.deps, { organization_id: otherOrg.id, title: 'Elsewhere', date_in_queue: day('2025-02-11') });

      const agent = await h.agent(staff);
      const res = await agent
        .post('/r/sor/create')
        .type('form')
        .send({ start_date: '2025-02-01', end_date: '2025-03-31', caption_remove_backdrop: '1' })
        .expect(200);
      assert.equal(res.body.video_count, 3);
      const video = await h.deps.db('videos').where({ id: res.body.video_id }).first();
      assert.equal(video.title, 'Service of Remembrance 2025');
      assert.equal(video.is_sor, true);
      assert.equal(video.organization_id, staff.organization_id);
      assert.equal(video.user_id, staff.id);
      assert.equal(video.date_in_queue, null);

      const slides = await h.deps.db('slides').where({ video_id: video.id }).orderBy('position');
      assert.deepEqual(slides.map((s: { slide_caption: string }) => s.slide_caption), ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'], 'oldest first');
      assert.ok(slides.every((s: { caption_remove_backdrop: boolean }) => s.caption_remove_backdrop));
      const [ada, alan, grace] = slides;
      assert.equal(alan.is_text, true, 'a video without a photo is remembered by name');
      assert.equal(noPhotos.title, alan.slide_caption);
      for (const photo of [ada, grace]) {
        assert.equal(photo.processing_state, 'ready');
        assert.equal(photo.is_video, false);
        assert.match(photo.orig_path, new RegExp(`^videos/${video.id}/slides/${photo.id}/original\\.jpg$`));
      }
      const source = await h.deps.db('slides').where({ id: cover.id }).first();
      assert.deepEqual(readFileSync(h.deps.repos.storage.resolve(ada.orig_path)), readFileSync(h.deps.repos.storage.resolve(source.orig_path)), 'a copy of the cover original');
      assert.equal(ada.angle, 90, 'with its edits');
      assert.equal(ada.brightness, 110);
      assert.notEqual(ada.orig_path, source.orig_path);
      assert.ok(ada.width && ada.height, 'processed');
    });

    it('refuses bad dates, a range that ends before it starts, and a range with no finished video', async () => {
      const agent = await h.agent(staff);
      const cases: [Record<string, string>, number, string][] = [
        [{ start_date: '2025-02-30', end_date: '2025-03-01' }, 400, 'Enter the dates as YYYY-MM-DD.'],
        [{ start_date: '', end_date: '2025-03-01' }, 400, 'Enter the dates as YYYY-MM-DD.'],
        [{ start_date: '2025-03-02', end_date: '2025-03-01' }, 400, 'The start date must be on or before the end date.'],
        [{ start_date: '2010-01-01', end_date: '2010-12-31' }, 422, 'No videos were finished between those dates.'],
      ];
      for (const [form, status, error] of cases) {
        const res = await agent.post('/r/sor/create').type('form').send(form).expect(status);
        assert.deepEqual(res.body, { errors: [error] });
      }
    });

    it('only lets signed-in members of an organization create one', async () => {
      await h.request().post('/r/sor/create').type('form').send({ start_date: '2025-01-01', end_date: '2025-12-31' }).expect(401);
      const loner = await makeUser(h.deps, { organizationId: null });
      await (await h.agent(loner)).post('/r/sor/create').type('form').send({ start_date: '2025-01-01', end_date: '2025-12-31' }).expect(403);
    });
  });

  describe('GET /r/sor/video_count and the banner', () => {
    it("counts the organization's videos finished this year, the count the navbar banner uses", async () => {
      const org = await makeOrganization(h.deps);
      const user = await makeUser(h.deps, { organizationId: org.id });
      const agent = await h.agent(user);
      const thisYear = new Date(new Date().getFullYear(), 0, 2);
      for (let i = 0; i < 9; i++) await makeVideo(h.deps, { organization_id: org.id, date_in_queue: thisYear });
      await makeVideo(h.deps, { organization_id: org.id, date_in_queue: new Date(new Date().getFullYear() - 1, 11, 31) });
      await makeVideo(h.deps, { organization_id: org.id });
      await makeVideo(h.deps, { organization_id: org.id, date_in_queue: thisYear, is_sor: true });
      assert.deepEqual((await agent.get('/r/sor/video_count').expect(200)).body, { video_count: 9 });
      assert.equal((await agent.get('/r/navbar').expect(200)).body.show_sor_banner, false);
      await makeVideo(h.deps, { organization_id: org.id, date_in_queue: thisYear });
      assert.deepEqual((await agent.get('/r/sor/video_count').expect(200)).body, { video_count: 10 });
      assert.equal((await agent.get('/r/navbar').expect(200)).body.show_sor_banner, true);
    });

    it('dismisses the banner for the rest of the year', async () => {
      const org = await makeOrganization(h.deps);
      const user = await makeUser(h.deps, { organizationId: org.id });
      for (let i = 0; i < 10; i++) await makeVideo(h.deps, { organization_id: org.id, date_in_queue: new Date() });
      const agent = await h.agent(user);
      assert.equal((await agent.get('/r/navbar').expect(200)).body.show_sor_banner, true);
      assert.deepEqual((await agent.post('/r/sor/dismiss').expect(200)).body, { success: true });
      assert.equal((await h.deps.db('users').where({ id: user.id }).first()).sor_dismissed_year, new Date().getFullYear());
      assert.equal((await agent.get('/r/navbar').expect(200)).body.show_sor_banner, false);
      await h.request().post('/r/sor/dismiss').expect(401);
      await h.request().get('/r/sor/video_count').expect(401);
    });
  });
});
