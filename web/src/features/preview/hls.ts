import type Hls from 'hls.js';

type HlsClass = typeof Hls;

let loading: Promise<HlsClass> | undefined;

/** hls.js is a chunk of its own, fetched the first time a preview needs it (and early, while the server starts). */
export function loadHls(): Promise<HlsClass> {
  loading ??= import('hls.js').then((module) => module.default);
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * hls.js for the still-growing EVENT playlist: start at its beginning. Its defaults already never jump to the live
 * edge nor speed up to reach it, so the person stays where they are watching.
 */
const CONFIG = { startPosition: 0, lowLatencyMode: false };

/** Network failures are retried this many times (the server may still be writing the next segment). */
const NETWORK_RETRIES = 4;

interface Callbacks {
  onReady: () => void;
  onFatal: (message: string) => void;
}

/** Plays `url` in `video` through hls.js, recovering what can be recovered; returns the teardown. */
export function attachHls(HlsClass: HlsClass, video: HTMLVideoElement, url: string, { onReady, onFatal }: Callbacks): () => void {
  const hls = new HlsClass(CONFIG);
  let networkRetries = 0;
  let mediaRecovered = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  hls.on(HlsClass.Events.MANIFEST_PARSED, onReady);
  hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
    networkRetries = 0;
  });
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && networkRetries < NETWORK_RETRIES) {
      networkRetries += 1;
      retry = setTimeout(() => hls.startLoad(), 1000 * networkRetries);
    } else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
    } else {
      hls.destroy();
      onFatal(`The preview could not be played (${data.details}).`);
    }
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => {
    clearTimeout(retry);
    hls.destroy();
  };
}
