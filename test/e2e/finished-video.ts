import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import type { E2eApp } from './harness.ts';
import { attachShortestSong, pageCall } from './page-api.ts';
import { addPhotos, makeStaffVideo } from './slide-fixtures.ts';

/**
 * A staff video made the way a user makes one — photos, the shortest stock song, finalized with the licence agreed —
 * and rendered by the app's own worker until its HD and web videos are done. Kept short (three photos, two seconds
 * each) so the render takes seconds. `page` must be signed in as the app's staff user (E2eApp.staffEmail, else staff@example.com).
 */
export async function makeFinishedVideo(app: E2eApp, page: Page, title: string, timeoutMs = 240_000): Promise<{ id: number; videoCode: string }> {
  const video = await makeStaffVideo(app, title);
  await addPhotos(app, video.id, [{ name: 'garden.jpg' }, { name: 'portrait.jpg', portrait: true }, { name: 'lake.jpg' }]);
  await attachShortestSong(page, video.id, 2);
  assert.equal((await pageCall(page, 'POST', '/orders/create', { video_code: video.video_code, stock_eula: '1' })).status, 200, 'finalized');
  const { db } = app.running.deps;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await db('renders').where({ video_id: video.id, status: 'done' }).whereIn('kind', ['hd', 'web']).pluck('kind');
    if (done.includes('hd') && done.includes('web')) break;
    const failed = await db('renders').where({ video_id: video.id, status: 'failed' }).first('kind', 'error');
    assert.equal(failed, undefined, `the render failed: ${JSON.stringify(failed)}`);
    assert.ok(Date.now() < deadline, `the HD and web videos were not done within ${timeoutMs / 1000} s (done: ${done.join(', ') || 'none'})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { id: video.id, videoCode: video.video_code };
}
