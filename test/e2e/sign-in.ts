import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { DEMO_PASSWORD, login } from './harness.ts';

/**
 * The harness's form login; should the form's post be refused, the same login as a JSON call from the page,
 * so the pages under test are still reached.
 */
export async function signIn(page: Page, url: string, email: string): Promise<void> {
  await login(page, url, email, DEMO_PASSWORD);
  if (!new URL(page.url()).pathname.startsWith('/users/login') && !(await page.content()).includes('"errors"')) return;
  await page.goto(`${url}/users/login`, { waitUntil: 'networkidle0' });
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/users/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return res.status;
  }, JSON.stringify({ email, password: DEMO_PASSWORD }));
  assert.equal(status, 200, 'signed in');
}
