import { BURN_TIMINGS, MIN_NATIVE_VERSION, type BurnerCheck, type BurnReply } from '../../../../common/burn-protocol.ts';
import { burnBarValue, finalizeEstimateMs } from './burn-bar.ts';
import { burnerStatus, type BurnerStatus } from './burner-status.ts';
import { addSample, estimateText, type Sample } from './estimate.ts';
import { BurnClientError, helperErrorText, type ExtensionClient } from './extension-client.ts';
import { burnReducer, canStartBurn, canStartDownload, downloadUrl, initialSession, isDone, needsBurnerChecks, type BurnAction, type BurnSession } from './flow.ts';
import type { BurnApi } from './http.ts';
import { TEXTS, burnerTooOldText, downloaderTooOldText, updateFailedText } from './texts.ts';
import { readiness } from './versions.ts';

/** Finalize's text until the first poll answers. */
const PREPARING = 'Preparing the DVD image...';

/** After update_finish the helper exits; its successor is asked this many times (every nativeVersionCheckMs). */
const UPDATE_RECHECKS = 15;

/**
 * The burn window's flow (spec 3 section 4.1) with its timers and messages: it feeds burnReducer with what the
 * server and the helper answer, and starts each step when the reducer's predicates allow it. React reads its state
 * through subscribe/getState (useSyncExternalStore).
 */
