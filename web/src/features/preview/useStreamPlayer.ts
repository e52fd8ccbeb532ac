import { useEffect, useState, type RefObject } from 'react';
import { attachHls, loadHls } from './hls.ts';
import type { PlaybackChoice } from './playback.ts';

type Playable = Exclude<PlaybackChoice, { unsupported: string }>;

export interface StreamState {
  /** Set when playback failed for good; shown in red. */
  error: string | null;
  /** The browser refused to start with sound, so the preview plays muted until the person turns sound on. */
  mutedByBrowser: boolean;
  /** Waiting for more of the preview (the server is still making it, or the network is slow). */
  waiting: boolean;
  /** Not yet playing because the preview is still being made up to where it was asked to start. */
  reaching: boolean;
}

/** Whether the preview made so far reaches `at` seconds, so the player may be placed there. */
const reaches = (video: HTMLVideoElement, at: number): boolean => {
  const { seekable } = video;
  return (seekable.length > 0 && seekable.end(seekable.length - 1) > at + 0.1) || (Number.isFinite(video.duration) && video.duration > at + 0.1);
};

/**
 * Resolves once the preview reaches `at` (the server makes it from the start, so a later slide waits for the part
 * before it), checked as the player learns more and every half second; never if `cancelled` turns true first.
 */
function whenReaches(video: HTMLVideoElement, at: number, cancelled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const events = ['loadedmetadata', 'durationchange', 'progress'] as const;
    const check = () => {
      if (!cancelled() && !reaches(video, at)) return;
      clearInterval(timer);
      for (const e of events) video.removeEventListener(e, check);
      if (!cancelled()) resolve();
    };
    const timer = setInterval(check, 500);
    for (const e of events) video.addEventListener(e, check);
    check();
  });
}

/** Starts playback, falling back to muted playback when the browser blocks sound before a click. */
async function start(video: HTMLVideoElement, onMuted: () => void): Promise<void> {
  try {
    await video.play();
  } catch (err) {
    if ((err as DOMException).name !== 'NotAllowedError') return;
    video.muted = true;
    onMuted();
    await video.play().catch(() => undefined);
  }
}

function mediaErrorText(error: MediaError | null): string {
  const reasons: Record<number, string> = {
    1: 'loading was stopped',
    2: 'the network failed',
    3: 'the video could not be decoded',
    4: 'the video format is not supported here',
  };
  return `The preview could not be played: ${(error && reasons[error.code]) || 'unknown error'}.`;
}

/** Plays `url` in the video element with the chosen engine; hls.js is loaded only when it is needed. */
export function useStreamPlayer(videoRef: RefObject<HTMLVideoElement | null>, url: string, choice: Playable, startAt = 0): StreamState {
  const [state, setState] = useState<StreamState>({ error: null, mutedByBrowser: false, waiting: true, reaching: startAt > 0 });
  const engine = choice.engine;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const set = (patch: Partial<StreamState>) => setState((s) => ({ ...s, ...patch }));
    const onMuted = () => set({ mutedByBrowser: true });
    const onWaiting = () => set({ waiting: true });
    const onPlaying = () => set({ waiting: false });
    const onVolume = () => !video.muted && set({ mutedByBrowser: false });
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('volumechange', onVolume);
    let destroyed = false;
    let destroy = () => undefined as void;
    // From a later slide: placed there once the preview reaches it, then played.
    const begin = () => {
      if (startAt <= 0) return void start(video, onMuted);
      void whenReaches(video, startAt, () => destroyed).then(() => {
        video.currentTime = startAt;
        set({ reaching: false });
        void start(video, onMuted);
      });
    };

    if (engine === 'hls.js') {
      const fail = (message: string) => set({ error: message, waiting: false });
      loadHls().then(
        (Hls) => {
          if (destroyed) return;
          try {
            destroy = attachHls(Hls, video, url, { onReady: begin, onFatal: fail });
          } catch (err) {
            fail(`The preview could not be started: ${(err as Error).message}`);
          }
        },
        () => fail('The preview player could not be loaded. Please check your connection and try again.'),
      );
    } else {
      const onError = () => set({ error: mediaErrorText(video.error), waiting: false });
      video.addEventListener('error', onError);
      video.src = url;
      begin();
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    }

    return () => {
      destroyed = true;
      destroy();
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('volumechange', onVolume);
    };
  }, [videoRef, url, engine, startAt]);

  return state;
}
