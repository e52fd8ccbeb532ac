/** The product's JSON calls made from a signed-in page, as the app makes them (its cookie, its origin). */
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';

/** A JSON call from the page: the status and the parsed body (null when the body is not JSON). */
export async function pageCall<T = Record<string, unknown>>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T | null }> {
  return page.evaluate(
    async (m, u, b) => {
      const res = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: b ?? undefined });
      return { status: res.status, body: (await res.json().catch(() => null)) as T | null };
    },
    method,
    url,
    body === undefined ? null : JSON.stringify(body),
  ) as Promise<{ status: number; body: T | null }>;
}

/**
 * Attaches the shortest stock song to a video (stock music asks for the licence at Finalize) and, with `slideTime`,
 * sets that many seconds a slide with automatic timing off: automatic timing would stretch the few photos of a test
 * video over the whole song, minutes of video to render. Answers the song's id.
 */
export async function attachShortestSong(page: Page, videoId: number, slideTime?: number): Promise<number> {
  const stock = await pageCall<{ stock_songs: { id: number; song_length: number }[] }>(page, 'GET', '/r/songs/stock_list');
  const [shortest] = [...(stock.body?.stock_songs ?? [])].sort((a, b) => a.song_length - b.song_length);
  assert.ok(shortest, 'the stock library has songs');
  assert.equal((await pageCall(page, 'POST', '/r/songs/attach_stock', { video_id: videoId, stock_song_id: [shortest.id] })).status, 200, 'attach_stock');
  if (slideTime !== undefined) {
    assert.equal((await pageCall(page, 'POST', '/r/songs/update_timing', { video_id: videoId, automatic: false, slide_time: slideTime })).status, 200, 'update_timing');
  }
  return shortest.id;
}
