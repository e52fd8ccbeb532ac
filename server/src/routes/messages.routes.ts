import Router from '@koa/router';
import type { Deps } from '../deps.ts';
import { bodyOf, intParam } from '../http/request.ts';
import { httpSmsTransport } from '../repositories/sms.repository.ts';
import { shareService, shareTypeOf } from '../services/share.service.ts';
import { smsService } from '../services/sms.service.ts';
import type { WireShareLog } from '../wire/share.ts';

/**
 * Sharing a video's links by email and text message (spec 1, section 7), and the share log (spec 3, section 7).
 * Only staff who manage the video may send: the family's link never makes this server mail anyone.
 */
export function messagesRoutes(deps: Deps): Router {
  const router = new Router();
  const share = shareService({
    mail: deps.mail,
    sms: smsService(deps.repos.outbox, httpSmsTransport(deps.config.smsUrl, deps.config.smsToken)),
    shareLogs: deps.repos.shareLogs,
    publicUrl: deps.config.publicUrl,
  });

  router.post('/r/messages/send_email', async (ctx) => {
    const body = bodyOf(ctx);
    const access = await deps.access.check(ctx, intParam(body.video_id), 'manage');
    ctx.body = await share.sendEmail(access, body);
  });

  router.post('/r/messages/send_sms', async (ctx) => {
    const body = bodyOf(ctx);
    const access = await deps.access.check(ctx, intParam(body.video_id), 'manage');
    ctx.body = await share.sendSms(access, body);
  });

  router.get('/share_logs.json', async (ctx) => {
    const access = await deps.access.check(ctx, intParam(ctx.query.video_id), 'manage');
    const type = ctx.query.share_type ? shareTypeOf(ctx.query.share_type) : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await share.log(access.video.id, type)) satisfies WireShareLog;
  });

  return router;
}
