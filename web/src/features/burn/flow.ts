import type { BurnStage, DownloadStatus } from '../../../../common/burn-protocol.ts';
import type { BurnerStatus } from './burner-status.ts';
import { TEXTS } from './texts.ts';

/**
 * The burn session of spec 3 section 3.3 and the flow of section 4.1 as a pure reducer: the window's controller
 * dispatches what happened (a poll answered, the helper replied, a button was pressed) and asks the predicates at
 * the end of this file what may start next. Nothing here waits, sends or reads a clock.
 */

/** One progress row: its bar (0..100), whether it is done, its text, and its error (which replaces the text). */
export interface Block {
  progress: number;
  completed: boolean;
  status: string | null;
  error: string | null;
}

export interface BurnSession {
  videoId: number;
  finalize: Block;
  download: Block;
  burn: Block;
  verify: Block;
  /** The helper's version check and auto-update (spec 3 section 4.6): completed once it is new enough. */
  update: { completed: boolean; running: boolean; error: string | null };
  /** The message area: why nothing moves (burner, helper), or the update's progress. */
  message: string | null;
  /** How the message reads: news (the update), a wait the user can end (the burner), or an error. */
  messageTone: MessageTone;
  /** The DVD+R advisory, shown beside the message. */
  advisory: string | null;
  canceled: boolean;
  /** POST /downloads/iso's answer: the image's addresses by source, its size and SHA-256. */
  urls: Record<string, string> | null;
  iso: { size: number; sha256: string } | null;
  /** The chosen download source, 'primary' unless the user picked another (spec 3 section 9). */
  source: string;
  downloadRequested: boolean;
  downloadId: string | null;
  /** The downloaded image's name in the helper's folder: what burn takes. */
  filename: string | null;
  burnRequested: boolean;
  burnStage: BurnStage | null;
  /** Counts Retry: answers to an earlier attempt are dropped. */
  run: number;
  /** Counts burns (Burn Another Copy, Burn after an error): progress of an earlier burn is dropped. */
  burnRun: number;
}

export type BurnAction =
  | { type: 'finalize_progress'; percent: number; status: string | null }
  | { type: 'finalize_waiting'; message: string }
  | { type: 'finalize_complete' }
  | { type: 'finalize_failed'; message: string }
  | { type: 'iso'; urls: Record<string, string>; size: number; sha256: string }
  | { type: 'helper_unavailable'; message: string }
  | { type: 'update_started' }
  | { type: 'update_progress'; percent: number }
  | { type: 'update_complete' }
  | { type: 'update_failed'; message: string }
  | { type: 'download_requested' }
  | { type: 'download_started'; downloadId: string }
  | { type: 'download_status'; status: DownloadStatus; estimate: string }
  | { type: 'download_failed'; message: string }
  | { type: 'burner_status'; status: BurnerStatus }
  | { type: 'burn_requested' }
  | { type: 'burn_progress'; stage: BurnStage; percent: number; estimate: string | null }
  | { type: 'burn_bar'; value: number }
  | { type: 'burn_complete' }
  | { type: 'burn_error'; stage: 'burn' | 'verify'; message: string }
  | { type: 'message'; message: string | null; tone?: MessageTone }
  /** Cancel (spec 3 section 4.3). */
  | { type: 'cancel' }
  /** Retry, and a change of download source (which the controller sends after canceling). */
  | { type: 'retry'; source?: string }
  /** Burn Another Copy, and Burn after a burn error: burn and verify start again from the same image. */
  | { type: 'burn_again' };

export type MessageTone = 'info' | 'warning' | 'error';

const emptyBlock = (): Block => ({ progress: 0, completed: false, status: null, error: null });
const completedBlock = (): Block => ({ progress: 100, completed: true, status: TEXTS.completed, error: null });

export function initialSession(videoId: number): BurnSession {
  return {
    videoId,
    finalize: emptyBlock(),
    download: emptyBlock(),
    burn: emptyBlock(),
    verify: emptyBlock(),
    update: { completed: false, running: false, error: null },
    message: null,
    messageTone: 'info',
    advisory: null,
    canceled: false,
    urls: null,
    iso: null,
    source: 'primary',
    downloadRequested: false,
    downloadId: null,
    filename: null,
    burnRequested: false,
    burnStage: null,
    run: 0,
    burnRun: 0,
  };
}

