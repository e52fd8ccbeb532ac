import assert from 'node:assert/strict';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

/**
 * CONVENTIONS.md: access is checked on every route that touches a video or anything in it, and anything not
 * allowed answers exactly like a missing object. A signed-in staff user of another organization is sent to every
 * such route (from server/src/routes/*.ts) with the victim's ids, and again with ids that do not exist: the two
 * replies must be the same, and nothing of the victim's may change.
 */

/** What a route is called with: the victim's ids, or ids that exist nowhere. */
interface Refs {
  videoId: number;
  slideId: number;
  songId: number;
  ownerId: number;
  code: string;
  tusId: string;
}

type Method = 'get' | 'post' | 'patch' | 'delete' | 'head';

interface Case {
  method: Method;
  path: (r: Refs) => string;
  body?: (r: Refs) => Record<string, unknown>;
  /** Sent as a tus creation request (Upload-Metadata names the video). */
  tus?: (r: Refs) => Record<string, string>;
  /** A multipart file upload. */
  file?: boolean;
  /** The victim's own staff may read this one: proves the victim's ids are real. */
  ownerReads?: boolean;
}

const MISSING: Refs = { videoId: 999_999, slideId: 999_999, songId: 999_999, ownerId: 999_999, code: 'ffffffffffffffff', tusId: 'no-such-upload' };

const metadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

function send(agent: TestAgent, c: Case, r: Refs): Promise<Response> {
  let req = agent[c.method](c.path(r));
  if (c.tus) {
    req = req.set('Tus-Resumable', '1.0.0').set('Upload-Length', '10').set('Upload-Metadata', metadata(c.tus(r)));
  }
  if (c.method === 'patch' && c.path(r).startsWith('/r/uploads/')) {
    return req.set('Tus-Resumable', '1.0.0').set('Upload-Offset', '0').set('Content-Type', 'application/offset+octet-stream').send(Buffer.from('0123456789'));
  }
  if (c.method === 'head' && c.path(r).startsWith('/r/uploads/')) req = req.set('Tus-Resumable', '1.0.0');
  if (c.method === 'delete' && c.path(r).startsWith('/r/uploads/')) req = req.set('Tus-Resumable', '1.0.0');
  if (c.file) return req.attach('file', Buffer.from('ID3 not really music'), 'song.mp3');
  return c.body ? req.send(c.body(r)) : req;
}

const label = (c: Case) => `${c.method.toUpperCase()} ${c.path(MISSING)}${c.body ? ` ${JSON.stringify(c.body(MISSING))}` : ''}`;

