import type { UpdateMessage } from '../../../../../server/src/live/events.ts';

/** Spec 3, 4.10: without a connection for this long the page refreshes once, as it may have missed changes. */
export const NO_CONNECTION_REFRESH_MS = 3000;
/** Refresh requests arriving together (several changes in a burst) become one. */
export const REFRESH_DEBOUNCE_MS = 100;
/** While the page's own requests are in flight a refresh waits, then looks again after this pause. */
export const IN_FLIGHT_RETRY_MS = 250;

export interface LiveState {
  otherEditors: number;
  connected: boolean;
}

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveControllerDeps {
  timers: Timers;
  /** Emits the subscribe request for the video. */
  subscribe(): void;
  refresh(): void;
  inFlight(): boolean;
  onState(state: LiveState): void;
}

/**
 * The decisions of live multi-editor sync, apart from the socket: when to subscribe, when another editor's change
 * or a missed one calls for a refresh, and holding refreshes back while the page's own requests are in flight.
 */
export class LiveController {
  private readonly deps: LiveControllerDeps;
  private state: LiveState = { otherEditors: 0, connected: false };
  /** The last update the page knows of; null until the first subscribe, which never refreshes. */
  private seen: { serverId: string; updateId: number } | null = null;
  private offlineTimer: unknown;
  private refreshTimer: unknown;

  constructor(deps: LiveControllerDeps) {
    this.deps = deps;
  }

  start(): void {
    this.waitForConnection();
  }

  stop(): void {
    this.deps.timers.clearTimeout(this.offlineTimer);
    this.deps.timers.clearTimeout(this.refreshTimer);
    this.offlineTimer = this.refreshTimer = undefined;
  }

  connected(): void {
    this.deps.timers.clearTimeout(this.offlineTimer);
    this.offlineTimer = undefined;
    this.setState({ connected: true });
    this.deps.subscribe();
  }

  disconnected(): void {
    this.setState({ connected: false, otherEditors: 0 });
    this.waitForConnection();
  }

  /** A server restarted (new server id) or changes happened while the page was away (new update id). */
  subscribed(message: { update_id: number; server_id: string }): void {
    const missed = this.seen !== null && (this.seen.serverId !== message.server_id || this.seen.updateId !== message.update_id);
    this.seen = { serverId: message.server_id, updateId: message.update_id };
    if (missed) this.requestRefresh();
  }

  /** Every change to the video; the page's own changes (owner is its socket) are already on screen. */
  updated(message: UpdateMessage, ownSocketId: string | undefined): void {
    this.seen = { serverId: message.server_id, updateId: message.update_id };
    if (message.owner === null || message.owner !== ownSocketId) this.requestRefresh();
  }

  editors(count: number): void {
    this.setState({ otherEditors: Math.max(0, count) });
  }

  requestRefresh(): void {
    if (this.refreshTimer === undefined) this.refreshTimer = this.deps.timers.setTimeout(() => this.refreshWhenIdle(), REFRESH_DEBOUNCE_MS);
  }

  private refreshWhenIdle(): void {
    if (this.deps.inFlight()) {
      this.refreshTimer = this.deps.timers.setTimeout(() => this.refreshWhenIdle(), IN_FLIGHT_RETRY_MS);
      return;
    }
    this.refreshTimer = undefined;
    this.deps.refresh();
  }

  private waitForConnection(): void {
    if (this.offlineTimer !== undefined) return;
    this.offlineTimer = this.deps.timers.setTimeout(() => this.requestRefresh(), NO_CONNECTION_REFRESH_MS);
  }

  private setState(patch: Partial<LiveState>): void {
    const next = { ...this.state, ...patch };
    if (next.connected === this.state.connected && next.otherEditors === this.state.otherEditors) return;
    this.state = next;
    this.deps.onState(next);
  }
}
