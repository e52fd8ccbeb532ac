/** What an action gets: the session, and a way to answer the request it handles (by its id). */
import { ERROR_CODES, errorReply, type BurnReply } from '../../../common/burn-protocol.ts';
import type { Ready, Session } from '../session.ts';

export interface ActionContext {
  session: Session;
  id: number;
  /** final false for progress replies (burn_progress, update_progress); everything else ends the request. */
  reply(reply: BurnReply, final?: boolean): void;
}

/** The configured parts, or an error reply saying why the configuration is missing or broken. */
export function requireReady(ctx: ActionContext): Ready | null {
  if (ctx.session.ready) return ctx.session.ready;
  const result = ctx.session.configResult;
  ctx.reply(errorReply(ERROR_CODES.internal, result.ok ? 'The DVD burning tool is not ready.' : result.message));
  return null;
}
