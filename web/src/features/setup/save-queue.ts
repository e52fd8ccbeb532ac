/**
 * The setup page's saves (spec 1, section 4 "Setup saving"): one save at a time; the first creates the video
 * (once it has a title), later ones send only what changed since the server last confirmed. Changes made while
 * a save runs wait for it and go together in the next save, so nothing is lost and nothing overtakes.
 * Pure: the transport, the clock and the UI are the caller's.
 */
export type Values = Record<string, string | number | boolean | null>;

export interface SaveTransport<V extends Values> {
  /** Makes the video from every field; answers its id. */
  create(values: V): Promise<number>;
  /** Sends the changes; answers every field as the server then has them (PATCH answers the video). */
  update(videoId: number, changes: Partial<V>): Promise<V | void>;
  /** Every field as the server has it now: read after a refused save to put the form back. */
  read?(videoId: number): Promise<V>;
  /** The server looked at the save and refused it (a 4xx with its reason), as opposed to not being reached. */
  refused?(err: unknown): boolean;
}

export interface SaveState {
  videoId: number | null;
  /** A save is on its way to the server. */
  saving: boolean;
  /** Changes the server has not confirmed yet (waiting, or being sent). */
  dirty: boolean;
  /** A save was asked for before the video could be created: the title is still blank. */
  needsTitle: boolean;
  error: string | null;
}

export interface SaveQueueOptions<V extends Values> {
  videoId: number | null;
  /** The values as the server has them (for a new video: the defaults). */
  saved: V;
  transport: SaveTransport<V>;
  canCreate(values: V): boolean;
  onState?(state: SaveState): void;
  onCreated?(videoId: number): void;
}

export interface SaveQueue<V extends Values> {
  values(): V;
  state(): SaveState;
  /** Records a change; it is sent at the next save. */
  change(patch: Partial<V>): void;
  /** Asks for a save now (or right after the one running). */
  save(): void;
  /** Takes values the server already has (it changed them itself): nothing is sent for them. */
  adopt(patch: Partial<V>): void;
  /** Resolves once nothing is being sent and nothing asked for is left. */
  idle(): Promise<void>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function changedFields<V extends Values>(from: V, to: V): Partial<V> {
  const out: Partial<V> = {};
  for (const key of Object.keys(to) as (keyof V)[]) if (to[key] !== from[key]) out[key] = to[key];
  return out;
}

export function createSaveQueue<V extends Values>(options: SaveQueueOptions<V>): SaveQueue<V> {
  const { transport, canCreate } = options;
  let videoId = options.videoId;
  let saved: V = { ...options.saved };
  let current: V = { ...options.saved };
  let running = false;
  let again = false;
  let needsTitle = false;
  let error: string | null = null;
  let waiters: (() => void)[] = [];

  const isDirty = () => Object.keys(changedFields(saved, current)).length > 0;
  const state = (): SaveState => ({ videoId, saving: running, dirty: isDirty(), needsTitle, error });
  const publish = () => options.onState?.(state());

  function settle(): void {
    if (running || again) return;
    const done = waiters;
    waiters = [];
    done.forEach((resolve) => resolve());
  }

  /** One save: create or patch from a snapshot, so changes during the call stay for the next one. */
  async function saveOnce(): Promise<void> {
    const snapshot = { ...current };
    if (videoId === null) {
      if (!canCreate(snapshot)) {
        needsTitle = true;
        return;
      }
      needsTitle = false;
      const id = await transport.create(snapshot);
      videoId = id;
      saved = snapshot;
      options.onCreated?.(id);
      return;
    }
    const changes = changedFields(saved, snapshot);
    if (Object.keys(changes).length === 0) return;
    const id = videoId;
    let server: V | void;
    try {
      server = await transport.update(id, changes);
    } catch (err) {
      // Spec 3 section 8: a failed save reverts the record to the last server state. Only a refusal does: a save
      // that never reached the server stays, to go again with the next one.
      if (transport.read && transport.refused?.(err)) {
        const state = await transport.read(id).catch(() => undefined);
        if (state) takeServer(state, snapshot);
      }
      throw err;
    }
    saved = { ...saved, ...changes };
    if (server) takeServer(server, snapshot);
  }

  /** The server's values become the saved ones, and the form's too wherever nothing was typed since the snapshot. */
  function takeServer(server: V, snapshot: V): void {
    const next = { ...current };
    for (const key of Object.keys(server) as (keyof V)[]) if (current[key] === snapshot[key]) next[key] = server[key];
    saved = { ...server };
    current = next;
  }

  async function run(): Promise<void> {
    running = true;
    do {
      again = false;
      publish();
      try {
        await saveOnce();
        error = null;
      } catch (err) {
        // Kept unsaved: the next change or save sends it again with whatever came after.
        error = messageOf(err);
        again = false;
      }
    } while (again);
    running = false;
    publish();
    settle();
  }

  return {
    values: () => current,
    state,
    change(patch) {
      current = { ...current, ...patch };
      if ('title' in patch && needsTitle && canCreate(current)) needsTitle = false;
      publish();
    },
    save() {
      if (running) {
        again = true;
        return;
      }
      void run();
    },
    adopt(patch) {
      saved = { ...saved, ...patch };
      current = { ...current, ...patch };
      publish();
    },
    idle() {
      if (!running && !again) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
