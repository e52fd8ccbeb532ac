/** download_poll: where a download is (the window polls it every BURN_TIMINGS.downloadPollMs). */
import { ERROR_CODES, errorReply, type BurnRequest } from '../../../common/burn-protocol.ts';
import { requireReady, type ActionContext } from './context.ts';

export function downloadPollAction(request: Extract<BurnRequest, { type: 'download_poll' }>, ctx: ActionContext): void {
  const ready = requireReady(ctx);
  if (!ready) return;
  const status = ready.downloader.status(request.download_id);
  ctx.reply(status ?? errorReply(ERROR_CODES.downloadNotFound, `No download ${request.download_id} in this connection.`));
}
