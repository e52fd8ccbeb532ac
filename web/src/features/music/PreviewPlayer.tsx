import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type PreviewStatus = 'idle' | 'buffering' | 'playing';

interface PreviewState {
  /** Which preview is playing or loading: a key its button chose (song or stock song). */
  current: string | null;
  status: PreviewStatus;
}

interface PreviewControls extends PreviewState {
  toggle(key: string, url: string): void;
  stop(): void;
}

const PreviewContext = createContext<PreviewControls | null>(null);

/**
 * One audio element for every preview button on the page, so only one preview plays at a time (spec 1 section 4):
 * starting another stops the first; a track that ends goes back to its start and the button to Play.
 */
export function PreviewPlayer({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PreviewState>({ current: null, status: 'idle' });
  const currentRef = useRef<string | null>(null);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    currentRef.current = null;
    setState({ current: null, status: 'idle' });
    if (!audio) return;
    audio.pause();
    if (audio.readyState > 0) audio.currentTime = 0;
  }, []);

  const toggle = useCallback(
    (key: string, url: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (currentRef.current === key) return stop();
      currentRef.current = key;
      setState({ current: key, status: 'buffering' });
      audio.src = url;
      audio.play().catch((err: unknown) => {
        // A newer toggle interrupts this play() on purpose; only a real failure of this preview resets it.
        if (currentRef.current === key && !(err instanceof DOMException && err.name === 'AbortError')) stop();
      });
    },
    [stop],
  );

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const set = (status: PreviewStatus) => () => {
      if (currentRef.current) setState({ current: currentRef.current, status });
    };
    const handlers: Record<string, () => void> = {
      waiting: set('buffering'),
      playing: set('playing'),
      ended: stop,
      error: () => currentRef.current && stop(),
    };
    for (const [name, handler] of Object.entries(handlers)) audio.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) audio.removeEventListener(name, handler);
      audio.pause();
    };
  }, [stop]);

  const value = useMemo(() => ({ ...state, toggle, stop }), [state, toggle, stop]);
  return (
    <PreviewContext.Provider value={value}>
      {children}
      <audio ref={audioRef} preload="none" data-testid="preview-audio" hidden />
    </PreviewContext.Provider>
  );
}

export function usePreview(): PreviewControls {
  const controls = useContext(PreviewContext);
  if (!controls) throw new Error('usePreview needs a PreviewPlayer around it');
  return controls;
}
