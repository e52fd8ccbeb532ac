import { describeFailure, limitMessage, PROCESSING_FAILED } from './errors.ts';
import { summarize } from './labels.ts';
import { isIgnoredFile, nextToStart, overLimit } from './queue.ts';
import { ProcessingWatch } from './processing-watch.ts';
import { SPEED_SAMPLE_MS, SpeedMeter } from './speed.ts';
import type { PreparedUpload, ProcessingRow, SessionDeps, SessionOptions, UploadEvents, UploadSource } from './session-types.ts';
import type { UploadError, UploadItem, UploadProblem, UploadSnapshot } from './types.ts';

/** Spec 2: progress fields are cleared 5 seconds after everything is uploaded and processed. */
export const CLEAR_AFTER_MS = 5000;
/** Spec 2: a slide without an analysis result is treated as finished 30 seconds on (as the idea poll does). */
export const ANALYSIS_TIMEOUT_MS = 30_000;
/** After the transport has spent its own retries, the upload starts over on its own after this pause. */
export const RESTART_AFTER_MS = 20_000;
/** Byte progress reaches the page at most this often; state changes go at once. */
const PROGRESS_EMIT_MS = 200;

interface Entry {
  item: UploadItem;
  upload?: PreparedUpload;
  running: boolean;
  sent: number;
  restart?: unknown;
  /** When processing finished: the analysis is waited for from then on, for ANALYSIS_TIMEOUT_MS at most. */
  doneAt?: number;
}

const unsettled = (e: Entry) => e.item.state === 'loading' || e.item.state === 'uploading' || e.item.state === 'processing' || e.item.analysis === 'waiting';

/** The uploads of one slide workspace: queue, progress, retries, processing polls and problems. DOM-free. */
export class UploadSession<F extends UploadSource> {
  private entries: Entry[] = [];
  private problems = new Map<string, UploadProblem>();
  private readonly meter = new SpeedMeter();
  private readonly listeners = new Set<() => void>();
  private snapshot: UploadSnapshot = { items: [], summary: { label: null, progress: 0, loadingLabel: null, analysis: null }, problems: [] };
  private options: SessionOptions = { onSlidesChanged: () => undefined, limit: null };
  private timers: Partial<Record<'sample' | 'clear' | 'emit' | 'analysis', unknown>> = {};
  private readonly processing: ProcessingWatch;
  private disposed = false;
  private readonly deps: SessionDeps<F>;

  constructor(deps: SessionDeps<F>) {
    this.deps = deps;
    this.processing = new ProcessingWatch({
      clock: deps.clock,
      fetch: deps.fetchProcessing,
      ids: () => this.entries.filter((e) => e.item.state === 'processing').map((e) => e.item.slideId!),
      apply: (rows, asked) => this.applyProcessing(rows, asked),
    });
  }

  /** New options; a new analysis watch (a result came in) is looked at at once. */
  configure(options: SessionOptions): void {
    const analysisChanged = options.analysis !== this.options.analysis;
    this.options = options;
    if (analysisChanged && this.entries.length) this.changed();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): UploadSnapshot => this.snapshot;

  /** Something is still on its way to the server (closing the page now would lose it). */
  get sending(): boolean {
    return this.entries.some((e) => e.item.state === 'loading' || e.item.state === 'uploading');
  }

  async addFiles(files: readonly F[]): Promise<void> {
    const added = files
      .filter((f) => !isIgnoredFile(f.name))
      .map((file) => ({ file, entry: this.newEntry(file) }));
    if (added.length === 0) return;
    const pending = this.entries.filter((e) => e.item.state === 'loading' || e.item.state === 'uploading').length;
    this.entries.push(...added.map((a) => a.entry));
    this.changed();

    const { limit } = this.options;
    if (limit !== null) {
      const onServer = await this.deps.countSlides().catch(() => null);
      // Without a count the server's own check (same rule, same message) still applies.
      if (onServer !== null) {
        const refused = new Set(overLimit(limit, onServer, pending, added.map((a) => a.entry.item.uploadId)));
        for (const a of added) if (refused.has(a.entry.item.uploadId) && this.has(a.entry)) this.fail(a.entry, { message: limitMessage(limit), permanent: true });
      }
    }
    await Promise.all(added.filter((a) => this.has(a.entry) && a.entry.item.state === 'loading').map((a) => this.prepare(a.entry, a.file)));
  }

