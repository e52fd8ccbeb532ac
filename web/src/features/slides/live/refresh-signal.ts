/**
 * Tells the rest of the workspace that live sync asked for a refresh, for parts that keep their own server state
 * (uploads waiting for their slides to be processed look again at once instead of at their next poll).
 */
const listeners = new Set<() => void>();

export function onLiveRefresh(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceLiveRefresh(): void {
  for (const listener of listeners) listener();
}
