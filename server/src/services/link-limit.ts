import type { Knex } from 'knex';
import { AppError } from '../http/errors.ts';
import type { SlideRepository } from '../repositories/slide.repository.ts';
import type { VideoAccess } from './video-access.ts';

/**
 * Adds slides to a video within the upload-link limit (spec: 'Too many slides, limit is {limit}.'), which holds a
 * family using the link and never staff. Every way of adding a slide (an upload's reservation, a new text slide, a
 * restore, a copy) goes through here: the count and the addition run under the video's row lock, so calls racing
 * each other take turns and cannot all pass a check made before any of them added.
 *
 * `adding` answers how many slides the call would add, read under the lock (a restore racing another restore of
 * the same slide adds none); `add` makes the change through the same transaction.
 */
export async function addWithinLinkLimit<T>(
  slides: SlideRepository,
  access: VideoAccess,
  adding: (trx: Knex.Transaction) => number | Promise<number>,
  add: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const videoId = access.video.id;
  return slides.withVideoLock(videoId, async (trx, limit) => {
    if (access.linkLevel !== undefined && limit !== null) {
      const count = await adding(trx);
      if (count > 0 && (await slides.countLive(videoId, trx)) + count > limit) throw new AppError(403, `Too many slides, limit is ${limit}.`);
    }
    return add(trx);
  });
}
