/** version: which helper this is, so the window can decide whether it must update (MIN_NATIVE_VERSION). */
import { PROTOCOL_VERSION } from '../../../common/burn-protocol.ts';
import { HELPER_VERSION, helperPlatform } from '../version.ts';
import type { ActionContext } from './context.ts';

export function versionAction(ctx: ActionContext): void {
  // Answered even without a valid configuration: the window needs the version to offer a reinstall or update.
  const burner = ctx.session.ready?.config.burner.kind ?? 'system';
  ctx.reply({ type: 'version', version: HELPER_VERSION, protocol: PROTOCOL_VERSION, platform: helperPlatform(), burner });
}
