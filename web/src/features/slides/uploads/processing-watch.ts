import type { Clock, ProcessingRow } from './session-types.ts';

export const PROCESSING_POLL_MS = 1500;

export interface ProcessingWatchDeps {
  clock: Clock;
  fetch(slideIds: number[]): Promise<ProcessingRow[]>;
  /** The uploaded slides still being processed. */
  ids(): number[];
  apply(rows: Map<number, ProcessingRow>, asked: number[]): void;
}

/** Asks the server about uploaded slides until their images are made: every 1.5 seconds, or at once when told. */
export class ProcessingWatch {
  private readonly deps: ProcessingWatchDeps;
  private timer: unknown;
  private asking = false;

  constructor(deps: ProcessingWatchDeps) {
    this.deps = deps;
  }

  schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, PROCESSING_POLL_MS);
  }

  async poll(): Promise<void> {
    const asked = this.deps.ids();
    if (this.asking || asked.length === 0) return;
    this.asking = true;
    // A failed poll is simply asked again at the next one.
    const rows = await this.deps.fetch(asked).catch(() => null);
    this.asking = false;
    if (rows) this.deps.apply(new Map(rows.map((r) => [r.id, r])), asked);
    if (this.deps.ids().length > 0) this.schedule();
  }

  stop(): void {
    this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
