/** download_start: begins (or joins) the download of a disc image from an allowed server. */
import { errorReply, type BurnRequest } from '../../../common/burn-protocol.ts';
import { requireReady, type ActionContext } from './context.ts';

export function downloadStartAction(request: Extract<BurnRequest, { type: 'download_start' }>, ctx: ActionContext): void {
  const ready = requireReady(ctx);
  if (!ready) return;
  const started = ready.downloader.start(request.url, request.sha256, request.size);
  ctx.reply(started.ok ? { type: 'download_started', download_id: started.download_id } : errorReply(started.code, started.message));
}
