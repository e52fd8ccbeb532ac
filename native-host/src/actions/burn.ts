/**
 * burn: writes a downloaded image to the disc and reads it back. Streams burn_progress (initializing, loading,
 * writing %, finalizing, verifying %) and ends with burn_complete, or burn_error naming the stage that failed. The
 * window only asks once its checks passed, but the helper checks again (the disc may have changed since) and
 * refuses anything but a blank DVD-R or DVD+R, and a second burn while one runs.
 */
import path from 'node:path';
import { BURNER_CODES, ERROR_CODES, errorReply, type BurnRequest } from '../../../common/burn-protocol.ts';
import { BURNABLE_MEDIA, BURNER_MESSAGES, BurnFailure } from '../burners/burner.ts';
import { verifyDisc } from '../burners/verify.ts';
import { log } from '../log.ts';
import { requireReady, type ActionContext } from './context.ts';

/** Spec 3 section 8's words for a drive that cannot take this burn. */
export function refusalText(hr: string, media: string): string {
  switch (hr) {
    case BURNER_CODES.noBurner:
      return 'No burner could be found';
    case BURNER_CODES.becomingReady:
      return 'Loading...';
    case BURNER_CODES.noMedia:
      return BURNER_MESSAGES.noMedia;
    case BURNER_CODES.noBlankMedia:
      return BURNER_MESSAGES.noBlankMedia;
    case BURNER_CODES.recorderNotSupported:
      return BURNER_MESSAGES.recorderNotSupported;
    default:
      return `You are currently using a ${media} disc, which is not supported. Please use DVD-R disc.`;
  }
}

export async function burnAction(request: Extract<BurnRequest, { type: 'burn' }>, ctx: ActionContext): Promise<void> {
  const ready = requireReady(ctx);
  if (!ready) return;
  const session = ctx.session;
  if (session.burning || ready.lock.heldByOther() !== null) {
    ctx.reply(errorReply(ERROR_CODES.busy, 'The burner is busy.'));
    return;
  }
  // The name comes from download_poll; it may only name an image this connection downloaded, and the file is
  // hashed again now: only bytes equal to the server's SHA-256 are written (a file changed or planted since is not).
  const image = request.filename.endsWith('.iso') && path.basename(request.filename) === request.filename ? await ready.downloader.checkedImage(request.filename) : null;
  if (!image?.ok) {
    ctx.reply(errorReply(ERROR_CODES.downloadNotFound, image?.message ?? `The disc image ${request.filename} has not been downloaded.`));
    return;
  }
  const iso = image.file;
  const stat = { size: image.size };
  if (!ready.lock.acquire()) {
    ctx.reply(errorReply(ERROR_CODES.busy, 'The burner is busy.'));
    return;
  }
  session.burning = true;
  const progress = (stage: Parameters<Parameters<typeof ready.burner.write>[3]>[0], percent: number) =>
    ctx.reply({ type: 'burn_progress', stage, percent }, false);
  const controller = new AbortController();
  let stage: 'burn' | 'verify' = 'burn';
  try {
    progress('initializing', 0);
    const state = await ready.burner.check(request.burner_index);
    if (state.busy) {
      ctx.reply(errorReply(ERROR_CODES.busy, 'The burner is busy.'));
      return;
    }
    if (state.hr_hex !== BURNER_CODES.ok || !BURNABLE_MEDIA.includes(state.media_type)) {
      ctx.reply({ type: 'burn_error', stage: 'burn', message: refusalText(state.hr_hex, state.media_type), hr_hex: state.hr_hex });
      return;
    }
    log('burn start', request.filename, state.media_type, stat.size);
    await ready.burner.write(request.burner_index, iso, stat.size, progress, controller.signal);
    stage = 'verify';
    const result = await verifyDisc(ready.burner, request.burner_index, iso, stat.size, progress);
    if (!result.ok || result.discSha256 !== image.sha256) {
      log('verify failed', result);
      const message =
        result.read < stat.size
          ? `Verification failed: the disc gave back ${result.read} of ${stat.size} bytes. Please burn another disc.`
          : 'Verification failed: the disc does not match the disc image. Please burn another disc.';
      ctx.reply({ type: 'burn_error', stage: 'verify', message, hr_hex: BURNER_CODES.ok });
      return;
    }
    log('burn complete', request.filename, result.discSha256);
    ctx.reply({ type: 'burn_complete', sha256: result.discSha256 });
  } catch (error) {
    log('burn failed', stage, error);
    const failure = error instanceof BurnFailure ? error : new BurnFailure((error as Error).message);
    const message = stage === 'verify' ? `Verification failed: ${failure.message}` : failure.message;
    ctx.reply({ type: 'burn_error', stage, message, hr_hex: failure.hr_hex });
  } finally {
    session.burning = false;
    ready.lock.release();
  }
}