const clampPercent = (value: number): number => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** The burn stage's text in the Burn row (spec 3 section 4.2); writing shows its estimate. */
function burnStageText(stage: BurnStage, estimate: string | null): string {
  switch (stage) {
    case 'initializing':
      return TEXTS.initializing;
    case 'loading':
      return TEXTS.loading;
    case 'writing':
      return estimate ?? TEXTS.estimating;
    case 'finalizing':
      return TEXTS.finalizing;
    case 'verifying':
      return TEXTS.verifying;
  }
}

export function burnReducer(state: BurnSession, action: BurnAction): BurnSession {
  switch (action.type) {
    case 'finalize_progress':
      if (state.finalize.completed) return state;
      return { ...state, finalize: { ...state.finalize, progress: clampPercent(action.percent), status: action.status ?? `${Math.floor(clampPercent(action.percent))}%`, error: null } };
    case 'finalize_waiting':
      // A failed call is tried again on its own (spec 3 section 4.1): it is said, not an error that stops the flow.
      if (state.finalize.completed) return state;
      return { ...state, finalize: { ...state.finalize, status: action.message } };
    case 'finalize_complete':
      return { ...state, finalize: completedBlock() };
    case 'finalize_failed':
      return { ...state, finalize: { ...state.finalize, completed: false, status: null, error: action.message } };
    case 'iso':
      return { ...state, urls: action.urls, iso: { size: action.size, sha256: action.sha256 } };

    case 'helper_unavailable':
      return { ...state, message: action.message, messageTone: 'error' };
    case 'update_started':
      return { ...state, update: { completed: false, running: true, error: null }, message: TEXTS.updating, messageTone: 'info' };
    case 'update_progress':
      return state.update.running ? { ...state, message: `${TEXTS.updating} ${Math.floor(clampPercent(action.percent))}%` } : state;
    case 'update_complete':
      return { ...state, update: { completed: true, running: false, error: null }, message: state.update.running || state.message === TEXTS.nativeUnavailable || state.message === TEXTS.noResponse ? null : state.message };
    case 'update_failed':
      // Spec 3 section 4.6: status Error, and the updater's message kept in the message area.
      return {
        ...state,
        update: { completed: false, running: false, error: action.message },
        message: action.message,
        messageTone: 'error',
        download: { ...state.download, status: null, error: state.download.completed ? null : TEXTS.error },
      };

    case 'download_requested':
      return { ...state, downloadRequested: true, downloadId: null, filename: null, download: { ...emptyBlock(), status: TEXTS.estimating } };
    case 'download_started':
      return { ...state, downloadId: action.downloadId };
    case 'download_status': {
      const { status } = action;
      if (state.canceled || state.download.error || state.download.completed) return state;
      const progress = status.total > 0 ? clampPercent((status.received / status.total) * 100) : 0;
      switch (status.state) {
        case 'complete':
          return { ...state, filename: status.filename, download: completedBlock() };
        case 'canceled':
          return { ...state, download: { ...state.download, progress, status: null, error: TEXTS.canceled } };
        case 'error':
          return { ...state, download: { ...state.download, progress, status: null, error: status.error || TEXTS.error } };
        case 'not_started':
        case 'in_progress':
          return { ...state, download: { ...state.download, progress, status: action.estimate } };
      }
      return state;
    }
    case 'download_failed':
      return { ...state, download: { ...state.download, status: null, error: action.message } };

    case 'burner_status':
      if (action.status.kind === 'usable') {
        const burnerWords = state.message !== null && !state.update.running && state.update.error === null;
        return { ...state, advisory: action.status.advisory, message: burnerWords ? null : state.message };
      }
      // The update's words and the updater's error outrank the burner's.
      if (state.update.running || state.update.error) return state;
      return { ...state, advisory: null, message: action.status.message, messageTone: action.status.reason === 'loading' ? 'info' : 'warning' };

    case 'burn_requested':
      return { ...state, burnRequested: true, burnStage: 'initializing', burn: { ...emptyBlock(), status: TEXTS.initializing }, verify: emptyBlock() };
    case 'burn_progress': {
      if (!state.burnRequested || state.burn.error || state.verify.error) return state;
      if (action.stage === 'verifying') {
        // Spec 3 section 4.1: the burn is complete when verification starts.
        const verifyStatus = action.percent > 0 && action.estimate ? action.estimate : TEXTS.verifying;
        return { ...state, burnStage: 'verifying', burn: completedBlock(), verify: { progress: clampPercent(action.percent), completed: false, status: verifyStatus, error: null } };
      }
      const burn = { ...state.burn, status: burnStageText(action.stage, action.estimate) };
      return { ...state, burnStage: action.stage, burn };
    }
    case 'burn_bar':
      if (!state.burnRequested || state.burn.completed || state.burn.error) return state;
      return { ...state, burn: { ...state.burn, progress: clampPercent(action.value) } };
    case 'burn_complete':
      return { ...state, burnStage: null, burn: completedBlock(), verify: completedBlock() };
    case 'burn_error':
      if (action.stage === 'verify') return { ...state, burnStage: null, burn: completedBlock(), verify: { ...state.verify, status: null, error: action.message } };
      return { ...state, burnStage: null, burn: { ...state.burn, status: null, error: action.message } };

    case 'message':
      return { ...state, message: action.message, messageTone: action.tone ?? 'error' };

    case 'cancel': {
      // Spec 3 section 4.3: Cancel stops the download, marks canceled and sets status Canceled.
      const download = state.download.completed ? state.download : { ...state.download, status: TEXTS.canceled, error: null };
      const finalize = state.finalize.completed ? state.finalize : { ...state.finalize, status: TEXTS.canceled };
      return { ...state, canceled: true, download, finalize };
    }
    case 'retry':
      // Spec 3 section 4.3: finalize, download, the burn error and the estimates start again; canceled is cleared.
      return {
        ...state,
        run: state.run + 1,
        finalize: emptyBlock(),
        download: emptyBlock(),
        burn: state.burn.error ? emptyBlock() : state.burn,
        update: state.update.error ? { completed: false, running: false, error: null } : state.update,
        message: state.update.error ? null : state.message,
        canceled: false,
        source: action.source ?? state.source,
        urls: null,
        iso: null,
        downloadRequested: false,
        downloadId: null,
        filename: null,
        burnRequested: false,
        burnStage: null,
      };
    case 'burn_again':
      return { ...state, burnRun: state.burnRun + 1, burnRequested: false, burnStage: null, burn: emptyBlock(), verify: emptyBlock() };
  }
}

