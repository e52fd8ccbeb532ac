import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Live } from '../src/live/live.ts';
import type { DerivedKind } from '../src/media/image-recipe.ts';
import type { SlideMediaRow } from '../src/repositories/slide-media.repository.ts';
import { MEDIA_MESSAGES } from '../src/services/slide-media.service.ts';
import { BLUE, RED, clip, fakeJpegHtml, fakeJpegSvg, heic, photo, pixelBomb, truncatedJpeg, type ClipFormat } from './fixtures/media.ts';
import { makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const run = promisify(execFile);

describe('slide media', function () {
  this.timeout(60_000);
  let h: Harness;
  let user: { id: number; email: string; organization_id: number | null };
  let videoId: number;
  const notified: number[] = [];

  before(async () => {
    h = await startHarness();
    user = await makeUser(h.deps);
    videoId = (await makeVideo(h.deps, { organization_id: user.organization_id })).id;
    h.deps.live = { notify: async (id: number) => void notified.push(id), close: async () => {} } as Live;
  });
  after(async () => h.close());

  /** An uploaded slide as the upload route leaves it: the original stored under a name that hides its type. */
  async function addSlide(bytes: Buffer, values: Record<string, unknown> = {}): Promise<number> {
    const [{ id }] = await h.deps
      .db('slides')
      .insert({ video_id: videoId, orig_filename: 'upload.jpg', processing_state: 'pending', ...values })
      .returning('id');
    const key = `videos/${videoId}/slides/${id}/original.upload`;
    await h.deps.repos.storage.write(key, bytes);
    await h.deps.db('slides').where({ id }).update({ orig_path: key });
    return id;
  }

  const slideOf = async (id: number): Promise<SlideMediaRow> => (await h.deps.slideMedia.findSlide(id))!;
  const derivedDir = (id: number) => h.deps.repos.storage.resolve(`videos/${videoId}/slides/${id}/derived`);
  const derived = (id: number, prefix: string) =>
    readdirSync(derivedDir(id)).filter((name) => name.startsWith(prefix) && !name.includes('.tmp'));

  async function processed(bytes: Buffer, values: Record<string, unknown> = {}): Promise<SlideMediaRow> {
    const id = await addSlide(bytes, values);
    await h.deps.slideMedia.processSlide(id);
    return slideOf(id);
  }

  async function sizeOf(file: string): Promise<[number, number]> {
    const meta = await sharp(file).metadata();
    return [meta.width, meta.height];
  }

  async function pixel(file: string, x: number, y: number): Promise<number[]> {
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  }

  const near = (actual: number[], expected: readonly number[]) =>
    assert.ok(actual.every((v, i) => Math.abs(v - expected[i]) < 40), `${actual} is near ${expected}`);

  describe('processSlide with photos', () => {
    it('turns a JPEG by its EXIF orientation: a portrait photo stays portrait', async () => {
      const slide = await processed(await photo('jpeg', { orientation: 6, takenAt: '2019:07:04 15:30:12' }));
      assert.equal(slide.processing_state, 'ready');
      assert.equal(slide.mime, 'image/jpeg');
      assert.deepEqual([slide.width, slide.height], [900, 1200]);
      assert.equal(slide.datetime?.toISOString(), '2019-07-04T15:30:12.000Z');
      const big = await h.deps.slideMedia.ensureDerived(slide, 'big');
      assert.deepEqual(await sizeOf(big), [900, 1200]);
      // Orientation 6 turns the stored picture clockwise: its red left half is now on top.
      near(await pixel(big, 450, 100), RED);
      near(await pixel(big, 450, 1100), BLUE);
      assert.deepEqual(await sizeOf(path.join(derivedDir(slide.id), derived(slide.id, 'thumb-')[0])), [113, 150]);
      assert.ok(notified.includes(videoId), 'the video editors are told');
    });

    for (const format of ['png', 'webp', 'tiff'] as const) {
      it(`accepts a ${format.toUpperCase()} and makes its thumbnail, square and big versions`, async () => {
        const slide = await processed(await photo(format));
        assert.equal(slide.processing_state, 'ready');
        assert.equal(slide.mime, `image/${format}`);
        assert.deepEqual([slide.width, slide.height], [1200, 900]);
        assert.equal(slide.bytes, readFileSync(h.deps.repos.storage.resolve(slide.orig_path!)).length);
        assert.equal(derived(slide.id, 'thumb-').length, 1);
        assert.equal(derived(slide.id, 'square-').length, 1);
        assert.equal(derived(slide.id, 'big-').length, 1);
      });
    }

    it('takes the first frame of an animated GIF', async () => {
      const slide = await processed(await photo('gif', { width: 320, height: 240 }));
      assert.equal(slide.mime, 'image/gif');
      assert.deepEqual([slide.width, slide.height], [320, 240]);
      near(await pixel(await h.deps.slideMedia.ensureDerived(slide, 'big'), 160, 120), RED);
    });

    it('decodes a HEIC photo once and keeps the decoded copy beside the original', async () => {
      const slide = await processed(await heic({ takenAt: '2021:05:06 07:08:09' }));
      assert.equal(slide.processing_state, 'ready', slide.processing_error ?? '');
      assert.equal(slide.mime, 'image/heic');
      assert.deepEqual([slide.width, slide.height], [1200, 900]);
      assert.equal(slide.datetime?.toISOString(), '2021-05-06T07:08:09.000Z');
      assert.ok(existsSync(h.deps.repos.storage.resolve(`${slide.orig_path}.decoded.jpg`)));
      const big = await h.deps.slideMedia.ensureDerived(slide, 'big');
      assert.deepEqual(await sizeOf(big), [1200, 900]);
      near(await pixel(big, 100, 450), RED);
    });

    it('gives every derived kind its conventional size, never enlarging the big ones', async () => {
      const slide = await processed(await photo('png', { width: 2400, height: 1600 }));
      const sizes: Record<string, [number, number]> = {
        thumb: [225, 150], square: [150, 150], big: [1920, 1280], huge: [2400, 1600], cover_thumb: [267, 150],
        cover_big: [1920, 1080],
      };
      for (const [kind, size] of Object.entries(sizes)) {
        const file = await h.deps.slideMedia.ensureDerived(slide, kind as DerivedKind);
        assert.deepEqual(await sizeOf(file), size, kind);
        const meta = await sharp(file).metadata();
        assert.equal(meta.format, 'jpeg');
        assert.equal(meta.exif, undefined, 'metadata is stripped');
      }
    });

    it('applies the stored edits: a crop of the right half is all blue', async () => {
      const slide = await processed(await photo('jpeg'));
      await h.deps.db('slides').where({ id: slide.id }).update({ crop: { x1: 16000, x2: 32000, y1: 0, y2: 32000 } });
      const big = await h.deps.slideMedia.ensureDerived(await slideOf(slide.id), 'big');
      assert.deepEqual(await sizeOf(big), [600, 900]);
      near(await pixel(big, 10, 10), BLUE);
      near(await pixel(big, 590, 890), BLUE);
    });

    it('renders every edit together: turn, straighten, crop, colour and enhance', async () => {
      const slide = await processed(await photo('jpeg', { noise: true }));
      await h.deps
        .db('slides')
        .where({ id: slide.id })
        .update({
          angle: 270, straighten: -7, crop: { x1: 1000, x2: 30000, y1: 2000, y2: 31000 }, brightness: 130, contrast: 120,
          saturation: 60, hue: 40, enhance: true,
        });
      const edited = await slideOf(slide.id);
      for (const kind of ['thumb', 'big', 'cover_big'] as const) {
        const file = await h.deps.slideMedia.ensureDerived(edited, kind);
        const [width, height] = await sizeOf(file);
        if (kind === 'thumb') assert.equal(height, 150);
        if (kind === 'big') assert.ok(height > width, 'a quarter turn makes it portrait');
        if (kind === 'cover_big') assert.equal(Math.round((width / height) * 9), 16);
      }
    });

    it('makes one file for requests that arrive together', async () => {
      const slide = await processed(await photo('jpeg'));
      const files = await Promise.all([1, 2, 3].map(() => h.deps.slideMedia.ensureDerived(slide, 'huge')));
      assert.equal(new Set(files).size, 1);
      assert.equal(derived(slide.id, 'huge-').length, 1);
    });

    it('is safe to run again after a crash, and leaves finished slides alone', async () => {
      const id = await addSlide(await photo('jpeg'));
      await h.deps.slideMedia.processSlide(id);
      await h.deps.db('slides').where({ id }).update({ processing_state: 'pending' });
      await h.deps.slideMedia.processSlide(id);
      const again = await slideOf(id);
      assert.equal(again.processing_state, 'ready');
      assert.equal(derived(id, 'thumb-').length, 1);
      await h.deps.slideMedia.processSlide(id);
      assert.deepEqual(await slideOf(id), again);
    });
  });

  describe('processSlide with clips', () => {
    const cases: [ClipFormat, string, boolean][] = [
      ['mp4', 'video/mp4', false],
      ['mov', 'video/quicktime', false],
      ['m4v', 'video/x-m4v', false],
      ['webm', 'video/webm', true],
      ['avi', 'video/x-msvideo', true],
    ];
    for (const [format, mime, needsProxy] of cases) {
      it(`accepts ${format.toUpperCase()}: duration, poster${needsProxy ? ' and a playable proxy' : ', served as it is'}`, async () => {
        const slide = await processed(await clip(format));
        assert.equal(slide.processing_state, 'ready', slide.processing_error ?? '');
        assert.equal(slide.is_video, true);
        assert.equal(slide.mime, mime);
        assert.deepEqual([slide.width, slide.height], [320, 240]);
        assert.ok(Math.abs(slide.clip_duration! - 2) <= 0.1, `duration ${slide.clip_duration}`);
        assert.equal(slide.clip_start, 0);
        assert.equal(slide.clip_end, slide.clip_duration);
        assert.equal(derived(slide.id, 'poster-').length, 1);
        assert.deepEqual(await sizeOf(await h.deps.slideMedia.ensureDerived(slide, 'thumb')), [200, 150]);
        const proxies = derived(slide.id, 'proxy-');
        assert.equal(proxies.length, needsProxy ? 1 : 0);
        if (needsProxy) {
          const { stdout } = await run('ffprobe', [
            '-v', 'error', '-show_entries', 'stream=codec_name,profile,pix_fmt', '-of', 'csv=p=0',
            path.join(derivedDir(slide.id), proxies[0]),
          ]);
          assert.match(stdout, /h264,High,yuv420p/);
          assert.match(stdout, /aac/);
        }
      });
    }
  });

  describe('processSlide refusals', () => {
    let keeper: number;
    before(async () => {
      keeper = (await processed(await photo('jpeg'))).id;
    });

    async function refused(bytes: Buffer, message: string | RegExp): Promise<void> {
      const slide = await processed(bytes);
      assert.equal(slide.processing_state, 'failed');
      if (typeof message === 'string') assert.equal(slide.processing_error, message);
      else assert.match(slide.processing_error ?? '', message);
      assert.ok(slide.deleted_at, 'a permanent error marks the slide deleted');
      const other = await slideOf(keeper);
      assert.equal(other.deleted_at, null, 'nothing else in the video changes');
    }

    it('refuses HTML named like a photo', () => refused(fakeJpegHtml, MEDIA_MESSAGES.unreadable));
    it('refuses SVG named like a photo', () => refused(fakeJpegSvg, MEDIA_MESSAGES.unreadable));
    it('refuses a JPEG cut off half way instead of showing half a photo', async () => {
      await refused(await truncatedJpeg(), MEDIA_MESSAGES.damaged);
    });
    it('refuses a clip cut off half way', async () => {
      const whole = await clip('mp4');
      await refused(whole.subarray(0, whole.length / 2), MEDIA_MESSAGES.damaged);
    });

    it('refuses a pixel bomb from its header, without decoding it', async () => {
      const bomb = await pixelBomb();
      assert.ok(bomb.length < 1024 * 1024, 'a small file');
      const before = process.memoryUsage().rss;
      await refused(
        bomb,
        'This photo is too large (20000 x 20000 pixels). The largest we accept is 100 megapixels.',
      );
      const grown = process.memoryUsage().rss - before;
      assert.ok(grown < 200 * 1024 * 1024, `RSS grew ${Math.round(grown / 1024 / 1024)} MB`);
    });
  });

  describe('GET /r/slides/:id/image/:file', () => {
    let slide: SlideMediaRow;
    before(async () => {
      slide = await processed(await photo('jpeg'));
    });

    it('serves the derived JPEG with long cache headers to the video\'s organization', async () => {
      const agent = await h.agent(user);
      const url = h.deps.slideMedia.slideUrls(slide).thumb_url!;
      assert.match(url, new RegExp(`^/r/slides/${slide.id}/image/thumb-[0-9a-f]+\\.jpg$`));
      const res = await agent.get(url).responseType('blob').expect(200);
      assert.equal(res.headers['content-type'], 'image/jpeg');
      assert.match(res.headers['cache-control'], /max-age=31536000/);
      assert.ok(res.headers.etag);
      assert.deepEqual(await sizeOf(res.body), [200, 150]);
      await agent.get(url).set('If-None-Match', res.headers.etag).expect(304);
    });

    it('answers 404 to another organization and to nobody', async () => {
      const url = h.deps.slideMedia.slideUrls(slide).big_url!;
      const stranger = await h.agent(await makeUser(h.deps));
      const res = await stranger.get(url).expect(404);
      assert.deepEqual(res.body, { errors: ['Not found'] });
      await h.request().get(url).expect(404);
    });

    it('lets a family upload link view it with its security hash', async () => {
      const video = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 1 }).returning('*');
      const hash = video[0].security_hash as string;
      const url = h.deps.slideMedia.slideUrls(slide, hash).square_url!;
      assert.match(url, /\?security_hash=/);
      const res = await h.request().get(url).responseType('blob').expect(200);
      assert.deepEqual(await sizeOf(res.body), [150, 150]);
    });

    it('sends an older edit version to the current picture', async () => {
      const agent = await h.agent(user);
      const before = h.deps.slideMedia.slideUrls(slide).big_url!;
      await h.deps.db('slides').where({ id: slide.id }).update({ angle: 90 });
      const turned = await slideOf(slide.id);
      const now = h.deps.slideMedia.slideUrls(turned).big_url!;
      assert.notEqual(now, before);
      const res = await agent.get(before).expect(302);
      assert.equal(res.headers.location, now);
      const image = await agent.get(now).responseType('blob').expect(200);
      assert.deepEqual(await sizeOf(image.body), [900, 1200]);
    });

    it('refuses unknown kinds and slides that are not ready', async () => {
      const agent = await h.agent(user);
      await agent.get(`/r/slides/${slide.id}/image/poster-abc.jpg`).expect(404);
      const pending = await addSlide(await photo('png'));
      await agent.get(`/r/slides/${pending}/image/thumb-abc.jpg`).expect(404);
    });
  });

  describe('GET /r/slides/:id/video.mp4', () => {
    let mp4: SlideMediaRow;
    let original: Buffer;
    before(async () => {
      original = await clip('mp4');
      mp4 = await processed(original);
    });

    it('serves an H.264 original whole, with Accept-Ranges', async () => {
      const agent = await h.agent(user);
      const res = await agent.get(h.deps.slideMedia.slideUrls(mp4).video_url!).responseType('blob').expect(200);
      assert.equal(res.headers['content-type'], 'video/mp4');
      assert.equal(res.headers['accept-ranges'], 'bytes');
      assert.ok(Buffer.compare(res.body, original) === 0);
    });

    it('answers a range request with 206 and exactly those bytes', async () => {
      const agent = await h.agent(user);
      const url = h.deps.slideMedia.slideUrls(mp4).video_url!;
      const res = await agent.get(url).set('Range', 'bytes=100-1099').responseType('blob').expect(206);
      assert.equal(res.headers['content-range'], `bytes 100-1099/${original.length}`);
      assert.equal(res.headers['content-length'], '1000');
      assert.ok(Buffer.compare(res.body, original.subarray(100, 1100)) === 0);
      const tail = await agent.get(url).set('Range', 'bytes=-500').responseType('blob').expect(206);
      assert.ok(Buffer.compare(tail.body, original.subarray(original.length - 500)) === 0);
      const beyond = await agent.get(url).set('Range', `bytes=${original.length}-`).expect(416);
      assert.equal(beyond.headers['content-range'], `bytes */${original.length}`);
    });

    it('serves the proxy of a clip browsers cannot play', async () => {
      const webm = await processed(await clip('webm'));
      const agent = await h.agent(user);
      const res = await agent.get(h.deps.slideMedia.slideUrls(webm).video_url!).set('Range', 'bytes=0-11').responseType('blob').expect(206);
      assert.equal(res.body.toString('latin1', 4, 8), 'ftyp');
    });

    it('answers 404 to another organization and for photos', async () => {
      const stranger = await h.agent(await makeUser(h.deps));
      await stranger.get(`/r/slides/${mp4.id}/video.mp4`).expect(404);
      const still = await processed(await photo('png'));
      await (await h.agent(user)).get(`/r/slides/${still.id}/video.mp4`).expect(404);
    });
  });
});
