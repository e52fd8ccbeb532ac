import { useEffect, useState } from 'react';

/**
 * Keeps showing the current image while a changed URL (a rotation or edit made a new version) loads, so the tile
 * never flashes empty; `swapping` is true until the new image is ready.
 */
export function useShownImage(url: string | null) {
  const [shown, setShown] = useState(url);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const swapping = url !== shown && loaded && url !== null;

  useEffect(() => {
    if (url === shown) return;
    if (!loaded || url === null) {
      setShown(url);
      setLoaded(false);
      setFailed(false);
      return;
    }
    const next = new Image();
    let live = true;
    const settle = (ok: boolean) => {
      if (!live) return;
      setShown(url);
      setLoaded(ok);
      setFailed(!ok);
    };
    next.onload = () => settle(true);
    next.onerror = () => settle(false);
    next.src = url;
    return () => {
      live = false;
    };
  }, [url, shown, loaded]);

  return {
    shown,
    loaded,
    failed,
    swapping,
    onLoad: () => {
      setLoaded(true);
      setFailed(false);
    },
    onError: () => setFailed(true),
  };
}

/** The turn to draw: the pending one, and after it clears the last one until the server's new image has loaded. */
export function useHeldTurn(pendingRotation: number, swapping: boolean): number {
  const [held, setHeld] = useState(0);
  if (pendingRotation !== 0 && pendingRotation !== held) setHeld(pendingRotation);
  if (pendingRotation === 0 && held !== 0 && !swapping) setHeld(0);
  return pendingRotation || (swapping ? held : 0);
}
