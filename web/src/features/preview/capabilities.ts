import type { Capabilities } from './playback.ts';

/** The codecs the server's previews use: H.264 video and AAC audio. */
const AVC_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

type MediaSourceLike = { isTypeSupported(type: string): boolean };

/** What this browser can play; ManagedMediaSource is the Media Source of iPhone Safari. */
export function browserCapabilities(): Capabilities {
  const scope = window as unknown as { ManagedMediaSource?: MediaSourceLike; MediaSource?: MediaSourceLike; WebKitMediaSource?: MediaSourceLike };
  const source = scope.ManagedMediaSource ?? scope.MediaSource ?? scope.WebKitMediaSource;
  const video = document.createElement('video');
  return {
    mse: typeof source?.isTypeSupported === 'function' && source.isTypeSupported(AVC_AAC),
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mp4: video.canPlayType(AVC_AAC) !== '',
  };
}