export class BurnController {
  private state: BurnSession;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private stopped = false;
  private nativeVersion: number | null = null;
  private lastCheck: BurnerCheck | null = null;
  private lastStatus: BurnerStatus | null = null;
  private burnerChecking = false;
  /** The next burner check, when one is waiting: one loop of checks at a time. */
  private burnerTimer: ReturnType<typeof setTimeout> | null = null;
  private downloadSamples: Sample[] = [];
  private burnSamples: Sample[] = [];
  private writeStartedAt: number | null = null;
  private finalizeStartedAt: number | null = null;
  private finalizeEstimate = 0;
  private barTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    videoId: number,
    private readonly client: ExtensionClient,
    private readonly api: BurnApi,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.state = initialSession(videoId);
  }

  getState = (): BurnSession => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: BurnAction): void {
    if (this.stopped) return;
    const next = burnReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private later(ms: number, run: () => void): ReturnType<typeof setTimeout> | null {
    if (this.stopped) return null;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.burnerTimer === timer) this.burnerTimer = null;
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  start(): void {
    void this.connect();
    void this.finalize(this.state.run);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopBar();
    this.client.close();
  }

  // ------------------------------------------------------------------------------------ helper and its update

  /** Finds the extension, checks the versions, updates an old helper, then lets the download and burn go. */
  private async connect(): Promise<void> {
    const found = await this.client.detect({ onFastTriesOver: () => this.dispatch({ type: 'helper_unavailable', message: TEXTS.noResponse }) });
    if (!found || this.stopped) return;
    await this.checkVersions();
  }

  private async checkVersions(): Promise<void> {
    let reply;
    try {
      reply = await this.client.version();
    } catch (err) {
      this.dispatch({ type: 'helper_unavailable', message: helperErrorText(err) });
      this.later(BURN_TIMINGS.nativeVersionCheckMs, () => void this.checkVersions());
      return;
    }
    const verdict = readiness(reply);
    switch (verdict.kind) {
      case 'old_extension':
        this.dispatch({ type: 'helper_unavailable', message: `The DVD burning extension has version ${verdict.version} expected ${verdict.min}` });
        return;
      case 'no_helper':
        // Spec 3 section 9: the helper is looked for again every nativeVersionCheckMs (it may be installing).
        this.dispatch({ type: 'helper_unavailable', message: TEXTS.nativeUnavailable });
        this.later(BURN_TIMINGS.nativeVersionCheckMs, () => void this.checkVersions());
        return;
      case 'update':
        this.nativeVersion = verdict.native;
        await this.update();
        return;
      case 'ready':
        this.nativeVersion = verdict.native;
        this.dispatch({ type: 'update_complete' });
        this.advance();
    }
  }

  /** Spec 3 section 4.6: update_start, then the new helper's version is checked before anything goes on. */
  private async update(): Promise<void> {
    this.dispatch({ type: 'update_started' });
    let reply: BurnReply;
    try {
      reply = await this.client.request({ type: 'update_start' }, { onProgress: (p) => p.type === 'update_progress' && this.dispatch({ type: 'update_progress', percent: p.percent }) });
    } catch (err) {
      this.dispatch({ type: 'update_failed', message: helperErrorText(err) });
      return;
    }
    if (reply.type === 'update_error') return this.dispatch({ type: 'update_failed', message: reply.message });
    if (reply.type !== 'update_finish') return this.dispatch({ type: 'update_failed', message: `Unexpected reply to update_start: ${reply.type}` });
    if (reply.version < MIN_NATIVE_VERSION) return this.dispatch({ type: 'update_failed', message: updateFailedText(reply.version, MIN_NATIVE_VERSION) });
    // update_finish: the helper exits so the next connection starts the new build; ask its version again.
    await this.recheckAfterUpdate(reply.version, UPDATE_RECHECKS);
  }

  private async recheckAfterUpdate(expected: number, triesLeft: number): Promise<void> {
    await new Promise<void>((resolve) => this.later(BURN_TIMINGS.nativeVersionCheckMs, resolve));
    if (this.stopped) return;
    let native: number | null = null;
    try {
      native = (await this.client.version()).native?.version ?? null;
    } catch {
      native = null;
    }
    if (native === null || native < MIN_NATIVE_VERSION) {
      if (triesLeft > 1) return this.recheckAfterUpdate(expected, triesLeft - 1);
      return this.dispatch({ type: 'update_failed', message: updateFailedText(native ?? this.nativeVersion ?? 0, MIN_NATIVE_VERSION) });
    }
    this.nativeVersion = native;
    this.dispatch({ type: 'update_complete' });
    this.advance();
  }

  // --------------------------------------------------------------------------------------------------- finalize

  /** Spec 3 section 4.1: request the image; a null stage is ready at once, else its progress is polled. */
  private async finalize(run: number): Promise<void> {
    try {
      const { progress_stage } = await this.api.requestIso(this.state.videoId);
      if (run !== this.state.run || this.state.canceled) return;
      if (progress_stage === null) return void this.finalized(run);
      this.dispatch({ type: 'finalize_progress', percent: 0, status: PREPARING });
      this.later(BURN_TIMINGS.finalizePollMs, () => void this.pollFinalize(run));
    } catch (err) {
      if (run !== this.state.run || this.state.canceled) return;
      this.dispatch({ type: 'finalize_waiting', message: err instanceof Error ? err.message : String(err) });
      this.later(BURN_TIMINGS.finalizeRetryMs, () => run === this.state.run && void this.finalize(run));
    }
  }

  private async pollFinalize(run: number): Promise<void> {
    if (run !== this.state.run || this.state.canceled) return;
    try {
      const status = await this.api.dvdStatus(this.state.videoId);
      if (run !== this.state.run || this.state.canceled) return;
      if (status.failed) return this.dispatch({ type: 'finalize_failed', message: status.message });
      if (status.complete >= 100) return void this.finalized(run);
      const percent = `${Math.floor(Math.max(0, Math.min(99, status.complete)))}%`;
      this.dispatch({ type: 'finalize_progress', percent: status.complete, status: status.message ? `${percent} · ${status.message}` : percent });
      this.later(BURN_TIMINGS.finalizePollMs, () => void this.pollFinalize(run));
    } catch (err) {
      if (run !== this.state.run || this.state.canceled) return;
      this.dispatch({ type: 'finalize_waiting', message: err instanceof Error ? err.message : String(err) });
      this.later(BURN_TIMINGS.finalizeRetryMs, () => void this.pollFinalize(run));
    }
  }

  private async finalized(run: number): Promise<void> {
    try {
      const iso = await this.api.isoInfo(this.state.videoId);
      if (run !== this.state.run) return;
      this.dispatch({ type: 'iso', urls: iso.urls, size: iso.iso_size, sha256: iso.sha256 });
      this.dispatch({ type: 'finalize_complete' });
      this.advance();
    } catch (err) {
      if (run !== this.state.run || this.state.canceled) return;
      // The image was ready a moment ago; asking again follows the finalize retry.
      this.dispatch({ type: 'finalize_waiting', message: err instanceof Error ? err.message : String(err) });
      this.later(BURN_TIMINGS.finalizeRetryMs, () => void this.finalize(run));
    }
  }

  // ----------------------------------------------------------------------------------- what may start next

  private advance(): void {
    if (this.stopped) return;
    if (canStartDownload(this.state)) void this.download(this.state.run);
    if (needsBurnerChecks(this.state) && !this.burnerChecking) void this.checkBurner();
  }

  // --------------------------------------------------------------------------------------------------- download

  private async download(run: number): Promise<void> {
    const url = downloadUrl(this.state);
    const iso = this.state.iso;
    if (!url || !iso) return;
    // The only download of this run (spec 3 section 4.1): marked before anything is awaited.
    this.dispatch({ type: 'download_requested' });
    if (this.nativeVersion !== null && this.nativeVersion < MIN_NATIVE_VERSION) {
      return this.dispatch({ type: 'download_failed', message: downloaderTooOldText(this.nativeVersion, MIN_NATIVE_VERSION) });
    }
    this.downloadSamples = [];
    try {
      const reply = await this.client.request({ type: 'download_start', url, sha256: iso.sha256, size: iso.size });
      if (run !== this.state.run) {
        if (reply.type === 'download_started') void this.client.request({ type: 'download_cancel', download_id: reply.download_id }).catch(() => undefined);
        return;
      }
      if (reply.type !== 'download_started') return this.dispatch({ type: 'download_failed', message: `Unexpected reply to download_start: ${reply.type}` });
      this.dispatch({ type: 'download_started', downloadId: reply.download_id });
      if (this.state.canceled) return void this.cancelDownload(reply.download_id);
      this.later(BURN_TIMINGS.downloadPollMs, () => void this.pollDownload(run, reply.download_id));
    } catch (err) {
      if (run === this.state.run) this.dispatch({ type: 'download_failed', message: helperErrorText(err) });
    }
  }

  private async pollDownload(run: number, downloadId: string): Promise<void> {
    if (run !== this.state.run || this.state.canceled) return;
    try {
      const reply = await this.client.request({ type: 'download_poll', download_id: downloadId });
      if (run !== this.state.run || this.state.canceled) return;
      if (reply.type !== 'download_status') return this.dispatch({ type: 'download_failed', message: `Unexpected reply to download_poll: ${reply.type}` });
      this.downloadSamples = addSample(this.downloadSamples, { at: this.now(), done: reply.received });
      this.dispatch({ type: 'download_status', status: reply, estimate: estimateText(this.downloadSamples, reply.total) });
      if (reply.state === 'not_started' || reply.state === 'in_progress') {
        this.later(BURN_TIMINGS.downloadPollMs, () => void this.pollDownload(run, downloadId));
      } else if (reply.state === 'complete') {
        // The image is here: look at the burner now rather than at its next check.
        void this.checkBurner();
      }
    } catch (err) {
      if (run === this.state.run) this.dispatch({ type: 'download_failed', message: helperErrorText(err) });
    }
  }

  private async cancelDownload(downloadId: string | null): Promise<void> {
    if (!downloadId) return;
    await this.client.request({ type: 'download_cancel', download_id: downloadId }).catch(() => undefined);
  }

  // ----------------------------------------------------------------------------------------------------- burner

  /** Spec 3 section 4.5: checked every burnerRecheckMs until a burn starts; a usable burner starts it. */
  private async checkBurner(): Promise<void> {
    if (this.burnerChecking || this.stopped) return;
    if (this.burnerTimer !== null) {
      clearTimeout(this.burnerTimer);
      this.timers.delete(this.burnerTimer);
      this.burnerTimer = null;
    }
    this.burnerChecking = true;
    try {
      const reply = await this.client.request({ type: 'burner_checks' });
      if (reply.type === 'burner_checks') {
        this.lastCheck = reply;
        this.lastStatus = burnerStatus(reply);
        this.dispatch({ type: 'burner_status', status: this.lastStatus });
      }
    } catch (err) {
      this.lastStatus = null;
      if (err instanceof BurnClientError) this.dispatch({ type: 'message', message: helperErrorText(err) });
    } finally {
      this.burnerChecking = false;
    }
    if (this.stopped) return;
    if (canStartBurn(this.state, this.lastStatus?.kind === 'usable')) return void this.burn();
    if (needsBurnerChecks(this.state)) this.burnerTimer = this.later(BURN_TIMINGS.burnerRecheckMs, () => void this.checkBurner());
  }

  // ------------------------------------------------------------------------------------------------ burn, verify

  private async burn(): Promise<void> {
    const filename = this.state.filename;
    if (!filename) return;
    const burnRun = this.state.burnRun;
    this.dispatch({ type: 'burn_requested' });
    if (this.nativeVersion !== null && this.nativeVersion < MIN_NATIVE_VERSION) {
      return this.dispatch({ type: 'burn_error', stage: 'burn', message: burnerTooOldText(this.nativeVersion, MIN_NATIVE_VERSION) });
    }
    this.burnSamples = [];
    this.writeStartedAt = null;
    this.finalizeStartedAt = null;
    const size = this.state.iso?.size ?? 0;
    try {
      const reply = await this.client.request(
        { type: 'burn', filename, burner_index: this.lastCheck?.burner_index ?? 0 },
        { onProgress: (p) => burnRun === this.state.burnRun && p.type === 'burn_progress' && this.burnProgress(p.stage, p.percent, size) },
      );
      if (burnRun !== this.state.burnRun) return;
      this.stopBar();
      // The disc counts as verified only when the helper read back the very bytes the server published.
      if (reply.type === 'burn_complete' && reply.sha256 === this.state.iso?.sha256) this.dispatch({ type: 'burn_complete' });
      else if (reply.type === 'burn_complete') this.dispatch({ type: 'burn_error', stage: 'verify', message: TEXTS.discNotServerImage });
      else if (reply.type === 'burn_error') this.dispatch({ type: 'burn_error', stage: reply.stage, message: reply.message });
      else this.dispatch({ type: 'burn_error', stage: 'burn', message: `Unexpected reply to burn: ${reply.type}` });
    } catch (err) {
      if (burnRun !== this.state.burnRun) return;
      this.stopBar();
      this.dispatch({ type: 'burn_error', stage: this.state.burnStage === 'verifying' ? 'verify' : 'burn', message: helperErrorText(err) });
    }
  }

  private burnProgress(stage: BurnSession['burnStage'] & string, percent: number, size: number): void {
    const at = this.now();
    const previous = this.state.burnStage;
    if (stage === 'writing' && this.writeStartedAt === null) this.writeStartedAt = at;
    if (stage === 'finalizing' && previous !== 'finalizing') {
      this.finalizeStartedAt = at;
      this.finalizeEstimate = finalizeEstimateMs(this.writeStartedAt === null ? 0 : at - this.writeStartedAt);
      this.startBar();
    }
    if (stage === 'verifying' && previous !== 'verifying') {
      this.stopBar();
      this.burnSamples = [];
    }
    let estimate: string | null = null;
    if (stage === 'writing' || stage === 'verifying') {
      this.burnSamples = addSample(this.burnSamples, { at, done: (percent / 100) * size });
      estimate = estimateText(this.burnSamples, size);
    }
    this.dispatch({ type: 'burn_progress', stage, percent, estimate });
    if (stage !== 'verifying') this.dispatch({ type: 'burn_bar', value: this.barValue(stage, percent) });
  }

  private barValue(stage: BurnSession['burnStage'], percent: number): number {
    return burnBarValue({ stage, percent, finalizeStartedAt: this.finalizeStartedAt, finalizeEstimateMs: this.finalizeEstimate, now: this.now() });
  }

  /** Spec 3 section 9: the finalize share of the bar moves every burnBarTickMs. */
  private startBar(): void {
    this.stopBar();
    this.barTimer = setInterval(() => this.dispatch({ type: 'burn_bar', value: this.barValue('finalizing', 100) }), BURN_TIMINGS.burnBarTickMs);
  }

  private stopBar(): void {
    if (this.barTimer !== null) clearInterval(this.barTimer);
    this.barTimer = null;
  }

  // ---------------------------------------------------------------------------------------------------- buttons

  /** Cancel: stops the download and marks the session canceled. */
  cancel(): void {
    const id = this.state.downloadId;
    this.dispatch({ type: 'cancel' });
    void this.cancelDownload(id);
  }

  /** Retry: finalize and download again (after the helper's update, when that is what failed). */
  retry(source?: string): void {
    const updateFailed = this.state.update.error !== null;
    const id = this.state.downloadId;
    if (id && !this.state.download.completed && !this.state.canceled) void this.cancelDownload(id);
    this.dispatch({ type: 'retry', source });
    if (updateFailed) void this.checkVersions();
    void this.finalize(this.state.run);
  }

  /** Download Settings: cancel, then retry from the chosen source (spec 3 section 4.3), also to restart a stall. */
  changeSource(source: string): void {
    this.cancel();
    this.retry(source);
  }

  /** Burn Another Copy (and Burn after a burn error): burn and verify again, from the burner check on. */
  burnAgain(): void {
    this.stopBar();
    this.dispatch({ type: 'burn_again' });
    this.lastStatus = null;
    void this.checkBurner();
  }

  done(): boolean {
    return isDone(this.state);
  }
}
