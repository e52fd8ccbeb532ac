/**
 * update_start: replaces this helper with the newest signed build and exits, so the browser's next connection
 * starts the new one (the window then checks the version again). update_progress while it downloads, then
 * update_finish, or update_error with the reason.
 */
import { helperPlatform, HELPER_VERSION, updatePublicKey } from '../version.ts';
import { log } from '../log.ts';
import { runUpdate, selfUpdateProblem } from '../updater.ts';
import { requireReady, type ActionContext } from './context.ts';

export async function updateStartAction(ctx: ActionContext): Promise<void> {
  const ready = requireReady(ctx);
  if (!ready) return;
  if (ctx.session.burning) {
    ctx.reply({ type: 'update_error', message: 'A disc is being burned: the update waits until it is done.' });
    return;
  }
  const problem = selfUpdateProblem();
  if (problem) {
    ctx.reply({ type: 'update_error', message: problem });
    return;
  }
  try {
    ctx.reply({ type: 'update_progress', percent: 0 }, false);
    const version = await runUpdate({
      server: ready.config.updateServer,
      platform: helperPlatform(),
      currentVersion: HELPER_VERSION,
      publicKey: updatePublicKey(),
      target: process.execPath,
      progress: (percent) => ctx.reply({ type: 'update_progress', percent }, false),
    });
    log('updated to version', version);
    ctx.session.exitRequested = true;
    ctx.reply({ type: 'update_finish', version });
  } catch (error) {
    log('update failed', error);
    ctx.reply({ type: 'update_error', message: (error as Error).message });
  }
}
