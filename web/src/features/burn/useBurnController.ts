import { useEffect, useState, useSyncExternalStore } from 'react';
import { BurnController } from './burn-controller.ts';
import { ExtensionClient } from './extension-client.ts';
import { initialSession, type BurnSession } from './flow.ts';
import { burnApi } from './http.ts';

const noop = () => () => undefined;

/** One controller per window and video, started on mount and stopped on unmount (StrictMode mounts twice). */
export function useBurnController(videoId: number): { controller: BurnController | null; state: BurnSession } {
  const [controller, setController] = useState<BurnController | null>(null);
  const [initial] = useState(() => initialSession(videoId));
  useEffect(() => {
    const created = new BurnController(videoId, new ExtensionClient(), burnApi);
    setController(created);
    created.start();
    return () => created.stop();
  }, [videoId]);
  const state = useSyncExternalStore(controller?.subscribe ?? noop, controller?.getState ?? (() => initial));
  return { controller, state };
}
