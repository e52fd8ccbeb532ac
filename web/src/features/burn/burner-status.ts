import { BURNER_CODES, type BurnerCheck } from '../../../../common/burn-protocol.ts';
import { TEXTS, unsupportedMediaText } from './texts.ts';

/**
 * Spec 3 section 4.5, what the window makes of a burner check:
 * - usable: a burn may start (with the DVD+R advisory when that is the disc);
 * - waiting: the check is repeated every BURN_TIMINGS.burnerRecheckMs, showing why in the message area.
 */
export type BurnerStatus =
  | { kind: 'usable'; advisory: string | null }
  | { kind: 'waiting'; reason: 'no_burner' | 'loading' | 'unsupported' | 'busy' | 'no_media' | 'not_blank'; message: string };

/** Spec 3 section 5: DVD-R is preferred, DVD+R accepted with the advisory, every other medium refused. */
function mediaStatus(media: string): BurnerStatus {
  if (media === 'DVD-R') return { kind: 'usable', advisory: null };
  if (media === 'DVD+R') return { kind: 'usable', advisory: TEXTS.dvdPlusR };
  return { kind: 'waiting', reason: 'unsupported', message: unsupportedMediaText(media) };
}

export function burnerStatus(check: BurnerCheck): BurnerStatus {
  switch (check.hr_hex) {
    case BURNER_CODES.noBurner:
      return { kind: 'waiting', reason: 'no_burner', message: TEXTS.noBurner };
    case BURNER_CODES.becomingReady:
      return { kind: 'waiting', reason: 'loading', message: TEXTS.loading };
    // Spec 3 section 8: the no media and blank media messages are the helper's own words.
    case BURNER_CODES.noMedia:
      return { kind: 'waiting', reason: 'no_media', message: check.error_message || 'No media' };
    case BURNER_CODES.noBlankMedia:
      return { kind: 'waiting', reason: 'not_blank', message: check.error_message || 'The disc is not blank' };
    // The drive cannot write the disc in it (a CD-only or read-only drive): the disc is what must change.
    case BURNER_CODES.recorderNotSupported:
      return { kind: 'waiting', reason: 'unsupported', message: check.error_message || unsupportedMediaText(check.media_type) };
    case BURNER_CODES.ok:
      // Another burn on this computer (another window, another browser) holds the drive; our own burn does not.
      if (check.burning && !check.own_port_id) return { kind: 'waiting', reason: 'busy', message: TEXTS.busy };
      return mediaStatus(check.media_type);
  }
}
