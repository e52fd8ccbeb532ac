import { createServer } from 'node:http';
import supertest from 'supertest';
import { createApp } from '../../src/app.ts';
import { answerClientErrors } from '../../src/http/client-errors.ts';
import { makeOrganization, makeUser, makeVideo, PASSWORD, type Harness } from '../harness.ts';
import type { Caller, RealIds } from './route-fuzz.ts';

/** The four callers and the rows they are tried on. */
export async function fuzzCallers(h: Harness): Promise<{ callers: Caller[]; real: RealIds }> {
  const orgA = await makeOrganization(h.deps);
  const orgB = await makeOrganization(h.deps);
  const staffA = await makeUser(h.deps, { role: 'staff', organizationId: orgA.id });
  const staffB = await makeUser(h.deps, { role: 'org_admin', organizationId: orgB.id });
  const video = await makeVideo(h.deps, { organization_id: orgA.id, user_id: staffA.id });
  const [slide] = await h.deps.db('slides').insert({ video_id: video.id, position: 1, orig_filename: 'a.jpg' }).returning('id');
  // As server.ts serves: Node's own refusals (an address over its header limit) get the JSON error body too.
  const server = createServer(createApp(h.deps).callback());
  answerClientErrors(server);
  const agent = async (user?: { email: string }) => {
    const a = supertest.agent(server);
    if (user) await a.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
    return a;
  };
  const callers: Caller[] = [
    { name: 'staff', agent: await agent(staffA), query: {}, body: {} },
    { name: 'another organization', agent: await agent(staffB), query: {}, body: {} },
    { name: 'family link', agent: await agent(), query: { security_hash: video.security_hash }, body: { security_hash: video.security_hash } },
    { name: 'anonymous', agent: await agent(), query: {}, body: {} },
  ];
  return { callers, real: { video: video.id, slide: slide.id as number, code: video.video_code } };
}
