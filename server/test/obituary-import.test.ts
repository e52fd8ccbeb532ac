import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobHandlers } from '../src/jobs/handlers.ts';
import { makeOrganization, makeUser, makeVideo, startHarness, type Harness } from './harness.ts';

const HEADER = 'website_name,domain,obituary_path,slug,foreign_id,published_at,deleted_at,video_code,video_name,video_ready';

describe('the obituary import: a CSV upload and a feed read on a schedule', function () {
  this.timeout(60_000);
  let h: Harness;
  let orgId: number;
  let admin: Awaited<ReturnType<Harness['agent']>>;
  let feedServer: Server;
  let feedBody = '';
  let feedStatus = 200;
  let feedUrl = '';

  before(async () => {
    h = await startHarness();
    orgId = (await makeOrganization(h.deps, 'Cedar Funeral Home')).id;
    admin = await h.agent(await makeUser(h.deps, { role: 'super', organizationId: null }));
    // The funeral home's website, on this machine.
    feedServer = createServer((_req, res) => {
      res.writeHead(feedStatus, { 'Content-Type': 'text/csv' });
      res.end(feedBody);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/obituaries.csv`;
  });
  after(async () => {
    await new Promise((resolve) => feedServer?.close(resolve));
    await h?.close();
  });

  const statusOf = async (videoId: number) => (await admin.get(`/r/obituaries/status?video_id=${videoId}`).expect(200)).body;

  it('stores the good rows, so a video with that obituary links to it, and names each bad row and why', async () => {
    const video = await makeVideo(h.deps, { organization_id: orgId, title: 'Walter Price', obit_url: 'https://www.cedar.example/obituaries/walter-price' });
    const other = await makeVideo(h.deps, { organization_id: (await makeOrganization(h.deps)).id });
    const csv = [
      HEADER,
      `Cedar Obituaries,www.cedar.example,obituaries,walter-price,obit-77,2026-11-20,,${video.video_code},"Walter ""Walt"" Price",yes`,
      'Cedar Obituaries,www.cedar.example,obituaries,draft-one,,,,,,',
      ',not a host,obituaries,x,,,,,,',
      'Cedar Obituaries,www.cedar.example,obituaries,,,,,,,',
      `Cedar Obituaries,www.cedar.example,obituaries,ann,,yesterday,,${other.video_code},,maybe`,
    ].join('\r\n');
    const res = await admin.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv }).expect(200);
    assert.deepEqual({ rows: res.body.rows, imported: res.body.imported, created: res.body.created }, { rows: 5, imported: 2, created: 2 });
    assert.deepEqual(res.body.problems, [
      { row: 4, messages: ['domain must be a host name such as www.example.com: not a host'] },
      { row: 5, messages: ['slug is required.'] },
      {
        row: 6,
        messages: [
          'published_at is not a date (use 2026-11-28 or 2026-11-28T14:30:00Z): yesterday',
          'video_ready must be yes or no: maybe',
          `video_code is not a video of this organization: ${other.video_code}`,
        ],
      },
    ]);
    const status = await statusOf(video.id);
    assert.equal(status.website.name, 'Cedar Obituaries');
    assert.equal(status.domain.domain, 'www.cedar.example');
    assert.equal(status.obituary.slug, 'walter-price');
    assert.equal(status.obituary.published_at, '2026-11-20T00:00:00.000Z');
    assert.deepEqual(status.obituary_video, { name: 'Walter "Walt" Price', deleted_at: null, is_ready: true });
    // Imported again, a row updates what it matched rather than adding another.
    const again = await admin.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv: `${HEADER}\nCedar Obituaries,www.cedar.example,obituaries,walter-price,obit-77,2026-11-20,2026-11-27,,,` }).expect(200);
    assert.deepEqual([again.body.imported, again.body.created], [1, 0]);
    const blankName = await admin.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv: 'domain,slug\nwww.cedar.example,walter-price' }).expect(200);
    assert.equal(blankName.body.imported, 1);
    assert.equal((await statusOf(video.id)).website.name, 'Cedar Obituaries', 'a blank name keeps the one the website has');
    assert.equal((await statusOf(video.id)).obituary.deleted_at, '2026-11-27T00:00:00.000Z');
  });

  it('refuses a file it cannot read as a whole, and is for super users only', async () => {
    const unknown = await admin.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv: 'domain,slug,colour\nx.example,a,red' }).expect(400);
    assert.match(unknown.body.errors[0], /^Unknown column: colour\. The columns are: website_name, domain/);
    await admin.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv: 'website_name\nx' }).expect(400);
    await admin.post('/r/settings/obituaries/import').send({ csv: HEADER }).expect(400);
    const staff = await h.agent(await makeUser(h.deps, { organizationId: orgId }));
    await staff.post('/r/settings/obituaries/import').send({ organization_id: orgId, csv: HEADER }).expect(404);
    await staff.get('/r/settings/obituaries/feeds').expect(404);
  });

  it('reads a saved feed at once and again on its schedule, keeping what each run found', async () => {
    const video = await makeVideo(h.deps, { organization_id: orgId, obit_url: 'https://feed.cedar.example/obituaries/rose-hill' });
    feedBody = `${HEADER}\nCedar Feed,feed.cedar.example,obituaries,rose-hill,,,,,,\n`;
    const saved = await admin.put('/r/settings/obituaries/feeds').send({ organization_id: orgId, url: feedUrl }).expect(200);
    assert.equal(saved.body.feed.organization_name, 'Cedar Funeral Home');
    assert.deepEqual([saved.body.feed.last_result.imported, saved.body.feed.last_result.problems], [1, []]);
    assert.equal((await statusOf(video.id)).obituary.published_at, null, 'a draft until the site publishes it');

    // The site publishes it; the hourly job (scheduled as obituaries.feeds) reads the feed again.
    feedBody = `${HEADER}\nCedar Feed,feed.cedar.example,obituaries,rose-hill,,2026-11-28T09:00:00Z,,,,\n`;
    await jobHandlers(h.deps)['obituaries.feeds']({});
    assert.equal((await statusOf(video.id)).obituary.published_at, '2026-11-28T09:00:00.000Z');

    // A feed that fails keeps why, for the page to show.
    feedStatus = 503;
    await jobHandlers(h.deps)['obituaries.feeds']({});
    const [feed] = (await admin.get('/r/settings/obituaries/feeds').expect(200)).body.feeds;
    assert.deepEqual(feed.last_result, { error: 'The feed answered 503 Service Unavailable.' });
    await admin.put('/r/settings/obituaries/feeds').send({ organization_id: orgId, url: 'ftp://cedar.example/x.csv' }).expect(400);
    await admin.delete(`/r/settings/obituaries/feeds/${feed.id}`).expect(200);
    assert.deepEqual((await admin.get('/r/settings/obituaries/feeds').expect(200)).body.feeds, []);
  });
});
