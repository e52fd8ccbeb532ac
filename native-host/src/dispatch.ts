/**
 * Every frame from the browser goes through here: validated with parseRequestFrame, refused with a typed error
 * when it is not a request the helper knows, else handed to its action (one file per action under actions/).
 * A frame whose id cannot be read is answered with id 0.
 */
import { ERROR_CODES, MAX_REQUEST_BYTES, errorReply, parseRequestFrame, refusal, replyFrame, type BurnReply, type BurnRequest } from '../../common/burn-protocol.ts';
import { burnAction } from './actions/burn.ts';
import { burnerChecksAction } from './actions/burner-checks.ts';
import type { ActionContext } from './actions/context.ts';
import { downloadCancelAction } from './actions/download-cancel.ts';
import { downloadPollAction } from './actions/download-poll.ts';
import { downloadStartAction } from './actions/download-start.ts';
import { updateStartAction } from './actions/update-start.ts';
import { versionAction } from './actions/version.ts';
import type { DecodedFrame } from './framing.ts';
import { log } from './log.ts';
import type { Session } from './session.ts';

async function act(request: BurnRequest, ctx: ActionContext): Promise<void> {
  switch (request.type) {
    case 'version':
      return versionAction(ctx);
    case 'download_start':
      return downloadStartAction(request, ctx);
    case 'download_poll':
      return downloadPollAction(request, ctx);
    case 'download_cancel':
      return downloadCancelAction(request, ctx);
    case 'burner_checks':
      return burnerChecksAction(ctx);
    case 'burn':
      return burnAction(request, ctx);
    case 'update_start':
      return updateStartAction(ctx);
    case 'open_window':
      // The extension opens windows; a helper asked for it is talking to something that is not the extension.
      ctx.reply(errorReply(ERROR_CODES.unknownType, 'open_window is answered by the browser extension, not by the helper.'));
      return;
  }
}

export function dispatch(decoded: DecodedFrame, session: Session): void {
  if (decoded.kind === 'tooLarge') {
    log('refused a message of', decoded.length, 'bytes');
    session.send(replyFrame(0, errorReply(ERROR_CODES.tooLarge, `The message has ${decoded.length} bytes; the helper accepts at most ${MAX_REQUEST_BYTES}.`)));
    return;
  }
  if (decoded.kind === 'badJson') {
    session.send(replyFrame(0, errorReply(ERROR_CODES.malformed, decoded.message)));
    return;
  }
  const parsed = parseRequestFrame(decoded.value);
  if (!parsed.ok) {
    session.send(refusal(parsed));
    return;
  }
  const { id, request } = parsed.value;
  let finished = false;
  const ctx: ActionContext = {
    session,
    id,
    reply: (reply: BurnReply, final = true) => {
      if (finished) return;
      finished = final;
      session.send(replyFrame(id, reply, final));
    },
  };
  session.track(
    act(request, ctx).catch((error: unknown) => {
      log('action failed', request.type, error);
      ctx.reply(errorReply(ERROR_CODES.internal, `The helper failed on ${request.type}: ${(error as Error).message}`));
    }),
  );
}
