import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeUser, makeVideo, ORIGIN, startHarness, type Harness } from './harness.ts';

type Staff = { id: number; email: string; organization_id: number | null };

const LINK = `${ORIGIN}/creator/abcdefghijklmnopqrstuvwxyz012345/slides`;

describe('sharing by email and text message', () => {
  let h: Harness;
  let staff: Staff;
  let videoId: number;

  before(async () => {
    h = await startHarness();
    staff = await makeUser(h.deps, { name: 'Sam Staff' });
  });
  after(async () => h.close());
  beforeEach(async () => {
    videoId = (await makeVideo(h.deps, { organization_id: staff.organization_id, title: 'Ada Lovelace' })).id;
  });

  const email = (overrides: Record<string, unknown> = {}) => ({
    link: LINK,
    emails: ['aunt@example.com', '', 'Cousin@Example.com'],
    message: `Please add your photos.\n${LINK}`,
    subject: 'Photos for Ada',
    from_name: 'Hillside Funeral Home',
    reply_to: 'sam@example.com',
    video_id: videoId,
    share_type: 'upload_link',
    ...overrides,
  });
  const sms = (overrides: Record<string, unknown> = {}) => ({
    numbers: ['(555) 123-4567', '', '(212) 555-0100'],
    message: `Add photos for Ada:\n${LINK} `,
    video_id: videoId,
    share_type: 'upload_link',
    ...overrides,
  });
  const logOf = async (type?: string) =>
    (await (await h.agent(staff)).get('/share_logs.json').query({ video_id: videoId, ...(type ? { share_type: type } : {}) }).expect(200)).body;

  describe('POST /r/messages/send_email', () => {
    it('sends one mail per recipient, drops empty entries and logs each share', async () => {
      const agent = await h.agent(staff);
      const res = await agent.post('/r/messages/send_email').send(email()).expect(200);
      assert.deepEqual(res.body, { success: true, sent: 2 });
      const mails = await h.deps.db('outbox').whereIn('recipient', ['aunt@example.com', 'cousin@example.com']).orderBy('id');
      assert.equal(mails.length, 2);
      for (const mail of mails) {
        assert.equal(mail.subject, 'Photos for Ada');
        assert.equal(mail.body, `Please add your photos.\n${LINK}`);
        assert.equal(mail.from_name, 'Hillside Funeral Home');
        assert.equal(mail.reply_to, 'sam@example.com');
      }
      const log = await logOf('upload_link');
      assert.deepEqual(
        log.map((r: { method: string; recipient: string; user_full_name: string }) => [r.method, r.recipient, r.user_full_name]).sort(),
        [
          ['email', 'aunt@example.com', 'Sam Staff'],
          ['email', 'cousin@example.com', 'Sam Staff'],
        ],
      );
      assert.ok(log.every((r: { id: number; created_at: string }) => Number.isInteger(r.id) && !Number.isNaN(Date.parse(r.created_at))));
    });

    it('leaves replies off when the reply address is empty', async () => {
      const agent = await h.agent(staff);
      await agent.post('/r/messages/send_email').send(email({ emails: ['noreply-test@example.com'], reply_to: '' })).expect(200);
      assert.equal((await h.deps.db('outbox').where({ recipient: 'noreply-test@example.com' }).first()).reply_to, null);
    });

    it('refuses no recipients, an invalid recipient, an invalid reply address and a message that lost its link', async () => {
      const agent = await h.agent(staff);
      const cases: [Record<string, unknown>, string][] = [
        [{ emails: ['', ' '] }, 'Enter at least one email address.'],
        [{ emails: ['aunt@example.com', 'not-an-address'] }, 'not-an-address is not a valid email address.'],
        [{ reply_to: 'sam@' }, 'The reply address is not a valid email address.'],
        [{ message: 'Please add your photos.' }, 'The message must keep the link, on a new line.'],
        [{ message: `Please add your photos: ${LINK}` }, 'The message must keep the link, on a new line.'],
        [{ link: 'https://evil.example/phish', message: 'Hi\nhttps://evil.example/phish' }, 'Only links to this site can be shared.'],
      ];
      for (const [overrides, error] of cases) {
        const res = await agent.post('/r/messages/send_email').send(email(overrides)).expect(400);
        assert.deepEqual(res.body, { errors: [error] });
      }
      assert.equal((await logOf()).length, 0, 'nothing logged');
    });

    it("answers 404 to another organization's staff and to a family link", async () => {
      const stranger = await h.agent(await makeUser(h.deps));
      await stranger.post('/r/messages/send_email').send(email()).expect(404);
      const video = await h.deps.db('videos').where({ id: videoId }).update({ upload_link_access_level: 1 }).returning('*');
      await h.request().post('/r/messages/send_email').send(email({ security_hash: video[0].security_hash })).expect(404);
      await h.request().get('/share_logs.json').query({ video_id: videoId, security_hash: video[0].security_hash }).expect(404);
      await stranger.get('/share_logs.json').query({ video_id: videoId }).expect(404);
      assert.equal((await logOf()).length, 0);
    });
  });

  describe('POST /r/messages/send_sms without a provider', () => {
    it('records each message in the outbox as an sms and logs the shares', async () => {
      const agent = await h.agent(staff);
      const res = await agent.post('/r/messages/send_sms').send(sms()).expect(200);
      assert.deepEqual(res.body, { success: true, sent: 2 });
      const rows = await h.deps.db('outbox').where({ channel: 'sms' }).whereIn('recipient', ['+15551234567', '+12125550100']);
      assert.equal(rows.length, 2);
      assert.ok(rows.every((r: { body: string; sent_at: Date | null }) => r.body === `Add photos for Ada:\n${LINK} ` && r.sent_at === null));
      assert.deepEqual((await logOf()).map((r: { method: string; recipient: string }) => `${r.method} ${r.recipient}`).sort(), ['sms (212) 555-0100', 'sms (555) 123-4567']);
    });

    it('refuses bad numbers, no numbers, more than 140 characters and a message without the link', async () => {
      const agent = await h.agent(staff);
      const cases: [Record<string, unknown>, string][] = [
        [{ numbers: [''] }, 'Enter at least one phone number.'],
        [{ numbers: ['(055) 123-4567'] }, '(055) 123-4567 is not a phone number of the form (NNN) NNN-NNNN.'],
        [{ numbers: ['555-123-4567'] }, '555-123-4567 is not a phone number of the form (NNN) NNN-NNNN.'],
        [{ message: `${'x'.repeat(141 - LINK.length - 1)}\n${LINK}` }, 'A text message holds at most 140 characters.'],
        [{ message: `Add photos: ${LINK}` }, 'The message must keep the link, on a new line.'],
        [{ message: 'Add photos:\nhttps://evil.example/x' }, 'The message must keep the link, on a new line.'],
      ];
      for (const [overrides, error] of cases) {
        const res = await agent.post('/r/messages/send_sms').send(sms(overrides)).expect(400);
        assert.deepEqual(res.body, { errors: [error] });
      }
      await agent.post('/r/messages/send_sms').send(sms({ message: `${'x'.repeat(140 - LINK.length - 1)}\n${LINK} ` })).expect(200);
    });

    it("answers 404 to another organization's staff", async () => {
      const stranger = await h.agent(await makeUser(h.deps));
      await stranger.post('/r/messages/send_sms').send(sms()).expect(404);
    });
  });

  describe('POST /r/messages/send_sms through SMS_URL', () => {
    let provider: Server;
    let received: { auth: string | undefined; body: { to: string; body: string } }[];
    let answer: number;
    let hp: Harness;
    let user: Staff;

    const readBody = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (chunk) => (text += chunk));
        req.on('end', () => resolve(text));
      });

    before(async () => {
      received = [];
      provider = createServer(async (req, res) => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(await readBody(req)) });
        res.statusCode = answer;
        res.end('{}');
      });
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      const { port } = provider.address() as AddressInfo;
      hp = await startHarness({ smsUrl: `http://127.0.0.1:${port}/messages`, smsToken: 'secret-token' });
      user = await makeUser(hp.deps);
    });
    after(async () => {
      await hp.close();
      await new Promise((resolve) => provider.close(resolve));
    });

    it('posts {to, body} with the bearer token and marks the outbox row sent', async () => {
      answer = 202;
      const video = await makeVideo(hp.deps, { organization_id: user.organization_id });
      await (await hp.agent(user)).post('/r/messages/send_sms').send(sms({ numbers: ['(555) 123-4567'], video_id: video.id })).expect(200);
      assert.deepEqual(received.at(-1), { auth: 'Bearer secret-token', body: { to: '+15551234567', body: `Add photos for Ada:\n${LINK} ` } });
      const row = await hp.deps.db('outbox').where({ channel: 'sms' }).orderBy('id', 'desc').first();
      assert.ok(row.sent_at);
    });

    it('answers 502 when the provider refuses, keeps the failure in the outbox and logs no share', async () => {
      answer = 500;
      const video = await makeVideo(hp.deps, { organization_id: user.organization_id });
      const res = await (await hp.agent(user)).post('/r/messages/send_sms').send(sms({ numbers: ['(555) 765-4321'], video_id: video.id })).expect(502);
      assert.deepEqual(res.body, { errors: ['Server error'] }, 'a 5xx keeps its words to the log');
      const row = await hp.deps.db('outbox').where({ recipient: '+15557654321' }).first();
      assert.equal(row.sent_at, null);
      assert.match(row.last_error, /500/);
      assert.equal((await hp.deps.db('share_logs').where({ video_id: video.id })).length, 0);
    });
  });
});
