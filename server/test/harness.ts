import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDeps, type Deps } from '../src/deps.ts';
import { passwordHasher } from '../src/repositories/password.repository.ts';
import { newSecurityHash, newVideoCode, type VideoRow } from '../src/repositories/video.repository.ts';
import type { Role } from '../src/wire/auth.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const PASSWORD = 'correct horse battery';
export const ORIGIN = 'http://127.0.0.1:8080';

export interface Harness {
  deps: Deps;
  database: TestDatabase;
  config: Config;
  /** A request straight into app.callback(), no port. */
  request(): ReturnType<typeof supertest>;
  /** A cookie-keeping client, signed in when a user is given. */
  agent(user?: { email: string }): Promise<TestAgent>;
  close(): Promise<void>;
}

/** An app on a fresh, migrated database with its own DATA_DIR; no queue unless the test starts one. */
export async function startHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribute-data-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'test', PUBLIC_URL: ORIGIN }), ...overrides };
  const deps = createDeps(config, database.db);
  const callback = createApp(deps).callback();
  return {
    deps,
    database,
    config,
    request: () => supertest(callback),
    async agent(user) {
      const agent = supertest.agent(callback);
      if (user) await agent.post('/users/login').send({ email: user.email, password: PASSWORD }).expect(200);
      return agent;
    },
    async close() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
let passwordHash: string | undefined;

export async function makeOrganization(deps: Deps, name = `Org ${++counter}`): Promise<{ id: number; organization_name: string }> {
  const [row] = await deps.db('organizations').insert({ organization_name: name }).returning('*');
  return row;
}

export async function makeUser(
  deps: Deps,
  values: { organizationId?: number | null; role?: Role; email?: string; name?: string; disabled?: boolean } = {},
): Promise<{ id: number; email: string; organization_id: number | null; role: Role }> {
  passwordHash ??= await passwordHasher.hash(PASSWORD);
  const organizationId = values.organizationId === undefined ? (await makeOrganization(deps)).id : values.organizationId;
  const [row] = await deps
    .db('users')
    .insert({
      organization_id: organizationId,
      email: values.email ?? `user${++counter}.${Date.now()}@example.com`,
      name: values.name ?? `User ${counter}`,
      role: values.role ?? 'staff',
      disabled: values.disabled ?? false,
      password_hash: passwordHash,
    })
    .returning('*');
  return row;
}

export async function makeVideo(deps: Deps, values: Partial<VideoRow> & { organization_id: number | null }): Promise<VideoRow> {
  const [row] = await deps
    .db('videos')
    .insert({ title: `Video ${++counter}`, ...values, video_code: newVideoCode(), security_hash: newSecurityHash() })
    .returning('*');
  return row as VideoRow;
}
