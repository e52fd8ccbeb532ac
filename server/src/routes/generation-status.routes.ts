import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../deps.ts';
import { AppError } from '../http/errors.ts';
import { isSuper } from '../http/session.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import { generationStatusService, isStage, STAGES, type Stage } from '../services/generation-status.service.ts';

/** At most this many videos per batch call: a list page polls the videos it shows. */
const MAX_BATCH = 500;

function parseProgressBars(raw: unknown): Partial<Record<Stage, number[]>> {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : '');
  } catch {
    throw new AppError(400, 'progress_bars must be a JSON map of stage to video ids.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError(400, 'progress_bars must be a JSON map of stage to video ids.');
  const bars: Partial<Record<Stage, number[]>> = {};
  for (const [stage, ids] of Object.entries(value)) {
    if (!isStage(stage) || !Array.isArray(ids)) continue;
    bars[stage] = ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  }
  return bars;
}

/** GET /r/videos/{id}/check_generation_status and the batch GET /r/videos/check_generation_statuses (CONVENTIONS). */
export function generationStatusRoutes(deps: Deps): Router {
  const router = new Router();
  const statuses = generationStatusService(deps.render.records);

  router.get('/r/videos/check_generation_statuses', async (ctx) => {
    const bars = parseProgressBars(ctx.query.progress_bars);
    const ids = [...new Set(Object.values(bars).flat())].slice(0, MAX_BATCH);
    // Videos the caller may not see are simply left out, so nothing reveals that they exist. One query for all of
    // them: a list page polls every video it shows that is still rendering.
    const visible = new Map((await deps.access.checkMany(ctx, ids, 'view')).map(({ video }) => [video.id, video]));
    const asked = STAGES.filter((stage) => bars[stage]).map(
      (stage) => [stage, (bars[stage] ?? []).map((id) => visible.get(id)).filter((v): v is VideoRow => v !== undefined)] as const,
    );
    await deps.answers.send(ctx, {
      call: 'generation.statuses',
      scopes: [...visible.keys()].map((id) => `video:${id}` as const),
      // The video rows were read before the versions: what the statuses take from them is part of the key.
      facets: asked.map(([stage, videos]) => [stage, videos.map((v) => [v.id, v.date_in_queue, v.deleted_at])]),
      build: async () => {
        const body: Partial<Record<Stage, Record<string, unknown>>> = {};
        for (const [stage, videos] of asked) body[stage] = await statuses.many(videos, stage);
        return body;
      },
    });
  });

  router.get('/r/videos/:id/check_generation_status', async (ctx: Context) => {
    const { video } = await deps.access.check(ctx, ctx.params.id, 'view');
    const stage = ctx.query.stage ?? 'hd';
    if (stage === 'admin' && !isSuper(ctx.state.auth?.user)) throw new AppError(404, 'Not found');
    if (stage !== 'admin' && !isStage(stage)) throw new AppError(400, `Unknown stage: ${String(stage)}.`);
    await deps.answers.send(ctx, {
      call: 'generation.status',
      scopes: [`video:${video.id}`],
      facets: [video.id, stage, video.date_in_queue, video.deleted_at],
      build: () => (stage === 'admin' ? statuses.admin(video) : statuses.status(video, stage)),
    });
  });

  return router;
}