  cancel(uploadId: string): void {
    const entry = this.entries.find((e) => e.item.uploadId === uploadId);
    if (!entry || (entry.item.state !== 'loading' && entry.item.state !== 'uploading')) return;
    if (entry.running) entry.upload?.abort(true);
    this.stopEntry(entry);
    this.entries = this.entries.filter((e) => e !== entry);
    this.problems.delete(uploadId);
    this.releasePreview(entry.item);
    this.pump();
    this.changed();
  }

  dismissProblems(): void {
    this.problems.clear();
    this.changed();
  }

  /** Looks at processing slides now instead of at the next poll (another editor's page or a server job said so). */
  checkProcessing(): void {
    void this.processing.poll();
  }

  /** Reverses dispose: React may unmount and mount the same owner again. */
  attach(): void {
    this.disposed = false;
  }

  /** Leaving the workspace cancels what is still sending (spec 2: closing an upload in progress cancels it). */
  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries) {
      if (entry.running) entry.upload?.abort(true);
      this.stopEntry(entry);
      this.releasePreview(entry.item);
    }
    this.entries = [];
    for (const handle of Object.values(this.timers)) this.deps.clock.clearTimeout(handle);
    this.timers = {};
    this.processing.stop();
  }

  /** Still this session's (not cancelled, not cleared, not disposed). */
  private has(entry: Entry): boolean {
    return !this.disposed && this.entries.includes(entry);
  }

  private newEntry(file: F): Entry {
    const item: UploadItem = { uploadId: this.deps.newId(), fileName: file.name, size: file.size, progress: 0, state: 'loading' };
    const previewUrl = this.deps.previewUrl?.(file);
    return { item: previewUrl ? { ...item, previewUrl } : item, running: false, sent: 0 };
  }

  private async prepare(entry: Entry, file: F): Promise<void> {
    try {
      const upload = await this.deps.transport.prepare(file, entry.item.uploadId);
      if (!this.has(entry) || entry.item.state !== 'loading') return;
      entry.upload = upload;
      this.update(entry, { state: 'uploading' });
      this.pump();
    } catch (err) {
      if (this.has(entry) && entry.item.state === 'loading') this.fail(entry, describeFailure({ kind: 'local', message: err instanceof Error ? err.message : String(err) }));
    }
  }

  private pump(): void {
    if (this.disposed) return;
    const ids = new Set(
      nextToStart(this.entries.map((e) => ({ id: e.item.uploadId, waiting: e.item.state === 'uploading', prepared: !!e.upload, running: e.running }))),
    );
    for (const entry of this.entries.filter((e) => ids.has(e.item.uploadId))) {
      if (!this.entries.some((e) => e.running)) this.meter.start(this.deps.clock.now());
      entry.running = true;
      entry.upload!.start(this.eventsFor(entry));
    }
    this.scheduleSample();
  }

  private eventsFor(entry: Entry): UploadEvents {
    const live = () => this.has(entry) && entry.item.state === 'uploading';
    return {
      progress: (sent, total) => {
        if (!live()) return;
        this.meter.add(sent - entry.sent);
        entry.sent = sent;
        entry.item = { ...entry.item, progress: total > 0 ? Math.min(1, sent / total) : 0 };
        this.changedSoon();
      },
      chunkAccepted: () => {
        if (live() && entry.item.error) this.setWarning(entry, undefined);
      },
      retrying: (failure) => {
        if (live()) this.setWarning(entry, describeFailure(failure));
      },
      success: (slideId) => {
        if (!live()) return;
        this.stopEntry(entry);
        this.problems.delete(entry.item.uploadId);
        const { error: _cleared, ...item } = entry.item;
        entry.item = slideId === null ? { ...item, progress: 1, state: 'done' } : { ...item, progress: 1, state: 'processing', slideId };
        this.options.onSlidesChanged();
        this.processing.schedule();
        this.pump();
        this.changed();
      },
      failed: (failure) => {
        if (!live()) return;
        const error = describeFailure(failure);
        if (error.permanent) return this.fail(entry, error);
        this.setWarning(entry, error);
        entry.restart = this.deps.clock.setTimeout(() => {
          entry.restart = undefined;
          if (live()) entry.upload!.start(this.eventsFor(entry));
        }, RESTART_AFTER_MS);
      },
    };
  }

  private fail(entry: Entry, error: UploadError): void {
    if (entry.running) entry.upload?.abort(false);
    this.stopEntry(entry);
    this.problems.set(entry.item.uploadId, { file: entry.item.fileName, message: error.message, permanent: true });
    this.update(entry, { state: 'error', error });
    this.pump();
  }

  private setWarning(entry: Entry, error: UploadError | undefined): void {
    if (error) this.problems.set(entry.item.uploadId, { file: entry.item.fileName, message: error.message, permanent: false });
    else this.problems.delete(entry.item.uploadId);
    this.update(entry, { error });
  }

  private stopEntry(entry: Entry): void {
    entry.running = false;
    if (entry.restart !== undefined) this.deps.clock.clearTimeout(entry.restart);
    entry.restart = undefined;
  }

  private update(entry: Entry, patch: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...patch };
    if (patch.error === undefined && 'error' in patch) delete entry.item.error;
    this.changed();
  }

  private scheduleSample(): void {
    if (this.timers.sample !== undefined || !this.entries.some((e) => e.running)) return;
    this.timers.sample = this.deps.clock.setTimeout(() => {
      this.timers.sample = undefined;
      this.meter.sample(this.deps.clock.now());
      this.changed();
      this.scheduleSample();
    }, SPEED_SAMPLE_MS);
  }

  private applyProcessing(rows: Map<number, ProcessingRow>, asked: number[]): void {
    if (this.disposed) return;
    const processing = this.entries.filter((e) => e.item.state === 'processing' && asked.includes(e.item.slideId!));
    let changed = false;
    for (const entry of processing) {
      const row = rows.get(entry.item.slideId!);
      if (row?.processingState === 'pending') continue;
      changed = true;
      if (!row) this.entries = this.entries.filter((e) => e !== entry);
      else if (row.processingState === 'failed') this.fail(entry, { message: row.processingError || PROCESSING_FAILED, permanent: true });
      else {
        entry.doneAt = this.deps.clock.now();
        this.update(entry, { state: 'done' });
      }
    }
    if (!changed) return;
    this.options.onSlidesChanged();
    this.changed();
  }

  private releasePreview(item: UploadItem): void {
    if (item.previewUrl) this.deps.revokePreview?.(item.previewUrl);
  }

  /** Once nothing is unsettled the session shows 'Upload Complete' for a while, then forgets its files. */
  private settle(): void {
    const settled = this.entries.length > 0 && !this.entries.some(unsettled);
    if (!settled) {
      if (this.timers.clear !== undefined) this.deps.clock.clearTimeout(this.timers.clear);
      this.timers.clear = undefined;
    } else if (!this.entries.some((e) => e.item.state === 'done')) {
      this.forget();
    } else if (this.timers.clear === undefined) {
      this.timers.clear = this.deps.clock.setTimeout(() => {
        this.timers.clear = undefined;
        this.forget();
        this.changed();
      }, CLEAR_AFTER_MS);
    }
  }

  private forget(): void {
    for (const entry of this.entries) this.releasePreview(entry.item);
    this.entries = [];
    this.meter.reset();
  }

  private changedSoon(): void {
    if (this.timers.emit !== undefined) return;
    this.timers.emit = this.deps.clock.setTimeout(() => {
      this.timers.emit = undefined;
      this.changed();
    }, PROGRESS_EMIT_MS);
  }

  /** Marks processed files with where their analysis stands, and looks again when the next one times out. */
  private markAnalysis(): void {
    const watch = this.options.analysis;
    const now = this.deps.clock.now();
    let nextTimeout = Infinity;
    for (const entry of this.entries) {
      const { item } = entry;
      if (!watch || item.state !== 'done' || item.slideId === undefined || entry.doneAt === undefined) continue;
      const until = entry.doneAt + ANALYSIS_TIMEOUT_MS;
      const waiting = !watch.finished(item.slideId) && now < until;
      if (waiting) nextTimeout = Math.min(nextTimeout, until);
      const analysis = waiting ? 'waiting' : 'finished';
      if (item.analysis !== analysis) entry.item = { ...item, analysis };
    }
    if (this.timers.analysis !== undefined) this.deps.clock.clearTimeout(this.timers.analysis);
    this.timers.analysis = undefined;
    if (nextTimeout < Infinity) {
      this.timers.analysis = this.deps.clock.setTimeout(() => {
        this.timers.analysis = undefined;
        this.changed();
      }, nextTimeout - now);
    }
  }

  private changed(): void {
    if (this.disposed) return;
    this.markAnalysis();
    this.settle();
    const items = this.entries.map((e) => e.item);
    this.snapshot = { items, summary: summarize(items, this.meter.bytesPerSecond), problems: [...this.problems.values()] };
    for (const listener of this.listeners) listener();
  }
}