/** Every route that reaches a video, a slide, a song, an upload, a render or a share of it. */
const CASES: Case[] = [
  // videos.routes.ts
  { method: 'get', path: (r) => `/r/videos/${r.videoId}`, ownerReads: true },
  { method: 'patch', path: (r) => `/r/videos/${r.videoId}`, body: () => ({ video: { title: 'Taken over' } }) },
  { method: 'delete', path: (r) => `/r/videos/${r.videoId}` },
  { method: 'post', path: (r) => `/r/videos/${r.videoId}/make_editable` },
  { method: 'get', path: (r) => `/r/videos/${r.videoId}/cover_thumb`, ownerReads: true },
  // upload-link.routes.ts
  { method: 'get', path: (r) => `/r/videos/${r.videoId}/upload_link`, ownerReads: true },
  { method: 'patch', path: (r) => `/r/videos/${r.videoId}/upload_link`, body: () => ({ upload_link_access_level: 2 }) },
  { method: 'post', path: (r) => `/r/uploads/done/${r.videoId}` },
  // uploads.routes.ts (tus)
  { method: 'post', path: () => '/r/uploads', tus: (r) => ({ video_id: String(r.videoId), filename: 'photo.jpg', filetype: 'image/jpeg', upload_id: 'u1' }) },
  { method: 'head', path: (r) => `/r/uploads/${r.tusId}` },
  { method: 'patch', path: (r) => `/r/uploads/${r.tusId}` },
  { method: 'delete', path: (r) => `/r/uploads/${r.tusId}` },
  // slides.routes.ts
  { method: 'get', path: (r) => `/slides/slide_list/${r.videoId}`, ownerReads: true },
  { method: 'get', path: (r) => `/slides/slide_list/${r.videoId}?meta=1&deleted=1` },
  { method: 'get', path: (r) => `/r/slides/processing?video_id=${r.videoId}&ids=${r.slideId}`, ownerReads: true },
  { method: 'post', path: () => '/r/slides/add_sample_slides', body: (r) => ({ video_id: r.videoId }) },
  { method: 'post', path: () => '/r/slides/reorder', body: (r) => ({ video_id: r.videoId, image_ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/delete', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/undelete', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/duplicate', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/slides/rotate', body: (r) => ({ video_id: r.videoId, ids: [r.slideId], angles: [90] }) },
  { method: 'post', path: () => '/r/slides/enhance', body: (r) => ({ video_id: r.videoId, ids: [r.slideId], value: true }) },
  { method: 'post', path: () => '/slides/save', body: (r) => ({ video_id: r.videoId, slide_id: r.slideId, slide_caption: 'Taken over' }) },
  { method: 'post', path: () => '/slides/save', body: (r) => ({ video_id: r.videoId, slide_caption: 'A new text slide' }) },
  { method: 'get', path: (r) => `/r/slides/download/${r.slideId}`, ownerReads: true },
  { method: 'get', path: (r) => `/slides/download_zip/${r.videoId}`, ownerReads: true },
  { method: 'get', path: (r) => `/slides/download_zip/${r.videoId}?ids=${r.slideId}` },
  // slide-images.routes.ts
  { method: 'get', path: (r) => `/r/slides/${r.slideId}/image/thumb-abc123.jpg` },
  { method: 'get', path: (r) => `/r/slides/${r.slideId}/video.mp4` },
  // songs.routes.ts
  { method: 'get', path: (r) => `/r/songs/song_list/${r.videoId}`, ownerReads: true },
  { method: 'post', path: () => '/r/songs/update_timing', body: (r) => ({ video_id: r.videoId, music_timing: 'fit' }) },
  { method: 'post', path: (r) => `/r/songs/delete/${r.songId}`, body: (r) => ({ video_id: r.videoId }) },
  { method: 'post', path: () => '/r/songs/attach_stock', body: (r) => ({ video_id: r.videoId, stock_song_id: [1] }) },
  { method: 'post', path: () => '/r/songs/save_options', body: (r) => ({ video_id: r.videoId, song_id: r.songId, volume: 50 }) },
  { method: 'post', path: () => '/r/songs/reorder', body: (r) => ({ video_id: r.videoId, song_id: [r.songId] }) },
  { method: 'post', path: (r) => `/songs/upload/${r.videoId}`, file: true },
  { method: 'get', path: (r) => `/r/songs/${r.songId}/preview.mp3`, ownerReads: true },
  { method: 'get', path: (r) => `/r/songs/${r.songId}/original`, ownerReads: true },
  // generation-status.routes.ts (the batch call has its own test below)
  { method: 'get', path: (r) => `/r/videos/${r.videoId}/check_generation_status`, ownerReads: true },
  { method: 'get', path: (r) => `/r/videos/${r.videoId}/check_generation_status?stage=web` },
  { method: 'get', path: (r) => `/r/videos/${r.videoId}/check_generation_status?stage=admin` },
  // preview.routes.ts, render.routes.ts
  { method: 'post', path: (r) => `/r/videos/${r.videoId}/partial_preview`, body: () => ({ type: 'hls' }) },
  { method: 'post', path: (r) => `/r/videos/${r.videoId}/partial_preview`, body: () => ({ type: 'mp4' }) },
  { method: 'post', path: (r) => `/r/videos/${r.videoId}/enqueue_job/hd` },
  { method: 'post', path: (r) => `/r/videos/${r.videoId}/enqueue_job/web` },
  // downloads.routes.ts (web.mp4 is open to holders of the code: see its own test)
  { method: 'get', path: (r) => `/downloads/video/${r.code}/hd.mp4`, ownerReads: true },
  { method: 'get', path: (r) => `/downloads/cover_photo/${r.videoId}`, ownerReads: true },
  // orders.routes.ts
  { method: 'post', path: () => '/orders/create', body: (r) => ({ video_code: r.code, stock_eula: '1' }) },
  // messages.routes.ts
  { method: 'post', path: () => '/r/messages/send_email', body: (r) => ({ video_id: r.videoId, emails: 'someone@example.com', message: 'Hello', share_type: 'email' }) },
  { method: 'post', path: () => '/r/messages/send_sms', body: (r) => ({ video_id: r.videoId, numbers: '555-123-4567', message: 'Hello' }) },
  { method: 'get', path: (r) => `/share_logs.json?video_id=${r.videoId}`, ownerReads: true },
  // custom-themes.routes.ts and themes.routes.ts: the calls that name a video
  { method: 'post', path: () => '/custom_themes', body: (r) => ({ video_id: r.videoId, theme_id: 5 }) },
  { method: 'get', path: (r) => `/custom_themes/999998/preview.jpg?video_id=${r.videoId}` },
  { method: 'get', path: (r) => `/r/themes?video_id=${r.videoId}` },
  // settings-videos.routes.ts (super only)
  { method: 'get', path: (r) => `/r/settings/videos/${r.videoId}` },
  { method: 'patch', path: (r) => `/r/settings/videos/${r.videoId}`, body: () => ({ title: 'Taken over' }) },
  { method: 'post', path: (r) => `/r/settings/videos/${r.videoId}/delete` },
  { method: 'post', path: (r) => `/r/settings/videos/${r.videoId}/undelete` },
  // dashboard.routes.ts: another user's recent videos
  { method: 'get', path: (r) => `/r/users/${r.ownerId}/dashboard_data` },
];

/** The same slide and song calls made through the stranger's own video, naming the victim's slides and songs. */
const THROUGH_OWN_VIDEO: Case[] = [
  { method: 'get', path: (r) => `/r/slides/processing?video_id=${r.videoId}&ids=${r.slideId}` },
  { method: 'post', path: () => '/r/slides/reorder', body: (r) => ({ video_id: r.videoId, image_ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/delete', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/undelete', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/r/slides/duplicate', body: (r) => ({ video_id: r.videoId, ids: [r.slideId] }) },
  { method: 'post', path: () => '/slides/rotate', body: (r) => ({ video_id: r.videoId, ids: [r.slideId], angles: [90] }) },
  { method: 'post', path: () => '/r/slides/enhance', body: (r) => ({ video_id: r.videoId, ids: [r.slideId], value: true }) },
  { method: 'post', path: () => '/slides/save', body: (r) => ({ video_id: r.videoId, slide_id: r.slideId, slide_caption: 'Taken over' }) },
  { method: 'get', path: (r) => `/slides/download_zip/${r.videoId}?ids=${r.slideId}` },
  { method: 'post', path: (r) => `/r/songs/delete/${r.songId}`, body: (r) => ({ video_id: r.videoId }) },
  { method: 'post', path: () => '/r/songs/save_options', body: (r) => ({ video_id: r.videoId, song_id: r.songId, volume: 50 }) },
  { method: 'post', path: () => '/r/songs/reorder', body: (r) => ({ video_id: r.videoId, song_id: [r.songId] }) },
];

describe("another organization's staff on every video route", function () {
  this.timeout(60_000);
  let h: Harness;
  let victim: VideoRow;
  let own: VideoRow;
  let refs: Refs;
  let ownerAgent: TestAgent;
  let stranger: TestAgent;
  const notified: number[] = [];

  /** Everything of the victim's that a call could change. */
  async function snapshot() {
    const { db } = h.deps;
    const count = async (table: string) => Number((await db(table).count<{ count: string }[]>('* as count'))[0].count);
    return {
      video: await db('videos').where({ id: victim.id }).first(),
      slides: await db('slides').where({ video_id: victim.id }).orderBy('id'),
      songs: await db('songs').where({ video_id: victim.id }).orderBy('id'),
      renders: await db('renders').where({ video_id: victim.id }).orderBy('id'),
      shareLogs: await db('share_logs').where({ video_id: victim.id }).orderBy('id'),
      customThemes: await count('custom_themes'),
      outbox: await count('outbox'),
    };
  }

  before(async () => {
    h = await startHarness();
    h.deps.live = { notify: async (videoId: number) => void notified.push(videoId), close: async () => undefined };
    const org = await makeOrganization(h.deps, 'Victim Funeral Home');
    const owner = await makeUser(h.deps, { organizationId: org.id });
    const other = await makeUser(h.deps);
    // Finished, so its downloads and statuses exist; its upload link is on.
    victim = await makeVideo(h.deps, { organization_id: org.id, user_id: owner.id, title: 'Victim', date_in_queue: new Date(), upload_link_access_level: 1 });
    own = await makeVideo(h.deps, { organization_id: other.organization_id, user_id: other.id, title: 'Own' });
    const { db, repos } = h.deps;

    const [slide] = await db('slides').insert({ video_id: victim.id, position: 1, processing_state: 'ready' }).returning('*');
    const slideKey = `videos/${victim.id}/slides/${slide.id}/original.jpg`;
    await repos.storage.write(slideKey, Buffer.from('jpeg bytes'));
    await db('slides').where({ id: slide.id }).update({ orig_path: slideKey, orig_filename: 'photo.jpg', mime: 'image/jpeg' });
    const tusId = `victim-upload-${slide.id}`;
    await db('slides').insert({ video_id: victim.id, position: 2, processing_state: 'uploading', tus_id: tusId, orig_filename: 'later.jpg' });

    const songKey = `videos/${victim.id}/songs/song.mp3`;
    await repos.storage.write(songKey, Buffer.from('mp3 bytes'));
    const [song] = await db('songs')
      .insert({ video_id: victim.id, position: 1, title: 'Song', song_orig_name: 'song.mp3', song_length: 30, file_path: songKey, preview_path: songKey })
      .returning('*');

    for (const kind of ['hd', 'web'] as const) {
      const [render] = await db('renders').insert({ video_id: victim.id, kind, hash: kind, status: 'done', progress: 100 }).returning('*');
      const fileKey = `videos/${victim.id}/renders/${render.id}/${kind}.mp4`;
      await repos.storage.write(fileKey, Buffer.from(`${kind} video bytes`));
      const coverKey = `videos/${victim.id}/renders/${render.id}/cover.jpg`;
      await repos.storage.write(coverKey, Buffer.from('cover bytes'));
      await db('renders').where({ id: render.id }).update({ file_key: fileKey, cover_key: coverKey });
    }
    await db('share_logs').insert({ video_id: victim.id, user_id: owner.id, method: 'email', recipient: 'family@example.com' });

    refs = { videoId: victim.id, slideId: slide.id, songId: song.id, ownerId: owner.id, code: victim.video_code, tusId };
    ownerAgent = await h.agent(owner);
    stranger = await h.agent(other);
  });
  after(async () => h?.close());

  it("reads every route with the victim's real ids when signed in as its own staff", async () => {
    for (const c of CASES.filter((c) => c.ownerReads)) {
      const res = await send(ownerAgent, c, refs);
      assert.ok(res.status < 400, `${label(c)}: the owner gets ${res.status} ${res.text}`);
    }
  });

  it('answers every route exactly as for a missing id, and changes nothing', async () => {
    const before = await snapshot();
    notified.length = 0;
    for (const c of CASES) {
      const missing = await send(stranger, c, MISSING);
      const foreign = await send(stranger, c, refs);
      assert.ok(missing.status >= 400, `${label(c)}: a missing id answers ${missing.status}`);
      assert.equal(foreign.status, missing.status, `${label(c)}: status`);
      assert.deepEqual(foreign.body, missing.body, `${label(c)}: body`);
      if (c.method !== 'head') assert.equal(foreign.text, missing.text, `${label(c)}: text`);
    }
    assert.deepEqual(await snapshot(), before);
    assert.deepEqual(notified.filter((id) => id === victim.id), [], 'no live update was sent for the victim');
  });

  it("cannot reach the victim's slides and songs through the stranger's own video", async () => {
    const before = await snapshot();
    const through = { ...refs, videoId: own.id };
    const missing = { ...MISSING, videoId: own.id };
    for (const c of THROUGH_OWN_VIDEO) {
      const a = await send(stranger, c, missing);
      const b = await send(stranger, c, through);
      assert.equal(b.status, a.status, `${label(c)}: status`);
      assert.deepEqual(b.body, a.body, `${label(c)}: body`);
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('leaves foreign ids out of the batch generation status call', async () => {
    const ask = (ids: number[]) =>
      stranger.get('/r/videos/check_generation_statuses').query({ progress_bars: JSON.stringify({ hd: ids, web: ids }) }).expect(200);
    const foreign = await ask([victim.id, own.id]);
    const missing = await ask([MISSING.videoId, own.id]);
    assert.deepEqual(foreign.body, missing.body);
    assert.deepEqual(Object.keys(foreign.body.hd), [String(own.id)]);
    assert.deepEqual(Object.keys(foreign.body.web), [String(own.id)]);
    const mine = await ownerAgent.get('/r/videos/check_generation_statuses').query({ progress_bars: JSON.stringify({ hd: [victim.id] }) }).expect(200);
    assert.equal(mine.body.hd[victim.id].complete, 100);
  });

  it('streams the web video to anyone holding the video code, as the share and embed pages need', async () => {
    // Deliberately open (downloads.routes.ts): the code in the address is the permission, like a share link.
    const asBytes = (res: Response, done: (err: Error | null, body: unknown) => void) => {
      // While parsing, superagent hands over the raw response stream.
      const stream = res as unknown as NodeJS.ReadableStream;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    };
    const address = `/downloads/video/${victim.video_code}/web.mp4`;
    for (const res of [
      await stranger.get(address).buffer(true).parse(asBytes).expect(200),
      await h.request().get(address).buffer(true).parse(asBytes).expect(200),
    ]) {
      assert.equal(res.headers['content-type'], 'video/mp4');
      assert.equal(res.headers['content-disposition'], 'inline');
      assert.equal((res.body as Buffer).toString(), 'web video bytes');
    }
    const missing = await h.request().get(`/downloads/video/${MISSING.code}/web.mp4`).expect(404);
    assert.deepEqual(missing.body, { errors: ['Not found'] });
    // The HD file is not open the same way.
    const hd = await h.request().get(`/downloads/video/${victim.video_code}/hd.mp4`).expect(404);
    assert.deepEqual(hd.body, missing.body);
  });
});
