/**
 * burner_checks: the drive and disc (spec 3 section 4.5) and whether a burn runs on this computer. The window
 * decides what to say about the media; the helper only reports it.
 */
import { BURNER_CODES, ERROR_CODES, errorReply, type BurnerCheck } from '../../../common/burn-protocol.ts';
import { log } from '../log.ts';
import { requireReady, type ActionContext } from './context.ts';

export async function burnerChecksAction(ctx: ActionContext): Promise<void> {
  const ready = requireReady(ctx);
  if (!ready) return;
  const session = ctx.session;
  if (session.burning) {
    // The drive is ours and busy writing: asking it now would only disturb the burn.
    ctx.reply({ ...(session.lastCheck ?? { type: 'burner_checks', hr_hex: BURNER_CODES.ok, media_type: 'unknown', burner_index: 0, error_message: null }), burning: true, own_port_id: true });
    return;
  }
  if (ready.lock.heldByOther() !== null) {
    // Another helper process is writing to the drive: report the burn without disturbing it.
    ctx.reply({ type: 'burner_checks', hr_hex: BURNER_CODES.ok, media_type: session.lastCheck?.media_type ?? 'unknown', burner_index: 0, error_message: null, burning: true, own_port_id: false });
    return;
  }
  let state;
  try {
    state = await ready.burner.check(0);
  } catch (error) {
    log('burner check failed', error);
    ctx.reply(errorReply(ERROR_CODES.internal, (error as Error).message));
    return;
  }
  const check: BurnerCheck = {
    type: 'burner_checks',
    hr_hex: state.hr_hex,
    media_type: state.media_type,
    burner_index: 0,
    error_message: state.error_message,
    burning: state.busy,
    own_port_id: false,
  };
  session.lastCheck = check;
  ctx.reply(check);
}
