import { useCallback, useEffect, useRef, useState } from 'react';

export interface SongPreviewState {
  /** The song loaded in the player (playing or paused), or null. */
  current: number | null;
  playing: boolean;
  /** Seconds. */
  position: number;
  duration: number;
}

const STOPPED: SongPreviewState = { current: null, playing: false, position: 0, duration: 0 };

/**
 * One audio element for the dialog's previews, so only one song plays at a time: playing another one switches the
 * element to it; the same song's button pauses and resumes. Seeking moves within the loaded song.
 */
export function useSongPreview() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<SongPreviewState>(STOPPED);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const sync = () =>
      setState((s) => (s.current === null ? s : { ...s, playing: !audio.paused && !audio.ended, position: audio.currentTime, duration: Number.isFinite(audio.duration) ? audio.duration : s.duration }));
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'seeked'];
    for (const name of events) audio.addEventListener(name, sync);
    return () => {
      for (const name of events) audio.removeEventListener(name, sync);
      audio.pause();
    };
  }, []);

  const toggle = useCallback((id: number, url: string, length: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    setState((s) => {
      if (s.current === id) {
        if (audio.paused) void audio.play().catch(() => undefined);
        else audio.pause();
        return s;
      }
      audio.src = url;
      void audio.play().catch((err: unknown) => {
        // A newer choice interrupts this play() on purpose; a real failure leaves the song paused at its start.
        if (!(err instanceof DOMException && err.name === 'AbortError')) setState((now) => (now.current === id ? { ...now, playing: false } : now));
      });
      return { current: id, playing: true, position: 0, duration: length };
    });
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setState((s) => ({ ...s, position: seconds }));
  }, []);

  return { audioRef, ...state, toggle, seek };
}