// ---------------------------------------------------------------------------------------------- what starts next

/** Spec 3 section 4.1: finalize and the helper's update must both be complete, and only one download starts. */
export const canStartDownload = (s: BurnSession): boolean =>
  s.finalize.completed && s.update.completed && s.iso !== null && s.urls !== null && !s.downloadRequested && !s.canceled && !s.download.error;

/** Spec 3 section 4.5: a burn starts by itself once the image is downloaded and the burner has no error. */
export const canStartBurn = (s: BurnSession, burnerUsable: boolean): boolean =>
  burnerUsable && s.download.completed && s.filename !== null && !s.burnRequested && !s.canceled && !s.burn.error && !s.verify.error && !s.verify.completed;

/** The burner is checked (every BURN_TIMINGS.burnerRecheckMs) while a burn is still to come. */
export const needsBurnerChecks = (s: BurnSession): boolean => s.update.completed && !s.burnRequested && !s.canceled && !s.download.error && !s.finalize.error;

/** Spec 3 section 4.1: the flow is done when the disc is verified. */
export const isDone = (s: BurnSession): boolean => s.download.completed && s.burn.completed && s.verify.completed;

/** The download source to use: the chosen one when the server offered it, else primary. */
export const downloadUrl = (s: BurnSession): string | null => (s.urls ? (s.urls[s.source] ?? s.urls.primary ?? null) : null);
