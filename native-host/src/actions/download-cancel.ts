/** download_cancel: stops a download (its partial file stays, so starting it again resumes). */
import { ERROR_CODES, errorReply, type BurnRequest } from '../../../common/burn-protocol.ts';
import { requireReady, type ActionContext } from './context.ts';

export function downloadCancelAction(request: Extract<BurnRequest, { type: 'download_cancel' }>, ctx: ActionContext): void {
  const ready = requireReady(ctx);
  if (!ready) return;
  const known = ready.downloader.cancel(request.download_id);
  ctx.reply(known ? { type: 'download_canceled', download_id: request.download_id } : errorReply(ERROR_CODES.downloadNotFound, `No download ${request.download_id} in this connection.`));
}
