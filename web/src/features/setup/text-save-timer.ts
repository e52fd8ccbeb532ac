import { SAVE_DEBOUNCE_MS } from './setup-values.ts';

/** The timer functions the setup saver uses; the browser's by default, a test's fake ones otherwise. */
export interface SaveClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Looked up at each call, so fake timers installed after this module loaded still apply.
const realClock: SaveClock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TextSaveTimer {
  /** Text changed: save once typing has stopped for the delay (spec 1, section 4: 500 ms). */
  typed(): void;
  /** The field lost focus (or the page is being left): a save still waiting for its moment goes now. */
  left(): void;
  /** Any other change: save at once, taking a waiting text save along. */
  now(): void;
  /** A text save is waiting for its moment. */
  waiting(): boolean;
}

/** When the setup page saves: text 500 ms after the last keystroke or on leaving the field, everything else at once. */
export function createTextSaveTimer(save: () => void, delay = SAVE_DEBOUNCE_MS, clock: SaveClock = realClock): TextSaveTimer {
  let handle: unknown;
  let pending = false;
  const cancel = () => {
    if (pending) clock.clearTimeout(handle);
    pending = false;
    handle = undefined;
  };
  const now = () => {
    cancel();
    save();
  };
  return {
    typed() {
      cancel();
      pending = true;
      handle = clock.setTimeout(now, delay);
    },
    left() {
      if (pending) now();
    },
    now,
    waiting: () => pending,
  };
}
