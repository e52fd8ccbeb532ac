import { useCallback, useEffect, useRef, useState } from 'react';

export interface PreviewPlayer {
  /** The id of the song playing, or null. */
  playing: number | null;
  buffering: boolean;
  toggle: (id: number, url: string) => void;
}

/** One audio preview at a time: starting another stops the first; the end of a track resets the button. */
export function usePreviewPlayer(): PreviewPlayer {
  const audio = useRef<HTMLAudioElement | null>(null);
  /** Counts play requests, so an interrupted earlier request cannot reset the one that replaced it. */
  const request = useRef(0);
  const [playing, setPlaying] = useState<number | null>(null);
  const [buffering, setBuffering] = useState(false);

  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    const stop = () => {
      setPlaying(null);
      setBuffering(false);
    };
    element.addEventListener('ended', stop);
    element.addEventListener('error', stop);
    element.addEventListener('waiting', () => setBuffering(true));
    element.addEventListener('playing', () => setBuffering(false));
    audio.current = element;
    return () => {
      element.pause();
      element.removeAttribute('src');
    };
  }, []);

  const toggle = useCallback(
    (id: number, url: string) => {
      const element = audio.current;
      if (!element) return;
      if (playing === id) {
        request.current++;
        element.pause();
        setPlaying(null);
        setBuffering(false);
        return;
      }
      element.src = url;
      setPlaying(id);
      setBuffering(true);
      const mine = ++request.current;
      element.play().catch(() => {
        if (request.current !== mine) return;
        setPlaying(null);
        setBuffering(false);
      });
    },
    [playing],
  );

  return { playing, buffering, toggle };
}
