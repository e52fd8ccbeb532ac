import type { BurnSession } from './flow.ts';

/** The burn window's buttons (spec 3 section 2.6). settings opens Download Settings. */
export type BurnButton = 'burn_another' | 'close' | 'retry' | 'burn' | 'cancel' | 'settings';

/**
 * Spec 3 section 4.4, the button table, first matching row wins:
 * - download, burn and verify all complete: Burn Another Copy and Close;
 * - finalize or download error: Retry;
 * - burn error with the download complete: Burn;
 * - canceled or verify error: Close;
 * - download or finalize incomplete: Cancel, plus the settings button when finalize is complete and the download
 *   is not.
 * While the burn and verify run, no button shows: the drive must not be interrupted. Before the burn starts, while
 * the window waits for a usable disc (none in the drive, a CD-R, a busy burner), the table gives no button either;
 * Close is offered there so the person is never left with a window they can only shut from its frame.
 */
export function burnButtons(s: Pick<BurnSession, 'finalize' | 'download' | 'burn' | 'verify' | 'canceled' | 'burnRequested'>): BurnButton[] {
  if (s.download.completed && s.burn.completed && s.verify.completed) return ['burn_another', 'close'];
  if (s.finalize.error || s.download.error) return ['retry'];
  if (s.burn.error && s.download.completed) return ['burn'];
  if (s.canceled || s.verify.error) return ['close'];
  if (!s.download.completed || !s.finalize.completed) return s.finalize.completed && !s.download.completed ? ['cancel', 'settings'] : ['cancel'];
  return s.burnRequested ? [] : ['close'];
}
